import KioskCore

/// The popup templates of one config: each file read, parsed and decoded once, however many
/// popups name it, with its problems kept under its own name.
struct PopupTemplates {
    /// The config's design size, which every box must lie on; nil when it is broken.
    let designSize: Size?
    /// Templates that decoded without a problem, by path as written.
    private(set) var decoded: [String: PopupTemplate] = [:]
    /// Problems inside the template files, file by file in the order the config names them.
    private(set) var problems: [ConfigProblem] = []
    /// Every path already tried, good or bad.
    private var tried: Set<String> = []

    init(designSize: Size?) { self.designSize = designSize }

    /// Loads the templates of `uses`. A file that cannot be read is a problem of the config
    /// (at the first `template` that names it); buttons that do not fit a good template's row
    /// are a problem of the popup that has them.
    mutating func load(_ uses: [ConfigValidator.TemplateUse], readFile: ConfigLoader.FileReader,
                       reportingTo diagnostics: Diagnostics) {
        for use in uses {
            if tried.insert(use.path).inserted {
                switch readFile(use.path) {
                case .success(let text):
                    load(text, path: use.path)
                case .failure(let problem):
                    diagnostics.report("cannot read \(JSONWriter.quoted(use.path)): \(problem.reason)",
                                       at: use.templatePath)
                }
            }
            guard let template = decoded[use.path], let buttons = use.buttons else { continue }
            if !template.buttons.fits(buttons.count) {
                let row = template.buttons
                diagnostics.report("\(buttons.count) buttons do not fit the button row of \(JSONWriter.quoted(use.path))"
                    + " (\(JSONWriter.format(row.frame.width)) wide, spacing \(JSONWriter.format(row.spacing)))",
                    at: buttons.path)
            }
        }
    }

    private mutating func load(_ text: String, path: String) {
        let document: JSONNode
        do {
            document = try JSONParser().parse(text)
        } catch {
            problems.append(ConfigProblem(file: path, path: "", line: error.line, column: error.column,
                                          message: error.message))
            return
        }
        let diagnostics = Diagnostics(root: document)
        let validator = TemplateValidator(designSize: designSize)
        let template = JSONTreeDecoder.decode(PopupTemplate.self, from: document, diagnostics: diagnostics,
                                              userInfo: [TemplateValidator.userInfoKey: validator])
        guard let template, diagnostics.isEmpty else {
            problems += diagnostics.problems(file: path)
            return
        }
        decoded[path] = template
    }
}
