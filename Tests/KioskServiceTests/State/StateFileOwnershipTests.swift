import Foundation
import KioskTestSupport
import KioskUI
import Testing
@testable import KioskService

/// The state file replaces only what the kiosk wrote: a path that holds another kind of file
/// (a link to a password file, another program's JSON) is reported once and left alone.
@Suite("Replacing only the kiosk's own state file")
struct StateFileOwnershipTests {
    typealias Log = StateKeeperTests.Log

    /// A keeper of `path` started on a fresh test scene, logging into `log`.
    static func start(_ path: FilePath, log: Log) -> (StateKeeper, Scene) {
        let keeper = StateKeeper(path: path) { line, _ in log.lines.append(line) }
        let scene = StateTestScene.make()
        keeper.start(with: scene, at: .zero)
        return (keeper, scene)
    }

    /// A `set` from outside (a commit, written at once), then the end of the run.
    static func changeAndFinish(_ keeper: StateKeeper, _ scene: Scene, angle: Double = 45) throws {
        try scene.control(withID: "angle")?.setValue([("angle", .number(angle))])
        scene.dispatchEvents()
        keeper.advance(to: .milliseconds(10))
        try scene.control(withID: "price")?.setValue([("lower", 4)])
        scene.dispatchEvents()
        keeper.finish(at: .milliseconds(20))
    }

    static let passwd = ForeignStateFile.passwd
    static let notOurs = ForeignStateFile.notOurs

