import KioskCore
import KioskUI

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
/// The image files a config names (`image` sources, `backgroundImage`, button `icon`s) are
/// checked through `inspectImage`, which gets each path as written and the config's
/// `images.directories`, and answers the file found (resolved, confined, its header read
/// within `ImageLimits`) or why there is none, in words that follow the quoted path
/// (`is not a PNG or JPEG image`): this module reads no files and decodes nothing. Without
/// an inspector every image is a problem ("images need an image inspector").
///
/// The control types a config may use are those of `registry` (`ControlRegistry.standard`,
/// the built-ins, unless an app passes its own; KioskControls adds the forms without a
/// registry that use it): an unknown `"type"` is reported with the registry's names to
/// choose from.
public enum ConfigLoader {
    /// Gives the text of the file at a path as written in the config, or why it cannot.
    public typealias FileReader = (String) -> Result<String, FileReadProblem>
    /// Finds and checks the image file at a path as written in the config, given the config's
    /// `images.directories`; the failure's `reason` follows the quoted path in the message.
    public typealias ImageInspector = (_ source: String, _ directories: [String]) -> Result<ImageReference, FileReadProblem>

    /// Parses and decodes `text`, reading popup templates with `readFile` (each once, however
    /// many popups share it) and the broker's CA file (`mqtt.caFile`, which must hold a PEM
    /// certificate). Throws all problems at once: the config's in document order,
    /// then each template's, templates in the order the config first names them.
    public static func decode(_ text: String, file: String, registry: ControlRegistry,
                              readFile: FileReader, inspectImage: ImageInspector = noImages,
                              fonts: InstalledFonts = .none)
        throws(ConfigErrors) -> KioskConfiguration
    {
        let document: JSONNode
        do {
            document = try JSONParser().parse(text)
        } catch {
            throw ConfigErrors(problems: [ConfigProblem(file: file, path: "", line: error.line, column: error.column,
                                                        message: error.message)])
        }
        return try decode(document, file: file, registry: registry, readFile: readFile, inspectImage: inspectImage,
                          fonts: fonts)
    }

    /// Parses and decodes a config that may not name files: without a file reader, every
    /// `template` and `caFile` is reported as unreadable ("files need a file reader").
    public static func decode(_ text: String, file: String, registry: ControlRegistry)
        throws(ConfigErrors) -> KioskConfiguration
    {
        try decode(text, file: file, registry: registry, readFile: noFiles)
    }

    /// Decodes an already parsed document.
    package static func decode(_ document: JSONNode, file: String, registry: ControlRegistry,
                              readFile: FileReader = noFiles, inspectImage: ImageInspector = noImages,
                              fonts: InstalledFonts = .none)
        throws(ConfigErrors) -> KioskConfiguration
    {
        let diagnostics = Diagnostics(root: document)
        let validator = ConfigValidator(diagnostics: diagnostics, designSize: DisplaySettings().layoutSize)
        let decoded = JSONTreeDecoder.decode(KioskConfiguration.self, from: document, diagnostics: diagnostics,
                                             userInfo: [ConfigValidator.userInfoKey: validator,
                                                        ControlRegistry.userInfoKey: registry])
        var templates = PopupTemplates(designSize: validator.designSize)
        var strings = StringFiles()
        var images: [String: ImageReference] = [:]
        var icons: [String: IconGlyph] = [:]
        if let decoded {
            validator.finish()
            templates.load(validator.templateUses, readFile: readFile, reportingTo: diagnostics)
            validator.checkLanguageReferences(decoded.languages)
            strings.load(decoded.languages, uses: validator.stringUses, readFile: readFile, reportingTo: diagnostics,
                         languagesPath: [KioskConfiguration.CodingKeys.languages], templateProblems: validator.templateProblems)
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
            images = inspect(validator.imageUses, directories: decoded.images.directories, with: inspectImage,
                             reportingTo: diagnostics)
            icons = look(up: validator.iconUses, in: fonts.icons, reportingTo: diagnostics)
        }
        guard var config = decoded, diagnostics.isEmpty, templates.problems.isEmpty, strings.problems.isEmpty else {
            throw ConfigErrors(problems: diagnostics.problems(file: file) + templates.problems + strings.problems)
        }
        config.templates = templates.decoded
        config.images.files = images
        config.languages?.strings = strings.tables
        config.icons = icons
        warnAboutEmoji(in: config, fonts: fonts, diagnostics: diagnostics)
        let warnings = diagnostics.warnings(file: file) + strings.warnings
        config.warnings = Array(warnings.prefix(KioskConfiguration.maximumListedWarnings))
        config.unlistedWarnings = warnings.count - config.warnings.count + diagnostics.unlistedWarnings
            + strings.unlistedWarnings
        return config
    }

    /// Each image file once, however many places name it; a bad one is reported where it is
    /// named first.
    private static func inspect(_ uses: [(path: String, at: [any CodingKey])], directories: [String],
                                with inspectImage: ImageInspector, reportingTo diagnostics: Diagnostics)
        -> [String: ImageReference]
    {
        var found: [String: ImageReference] = [:]
        var tried: Set<String> = []
        for use in uses where tried.insert(use.path).inserted {
            switch inspectImage(use.path, directories) {
            case .success(let image): found[use.path] = image
            case .failure(let problem): diagnostics.report("\(JSONWriter.quoted(use.path)) \(problem.reason)", at: use.at)
            }
        }
        return found
    }

    /// Each icon name once, however many places use it; an unknown one (or any, without the
    /// icon font) is reported where it is used first.
    private static func look(up uses: [(name: String, at: [any CodingKey])], in catalog: IconCatalog,
                             reportingTo diagnostics: Diagnostics) -> [String: IconGlyph] {
        var found: [String: IconGlyph] = [:]
        var tried: Set<String> = []
        for use in uses where tried.insert(use.name).inserted {
            switch catalog.glyph(named: use.name) {
            case .success(let glyph): found[use.name] = glyph
            case .failure(let problem): diagnostics.report(problem.message, at: use.at)
            }
        }
        return found
    }

    /// The inspector of a decode without one: there are no image files.
    public static func noImages(_ source: String, _ directories: [String]) -> Result<ImageReference, FileReadProblem> {
        .failure(FileReadProblem(reason: "cannot be read: images need an image inspector"))
    }

    /// The reader of `decode(_:file:)`: there are no files.
    public static func noFiles(_ path: String) -> Result<String, FileReadProblem> {
        .failure(FileReadProblem(reason: "files need a file reader"))
    }
}
