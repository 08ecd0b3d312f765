/// One thing wrong with a config file, located by JSON path and line.
///
/// Two shapes, one rule — the location is the JSON path when there is one, else line:column:
///
///     demo.json: screens[0].controls[2].max: must be greater than min (0) (line 12)
///     demo.json:3:14: expected ',' or '}' after object member
///
/// The first keeps the path-first form users search for and adds the line for editors; the
/// second is the classic `file:line:column:` of compilers, for text that is not even JSON (and
/// for the few problems that concern the document root itself).
public struct ConfigProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file name as the user gave it.
    public var file: String
    /// The JSON path (`screens[0].controls[2].max`); empty for the document as a whole.
    public var path: String
    /// 1-based line of the offending text, when known.
    public var line: Int?
    /// 1-based column (in Unicode scalars) of the offending text, when known.
    public var column: Int?
    /// What is wrong, in words for the person editing the file: "must be greater than min (0)".
    public var message: String
    /// A warning (a string defined and never used, text that needs a font the machine lacks):
    /// the config works, `kiosk check` still says so. Written with `warning: ` before the message.
    public var isWarning = false

    /// A problem in `file` at the JSON `path` (empty for the whole document), and the 1-based `line` and `column` when known.
    package init(file: String, path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file; self.path = path; self.line = line; self.column = column; self.message = message
    }

    public var description: String {
        let message = isWarning ? "warning: " + self.message : self.message
        if path.isEmpty {
            guard let line else { return "\(file): \(message)" }
            return "\(file):\(line):\(column ?? 1): \(message)"
        }
        guard let line else { return "\(file): \(path): \(message)" }
        return "\(file): \(path): \(message) (line \(line))"
    }
}

/// Every problem found in one config, in document order. Thrown by `ConfigLoader`; never empty.
public struct ConfigErrors: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem found, in document order: a config is checked whole, so one run shows them all.
    public var problems: [ConfigProblem]

    /// Wraps the problems found; `problems` should not be empty.
    package init(problems: [ConfigProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
