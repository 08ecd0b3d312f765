/// The ops of the control protocol, by name and by `kiosk ctl` shortcut: the one place a
/// request's `"op"` (or ctl's first word) becomes what to check, do and print.
///
/// `standard` is the protocol (ControlOperationTable+Standard.swift); a value rather than a
/// global list so that a test can hold a table of its own to the same rules.
package struct ControlOperationTable: Sendable {
    /// Every op, in the protocol's order: the order `unknown op` lists them in.
    package let operations: [ControlOperation]
    private let indexByName: [String: Int]
    private let indexByShortcut: [String: Int]

    /// A table of `operations`, in that order.
    ///
    /// A name or shortcut given twice, a shortcut filling a field its op does not take (or of
    /// another type), or words that cannot be told apart (an optional word before a required
    /// one, assignments before another word) is a programmer error and stops the program
    /// naming it.
    init(_ operations: [ControlOperation]) {
        var byName: [String: Int] = [:], byShortcut: [String: Int] = [:]
        for (index, operation) in operations.enumerated() {
            let name = operation.name, shortcut = operation.shortcut
            precondition(byName.updateValue(index, forKey: name) == nil, "ControlOperationTable: op \"\(name)\" is there twice")
            precondition(byShortcut.updateValue(index, forKey: shortcut.name) == nil,
                         "ControlOperationTable: shortcut \"\(shortcut.name)\" is there twice")
            let filled = shortcut.arguments.map { ($0.field, Self.type(of: $0)) }
                + shortcut.options.map { ($0.field, $0.number == nil ? ControlOperation.FieldType.string : .number) }
            // Words fill the arguments from the left, so only the last may take a variable number.
            let variable = shortcut.arguments.indices.filter { !shortcut.arguments[$0].isOneWord }
            precondition(variable.allSatisfy { $0 == shortcut.arguments.count - 1 },
                         "ControlOperationTable: only \(shortcut.name)'s last word may be optional or repeated")
            for (field, type) in filled {
                precondition(operation.field(named: field)?.type == type,
                             "ControlOperationTable: \(shortcut.name) fills \"\(field)\" as a \(type), which \(name) does not take")
            }
        }
        self.operations = operations
        indexByName = byName
        indexByShortcut = byShortcut
    }

    /// The op a request's `"op"` names, or nil.
    package func operation(named name: String) -> ControlOperation? { indexByName[name].map { operations[$0] } }

    /// The op `kiosk ctl` spells `shortcut`, or nil.
    package func operation(forShortcut shortcut: String) -> ControlOperation? {
        indexByShortcut[shortcut].map { operations[$0] }
    }

    /// Every op's name, in the protocol's order.
    package var names: [String] { operations.map(\.name) }

    /// The ops in the order `kiosk ctl` lists their shortcuts (see `Shortcut.Output`).
    package var shortcutListing: [ControlOperation] {
        // Sorting the positions keeps the protocol's order within each kind of output.
        operations.indices.sorted { (operations[$0].shortcut.output, $0) < (operations[$1].shortcut.output, $1) }
            .map { operations[$0] }
    }

    /// The field type an argument sends.
    private static func type(of argument: ControlOperation.Shortcut.Argument) -> ControlOperation.FieldType {
        switch argument {
        case .word, .optionalWord: .string
        case .onOff: .bool
        case .assignments: .object
        }
    }
}
