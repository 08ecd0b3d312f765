import KioskCore

/// Turns the text of a config file into a validated `KioskConfig`, or into every problem the
/// file has, each with the file name, JSON path and line.
///
/// Reading the file is the caller's job (this module stays free of I/O); `file` is only the
/// name shown in messages, best given as the user typed it.
public enum ConfigLoader {
    /// Parses and decodes `text`. Throws all problems at once, in document order.
    public static func decode(_ text: String, file: String) throws(ConfigErrors) -> KioskConfig {
        let document: JSONNode
        do {
            document = try JSONParser().parse(text)
        } catch {
            throw ConfigErrors(problems: [ConfigProblem(file: file, path: "", line: error.line, column: error.column,
                                                        message: error.message)])
        }
        return try decode(document, file: file)
    }

    /// Decodes an already parsed document.
    public static func decode(_ document: JSONNode, file: String) throws(ConfigErrors) -> KioskConfig {
        let diagnostics = Diagnostics(root: document)
        let validator = ConfigValidator(diagnostics: diagnostics, designSize: DisplaySettings.defaultDesignSize)
        let config = JSONTreeDecoder.decode(KioskConfig.self, from: document, diagnostics: diagnostics,
                                            userInfo: [ConfigValidator.userInfoKey: validator])
        if config != nil { validator.finish() }
        guard let config, diagnostics.isEmpty else { throw ConfigErrors(problems: diagnostics.problems(file: file)) }
        return config
    }
}
