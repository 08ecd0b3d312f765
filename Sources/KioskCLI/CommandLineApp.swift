import KioskConfig
import KioskUI

/// Who the command line runs as: the `kiosk` binary itself, or an app built on SwiftKiosk that
/// hands ``KioskCommand/main(name:registry:customize:)`` its name, its control types and its
/// hook into the scenes `run` builds.
///
/// The commands' messages and help are written for `kiosk` (`Usage: kiosk run …`,
/// `kiosk run: unknown option …`); an app's name takes the program's place in them as they
/// are printed, so the `kiosk` binary prints exactly what is written.
struct CommandLineApp {
    /// The name the built-in tool goes by, which every message is written with.
    static let kioskName = "kiosk"

    /// The program's name in messages and help: `kiosk`, `example`.
    let name: String
    /// The control types configs may use.
    let registry: ControlRegistry
    /// Called with every scene `run` builds from the config (at start and on every reload),
    /// before it is shown; nil: none.
    let customize: ((Scene) -> Void)?

    /// `text` (a help page, a usage line, a command as an error names it) with the program's
    /// name wherever `kiosk` names the program: before a command (`kiosk run`, `'kiosk ctl
    /// --help'`) or an option (`kiosk --help`), never in prose ("run a kiosk", "kiosk runtime").
    func naming(_ text: String) -> String {
        guard name != Self.kioskName else { return text }
        var out = ""
        var rest = Substring(text)
        while let found = rest.firstRange(of: Self.kioskName) {
            let before = rest[..<found.lowerBound]
            let after = rest[found.upperBound...]
            let startsWord = before.last.map { $0 == " " || $0 == "'" || $0 == "\n" } ?? out.isEmpty
            out += before
            out += startsWord && Self.namesProgram(before: after) ? name : Self.kioskName
            rest = after
        }
        return out + rest
    }

    /// A command as an error names it (`kiosk`, `kiosk run`), with the program's name.
    func command(_ written: String) -> String {
        guard name != Self.kioskName, written == Self.kioskName || written.hasPrefix(Self.kioskName + " ") else {
            return written
        }
        return name + written.dropFirst(Self.kioskName.count)
    }

    /// What `--version` prints: the tool's version, or the app's name with the SwiftKiosk
    /// release it is built on.
    func versionLine(_ version: String) -> String {
        name == Self.kioskName ? "\(name) \(version)" : "\(name) (SwiftKiosk \(version))"
    }

    /// The commands and options that follow the program's name in `kiosk`'s texts.
    private static let followers = ["run", "check", "calibrate", "bench", "ctl"]

    private static func namesProgram(before after: Substring) -> Bool {
        guard after.first == " " else { return false }
        let word = after.dropFirst().prefix { $0 != " " && $0 != "'" && $0 != "\n" && $0 != ")" && $0 != ":" }
        return followers.contains(String(word)) || word.hasPrefix("--")
    }
}
