import KioskService

extension ControlShortcut {
    /// The requests of `kiosk ctl --help`, one entry per shortcut in ctl's order, then the
    /// JSON form:
    ///
    ///       get [CONTROL]                        one control's value, or every value and the screen
    ///       wake | sleep                         light the screen / turn it off now
    static var helpLines: String {
        var entries: [(synopsis: String, help: String?)] = []
        for operation in listing {
            // Shown as `...`, as the help has always spelled it (ASCII in a terminal's help).
            let synopsis = operation.shortcut.synopsis(repeated: "..."), help = operation.shortcut.help
            if let last = entries.last, help != nil, last.help == help {
                entries[entries.count - 1].synopsis += " | " + synopsis
            } else {
                entries.append((synopsis, help))
            }
        }
        entries.append(("'{\"op\": \"ping\", \"id\": 1}'", "any request of the protocol, as JSON"))
        return entries.map { helpLine($0.synopsis, $0.help) }.joined(separator: "\n")
    }

    /// Where the descriptions start, after the two spaces that indent every line.
    private static let helpColumn = 37

    /// `synopsis`, then `help` from the column (its further lines too); a synopsis that
    /// reaches the column is followed by three spaces instead.
    private static func helpLine(_ synopsis: String, _ help: String?) -> String {
        let indent = "  "
        guard let help else { return indent + synopsis }
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let gap = synopsis.count < helpColumn - 1 ? String(repeating: " ", count: helpColumn - synopsis.count) : "   "
        let continuation = "\n" + indent + String(repeating: " ", count: helpColumn)
        return indent + synopsis + gap + lines.joined(separator: continuation)
    }
}
