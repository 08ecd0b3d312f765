/// One command-line option: what the parser takes and what `--help` says about it, in one
/// table entry, so that an option cannot be parsed without being described (or described
/// without being parsed). Backends describe theirs (``BackendDescription``); each command adds
/// its own.
package struct CommandOption: Sendable {
    /// What follows the option's name.
    package enum Kind: Sendable, Equatable {
        /// Nothing: `--legacy`.
        case flag
        /// A UTF-8 text: `--mode 800x480`.
        case text
        /// A file name, kept as the bytes given (it need not be UTF-8): `--config FILE`.
        case path
    }

    /// The name without its dashes: `drm-device`.
    package var name: String
    package var kind: Kind
    /// What `--help` shows after the name (`PATH`, `WxH[@Hz]`); empty for a flag.
    package var placeholder: String
    /// The help text beside the name, one entry a printed line.
    package var help: [String]
    /// Whether a text value is one the option takes (nil: any), and what it should look like
    /// when not: "must look like 800x480 or 1920x1080@60".
    package var accepts: (@Sendable (String) -> Bool)?
    package var expectation: String

    package init(_ name: String, _ kind: Kind, _ placeholder: String = "", help: [String] = [],
                 accepts: (@Sendable (String) -> Bool)? = nil, expectation: String = "") {
        self.name = name
        self.kind = kind
        self.placeholder = placeholder
        self.help = help
        self.accepts = accepts
        self.expectation = expectation
    }

    /// The column where the help text starts in `--help`: two spaces, the name and its
    /// placeholder, padded.
    package static let helpColumn = 25

    /// The option's lines in `--help`: `  --drm-device PATH      the card, …`, the rest of its
    /// help below, in the same column.
    package var helpLines: [String] {
        let label = "  --" + name + (placeholder.isEmpty ? "" : " " + placeholder)
        let indent = String(repeating: " ", count: Self.helpColumn)
        guard let first = help.first else { return [label] }
        let head = label.count < Self.helpColumn - 1
            ? label + String(repeating: " ", count: Self.helpColumn - label.count) + first
            : label + "\n" + indent + first
        return [head] + help.dropFirst().map { indent + $0 }
    }
}

extension Array where Element == CommandOption {
    /// The first option named `name`.
    package func named(_ name: String) -> CommandOption? { first { $0.name == name } }

    /// These options and then those of `more` that are not among them by name: a table made of
    /// several (a command's own and its backends'), each option once.
    package func adding(_ more: [CommandOption]) -> [CommandOption] {
        var names = Set(map(\.name))
        return self + more.filter { names.insert($0.name).inserted }
    }
}
