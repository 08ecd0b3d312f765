import KioskCore

/// Turns the text of a config file into a validated `KioskConfig`, or into every problem the
/// file has, each with the file name, JSON path and line.
///
/// Reading files is the caller's job (this module stays free of I/O). `file` is only the name
/// shown in messages, best given as the user typed it. The popup templates a config names are
/// fetched through `readFile`, which receives each path exactly as written in the config
/// (relative to the config file, unless absolute): resolving it against the config's directory
/// is the reader's business, because only the caller knows where the config came from.
/// Messages about a template name it as written, too (`popups/dialog.json: box.frame: …`).
///
/// The control types a config may use are those of `registry` (`ControlRegistry.standard`,
/// the built-ins, unless an app passes its own): an unknown `"type"` is reported with the
/// registry's names to choose from.
public enum ConfigLoader {
    /// Gives the text of the file at a path as written in the config, or why it cannot.
    public typealias FileReader = (String) -> Result<String, FileReadProblem>

    /// Parses and decodes `text`, reading popup templates with `readFile` (each once, however
    /// many popups share it) and the broker's CA file (`mqtt.caFile`, which must hold a PEM
    /// certificate). Throws all problems at once: the config's in document order,
    /// then each template's, templates in the order the config first names them.
    public static func decode(_ text: String, file: String, registry: ControlRegistry = .standard,
                              readFile: FileReader) throws(ConfigErrors) -> KioskConfiguration {
        let document: JSONNode
        do {
            document = try JSONParser().parse(text)
        } catch {
            throw ConfigErrors(problems: [ConfigProblem(file: file, path: "", line: error.line, column: error.column,
                                                        message: error.message)])
        }
        return try decode(document, file: file, registry: registry, readFile: readFile)
    }

    /// Parses and decodes a config that may not name files: without a file reader, every
    /// `template` and `caFile` is reported as unreadable ("files need a file reader").
    public static func decode(_ text: String, file: String, registry: ControlRegistry = .standard)
        throws(ConfigErrors) -> KioskConfiguration
    {
        try decode(text, file: file, registry: registry, readFile: noFiles)
    }

    /// Decodes an already parsed document.
    package static func decode(_ document: JSONNode, file: String, registry: ControlRegistry = .standard,
                              readFile: FileReader = noFiles) throws(ConfigErrors) -> KioskConfiguration
    {
        let diagnostics = Diagnostics(root: document)
        let validator = ConfigValidator(diagnostics: diagnostics, designSize: DisplaySettings().layoutSize)
        let decoded = JSONTreeDecoder.decode(KioskConfiguration.self, from: document, diagnostics: diagnostics,
                                             userInfo: [ConfigValidator.userInfoKey: validator,
                                                        ControlRegistry.userInfoKey: registry])
        var templates = PopupTemplates(designSize: validator.designSize)
        if decoded != nil {
            validator.finish()
            templates.load(validator.templateUses, readFile: readFile, reportingTo: diagnostics)
            for use in validator.certificateUses {
                switch readFile(use.path) {
                case .success(let text):
                    if let problem = MQTTSettings.certificateFileProblem(text) {
                        diagnostics.report("\(JSONWriter.quoted(use.path)) \(problem)", at: use.at)
                    }
                case .failure(let problem):
                    diagnostics.report("cannot read \(JSONWriter.quoted(use.path)): \(problem.reason)", at: use.at)
                }
            }
        }
        guard var config = decoded, diagnostics.isEmpty, templates.problems.isEmpty else {
            throw ConfigErrors(problems: diagnostics.problems(file: file) + templates.problems)
        }
        config.templates = templates.decoded
        return config
    }

    /// The reader of `decode(_:file:)`: there are no files.
    public static func noFiles(_ path: String) -> Result<String, FileReadProblem> {
        .failure(FileReadProblem(reason: "files need a file reader"))
    }
}
