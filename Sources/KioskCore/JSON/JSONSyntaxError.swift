/// Why a text is not JSON, and where: `3:14: expected ',' or '}' after object member`.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int
    /// What is wrong: "expected ',' or '}' after object member".
    package var message: String

    /// An error at `line` and `column`, both 1-based.
    package init(line: Int, column: Int, message: String) {
        self.line = line; self.column = column; self.message = message
    }

    /// An error at `position`.
    package init(at position: JSONPosition, _ message: String) {
        self.init(line: position.line, column: position.column, message: message)
    }

    /// Where the error is, as a position.
    package var position: JSONPosition { JSONPosition(line: line, column: column) }

    package var description: String { "\(line):\(column): \(message)" }
}
