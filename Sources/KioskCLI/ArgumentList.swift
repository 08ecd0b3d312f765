import KioskCore
import KioskService

/// A bad command line: what was wrong, and which command's help to point at.
public struct UsageError: Error, CustomStringConvertible, Equatable {
    /// The command as typed, with the program name: "kiosk run".
    public var command: String
    /// What was wrong: "unknown option '--sise'; did you mean '--size'?".
    public var message: String
    public var description: String { "\(command): \(message) (see '\(command) --help')" }
}

/// The options of one subcommand, parsed by hand: the tool must not depend on packages
/// outside the toolchain, and its grammar is small (`--name value` or `--name=value`, flags).
///
/// Arguments arrive as the bytes of `argv`. Path options (`pathOptions`) and positionals keep
/// those bytes (Linux file names need not be UTF-8, see `FilePath`); every other value must be
/// UTF-8 text, or it is a usage error rather than a silently repaired string.
struct ArgumentList {
    let command: String
    private var values: [String: FilePath] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [FilePath] = []

    /// Parses `arguments` against the option table `options`: each option as its kind says
    /// (a text or a path value, or none), a text value the option does not accept is refused
    /// with what it should look like, and anything else is an error.
    init(_ arguments: [FilePath], command: String, options: [CommandOption]) throws(UsageError) {
        self.command = command
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            guard arg.bytes.starts(with: Array("--".utf8)), arg.bytes.count > 2 else {
                positionals.append(arg)
                continue
            }
            var nameBytes = Array(arg.bytes.dropFirst(2))
            var inlineValue: FilePath?
            if let eq = nameBytes.firstIndex(of: UInt8(ascii: "=")) {
                inlineValue = FilePath(bytes: nameBytes[(eq + 1)...])
                nameBytes = Array(nameBytes[..<eq])
            }
            let name = FilePath(bytes: nameBytes).description
            guard let option = options.named(name) else {
                let known = options.map { "--" + $0.name }.sorted().joined(separator: ", ")
                throw UsageError(command: command, message: "unknown option --\(name); known options: \(known)")
            }
            if option.kind == .flag {
                if inlineValue != nil { throw UsageError(command: command, message: "--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? (i < arguments.count ? arguments[i] : nil) else {
                throw UsageError(command: command, message: "--\(name) needs a value")
            }
            if inlineValue == nil { i += 1 }
            if option.kind == .path {
                if value.bytes.isEmpty { throw UsageError(command: command, message: "--\(name) needs a file name, not ''") }
            } else {
                guard let text = String(validating: value.bytes, as: UTF8.self) else {
                    throw UsageError(command: command, message: "--\(name) must be UTF-8 text, not '\(value)'")
                }
                if let accepts = option.accepts, !accepts(text) {
                    throw UsageError(command: command, message: "--\(name) \(option.expectation), not '\(text)'")
                }
            }
            values[name] = value
        }
    }


    /// The values given for `options` (a flag's is empty), by name: what a backend reads.
    func values(of options: [CommandOption]) -> [String: String] {
        var given: [String: String] = [:]
        for option in options {
            switch option.kind {
            case .flag: if has(option.name) { given[option.name] = "" }
            case .text, .path: if let text = value(option.name) { given[option.name] = text }
            }
        }
        return given
    }

    /// A text option's value (validated as UTF-8 while parsing).
    func value(_ name: String) -> String? { values[name].map(\.description) }
    /// A path option's value, as the bytes given.
    func path(_ name: String) -> FilePath? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Refuses positional arguments beyond the first `allowed`.
    func expectPositionals(atMost allowed: Int) throws(UsageError) {
        if positionals.count > allowed {
            throw UsageError(command: command, message: "unexpected argument '\(positionals[allowed])'")
        }
    }

    /// Refuses an output option that names the same file as an input option: opening the
    /// output truncates it, and a config or touch script lost that way does not come back.
    func refuseOverwriting(inputs: [String], with outputs: [String]) throws(UsageError) {
        for output in outputs {
            guard let target = path(output) else { continue }
            for input in inputs {
                guard let source = path(input), target.namesSameFile(as: source) else { continue }
                throw UsageError(command: command, message: "--\(output) \(target) is the file of --\(input); it would be overwritten")
            }
        }
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError(command: command,
                             message: "--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return n
    }

    /// A number of milliseconds in `range`.
    func milliseconds(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let n = Double(text), n.isFinite, range.contains(n) else {
            throw UsageError(command: command, message: "--\(name) must be a number of milliseconds from "
                             + "\(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), not '\(text)'")
        }
        return n
    }

    /// `WxH`, e.g. `800x480`.
    func size(_ name: String) throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = value(name) else { return nil }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else {
            throw UsageError(command: command, message: "--\(name) must look like 800x480 (1…8192 each), not '\(text)'")
        }
        return (w, h)
    }

    /// 1e9 → "1000000000", 0 → "0".
    private static func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }
}
