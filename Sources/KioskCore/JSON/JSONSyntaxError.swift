/// Why a text is not JSON, and where: `3:14: expected ',' or '}' after object member`.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// What is wrong: "expected ',' or '}' after object member".
    public var message: String

    /// An error at `line` and `column`, both 1-based.
    public init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }

    /// An error at `position`.
    public init(at position: JSONPosition, _ message: String) {
        self.init(line: position.line, column: position.column, message: message)
    }

    /// Where the error is, as a position.
    public var position: JSONPosition { JSONPosition(line: line, column: column) }

    public var description: String { "\(line):\(column): \(message)" }
}