    /// Files the kiosk did not write, and why each is not replaced.
    static let foreign: [(String, [UInt8], String)] = [
        ("a password file", Array(passwd.utf8), notOurs),
        ("another program's JSON", Array(#"{"name": "other", "values": {}}"#.utf8),
         #"not a SwiftKiosk state file (format none, expected "swiftkiosk-state")"#),
        ("another format", Array(#"{"format": "other-app", "version": 1}"#.utf8),
         #"not a SwiftKiosk state file (format "other-app", expected "swiftkiosk-state")"#),
        ("a JSON array", Array("[1, 2]\n".utf8), notOurs),
        ("a binary", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0xFF], notOurs),
    ]

    @Test("a file the kiosk did not write is reported once and never replaced; the kiosk goes on",
          arguments: foreign)
    func foreignFileKept(what: String, bytes: [UInt8], reason: String) throws {
        let path = try StateKeeperTests.statePath()
        try Data(bytes).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let (keeper, scene) = Self.start(path, log: log)
        try Self.changeAndFinish(keeper, scene)
        #expect(log.lines == ["kiosk: state \(path): \(reason); the kiosk will not replace it, "
                              + "and values are not kept until it is moved away"], "\(what)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path.description)) == Data(bytes), "\(what)")
        #expect(keeper.writes == 0)
        #expect(keeper.nextDeadline == nil)   // nothing retried in a loop
        #expect(StateTestScene.value(scene, "angle", "angle") == 45)   // the scene itself works on
    }

    @Test("a link to a password file is followed for reading but the file behind it is never replaced")
    func linkToPasswordFile() throws {
        let dir = try StateTestScene.directory()
        let passwd = dir.appendingPathComponent("passwd")
        try Data(Self.passwd.utf8).write(to: passwd)
        let link = dir.appendingPathComponent("state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: passwd.path)
        let log = Log()
        let (keeper, scene) = Self.start(FilePath(link.path), log: log)
        try Self.changeAndFinish(keeper, scene)
        #expect(log.lines == ["kiosk: state \(link.path): \(Self.notOurs); the kiosk will not replace it, "
                              + "and values are not kept until it is moved away"])
        #expect(try String(contentsOf: passwd, encoding: .utf8) == Self.passwd)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == passwd.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["passwd", "state.json"])
    }

    @Test("once the foreign file is moved away, the next change is written")
    func movedAway() throws {
        let path = try StateKeeperTests.statePath()
        try Data(Self.passwd.utf8).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let (keeper, scene) = Self.start(path, log: log)
        try scene.control(withID: "angle")?.setValue([("angle", 45)])
        scene.dispatchEvents()
        keeper.advance(to: .milliseconds(10))
        #expect(try String(contentsOfFile: path.description, encoding: .utf8) == Self.passwd)
        try FileManager.default.moveItem(atPath: path.description, toPath: path.description + ".moved")
        try scene.control(withID: "angle")?.setValue([("angle", 60)])
        scene.dispatchEvents()
        keeper.advance(to: .milliseconds(20))
        #expect(log.lines.count == 2)
        #expect(log.lines.last == "kiosk: state \(path): written again")
        #expect(keeper.writes == 1)
        #expect(StateFile.read(path).state?.value(of: "angle")?.fields.first?.value == .number(60))
    }

    /// Files the kiosk wrote or may replace: empty, cut short by a power cut (also inside the
    /// first bytes), corrupt after its first bytes, and state files of other versions (written
    /// by an older kiosk, whose keys need not come in today's order).
    static let ours: [String] = [
        "",
        "  \n",
        #"{"form"#,
        #"{"format": "swiftkiosk-state""#,
        #"{"format": "swiftkiosk-state", "vers"#,
        "{\"format\": \"swiftkiosk-state\", \"version\": 1, \"values\": {\"price\": {\"lower\": 3}\u{0}\u{0}\u{0}",
        #"{"version": 0, "format": "swiftkiosk-state", "values": {"price": [3, 8]}}"#,
        "{\n  \"format\": \"swiftkiosk-state\",\n  \"version\": 2,\n  \"values\": {}\n}\n",
    ]

    @Test("a file the kiosk wrote, empty, cut short, corrupt or of another version, is replaced", arguments: ours)
    func ownFileReplaced(text: String) throws {
        let path = try StateKeeperTests.statePath()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let (keeper, scene) = Self.start(path, log: log)
        try Self.changeAndFinish(keeper, scene)
        #expect(!log.lines.contains { $0.contains("will not replace") })
        #expect(keeper.writes == 2)
        #expect(StateFile.read(path).state?.value(of: "angle")?.fields.first?.value == .number(45))
    }

    @Test("every file the kiosk writes begins with the signature")
    func encodeBeginsWithSignature() {
        let states = [SavedState(screen: nil, values: []),
                      SavedState(screen: "main", values: [.init(id: "a", fields: [("x", 1)])])]
        for state in states { #expect(StateFile.encode(state).starts(with: StateFile.signature)) }
    }

    @Test("what the kiosk may replace, by the file's bytes")
    func ruleByBytes() {
        for text in Self.ours { #expect(StateFile.foreignReason(of: Array(text.utf8)) == nil, "\(text)") }
        for (what, bytes, reason) in Self.foreign { #expect(StateFile.foreignReason(of: bytes) == reason, "\(what)") }
        // More than the kiosk reads: its first bytes decide.
        let large = Array(repeating: UInt8(ascii: " "), count: StateFile.maximumSize + 1)
        #expect(StateFile.foreignReason(of: StateFile.signature + large) == nil)
        #expect(StateFile.foreignReason(of: Array(#"{"values": {}, "#.utf8) + large) == Self.notOurs)
    }

    @Test("nothing there, or nothing that can be read, may be replaced; a directory may not")
    func ruleByPath() throws {
        let directory = try StateTestScene.directory()
        #expect(StateFile.foreignReason(at: FilePath(directory.appendingPathComponent("none.json").path)) == nil)
        #expect(StateFile.content(at: FilePath(directory.appendingPathComponent("none.json/x").path)) == .none)
        // A path that crosses a regular file cannot be read at all (as root too; a mode-000
        // file is the same case for a kiosk that is not root).
        try Data("x".utf8).write(to: directory.appendingPathComponent("file"))
        let crossing = FilePath(directory.appendingPathComponent("file/state.json").path)
        #expect(StateFile.content(at: crossing) == .unreadable("Not a directory"))
        #expect(StateFile.foreignReason(at: crossing) == nil)
        #expect(StateFile.foreignReason(at: FilePath(directory.path)) == "not a regular file (a directory)")
    }
}
