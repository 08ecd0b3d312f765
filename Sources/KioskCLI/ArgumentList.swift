/// A bad command line: what was wrong, and which command's help to point at.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public var command: String
    public var message: String
    public var description: String { "\(command): \(message) (see '\(command) --help')" }
}

/// The options of one subcommand, parsed by hand: the tool must not depend on packages
/// outside the toolchain, and its grammar is small (`--name value` or `--name=value`, flags).
struct ArgumentList {
    let command: String
    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// `valueOptions` take a value; `flagOptions` do not. Anything else is an error.
    init(_ arguments: [String], command: String, valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        self.command = command
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            guard arg.hasPrefix("--"), arg.count > 2 else {
                positionals.append(arg)
                continue
            }
            var name = String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if flagOptions.contains(name) {
                if inlineValue != nil { throw UsageError(command: command, message: "--\(name) takes no value") }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if i < arguments.count {
                    values[name] = arguments[i]
                    i += 1
                } else {
                    throw UsageError(command: command, message: "--\(name) needs a value")
                }
            } else {
                let known = (valueOptions.union(flagOptions)).sorted().map { "--" + $0 }.joined(separator: ", ")
                throw UsageError(command: command, message: "unknown option --\(name); known options: \(known)")
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let n = Int(text) else { throw UsageError(command: command, message: "--\(name) must be a whole number, not '\(text)'") }
        return n
    }

    func number(_ name: String) throws(UsageError) -> Double? {
        guard let text = values[name] else { return nil }
        guard let n = Double(text), n.isFinite, n >= 0 else {
            throw UsageError(command: command, message: "--\(name) must be a number of milliseconds, not '\(text)'")
        }
        return n
    }

    /// `WxH`, e.g. `800x480`.
    func size(_ name: String) throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = values[name] else { return nil }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else {
            throw UsageError(command: command, message: "--\(name) must look like 800x480 (1…8192 each), not '\(text)'")
        }
        return (w, h)
    }
}
