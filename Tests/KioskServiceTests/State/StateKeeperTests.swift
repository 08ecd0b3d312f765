import Foundation
import KioskBackend
import KioskCore
import KioskUI
import Testing
@testable import KioskService

/// The state file kept by a running kiosk (headless, virtual clock) or by a keeper driven by
/// hand, with what it logs collected.
@Suite("Keeping the state file")
struct StateKeeperTests {
    final class Log: @unchecked Sendable { var lines: [String] = [] }

    /// A headless run around a fresh test scene with `stateFile`, playing `touches`.
    static func run(_ touches: [TouchEvent], state path: FilePath, until: Instant? = nil) throws -> (Kiosk, Scene) {
        let scene = StateTestScene.make()
        let kiosk = Kiosk(scene: .init(designSize: Size(800, 480)) { _ in scene },
                          display: DisplayRequest(backend: .headless, headlessSize: (800, 480), script: touches))
        kiosk.clock = .virtual
        kiosk.until = until
        kiosk.emit = { _ in }
        kiosk.stateFile = path
        _ = try kiosk.run()
        return (kiosk, scene)
    }

    /// A finger on the price slider's `from` knob value, dragged to `to` over `duration` ms
    /// from `start` ms, one move per 16 ms; lifted at the end unless `lifts` is false.
    static func drag(from: Double, to: Double, start: Double = 0, duration: Double, lifts: Bool = true) -> [TouchEvent] {
        let a = StateTestScene.priceKnob(from), b = StateTestScene.priceKnob(to)
        var touches = [TouchEvent(slot: 0, phase: .down, position: a, time: .milliseconds(start))]
        let steps = Int(duration / 16)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            touches.append(TouchEvent(slot: 0, phase: .move, position: Point(a.x + (b.x - a.x) * f, a.y),
                                      time: .milliseconds(start + Double(i) * 16)))
        }
        if lifts { touches.append(TouchEvent(slot: 0, phase: .up, position: b, time: .milliseconds(start + duration + 16))) }
        return touches
    }

    static func statePath() throws -> FilePath {
        FilePath(try StateTestScene.directory().appendingPathComponent("state.json").path)
    }

    @Test("a two-second drag writes a few times, not once a frame, and its commit is in the file")
    func dragWritesDebounced() throws {
        let path = try Self.statePath()
        let (kiosk, scene) = try Self.run(Self.drag(from: 8, to: 5, duration: 2000), state: path)
        let keeper = try #require(kiosk.runner?.stateKeeper)
        // 500 ms debounce over 2 s of moves (at about 0.5, 1 and 1.5 s), then the commit at the
        // lift: 4 writes for some 120 frames of changes.
        #expect(keeper.writes == 4)
        #expect(keeper.nextDeadline == nil)
        let saved = try #require(StateFile.read(path).state)
        #expect(saved.value(of: "price")?.fields.last?.value.number == StateTestScene.value(scene, "price", "upper"))
        #expect(abs((StateTestScene.value(scene, "price", "upper") ?? 0) - 5) < 0.01)
    }

    @Test("a run that changes nothing writes nothing and is idle")
    func idleRunWritesNothing() throws {
        let path = try Self.statePath()
        let (kiosk, _) = try Self.run([], state: path)
        #expect(kiosk.runner?.stateKeeper?.writes == 0)
        #expect(!FileManager.default.fileExists(atPath: path.description))
    }

    @Test("values and the screen restored at start are what the next run shows")
    func restoreThenRun() throws {
        let path = try Self.statePath()
        // Drag the upper knob to 5, then tap "Details": the screen change is written at once.
        var touches = Self.drag(from: 8, to: 5, duration: 300)
        touches += [TouchEvent(slot: 0, phase: .down, position: Point(100, 420), time: .milliseconds(600)),
                    TouchEvent(slot: 0, phase: .up, position: Point(100, 420), time: .milliseconds(650))]
        let (_, first) = try Self.run(touches, state: path)
        #expect(first.currentScreen.id == "details")
        let (_, second) = try Self.run([], state: path)
        #expect(second.currentScreen.id == "details")
        #expect(StateTestScene.value(second, "price", "upper") == StateTestScene.value(first, "price", "upper"))
        #expect(StateTestScene.value(second, "price", "lower") == 2)
    }

    @Test("a write that fails is reported once, the kiosk goes on, and the next change retries")
    func writeFailureReportedOnce() throws {
        let directory = try StateTestScene.directory().appendingPathComponent("not-yet")
        let path = FilePath(directory.appendingPathComponent("state.json").path)
        let log = Log()
        let keeper = StateKeeper(path: path, interval: .milliseconds(500)) { line, _ in log.lines.append(line) }
        let scene = StateTestScene.make()
        keeper.start(with: scene, at: .zero)
        let price = try #require(scene.control(withID: "price"))
        for (i, lower) in [3.0, 4, 5].enumerated() {
            try price.setValue([("lower", .number(lower))])
            scene.dispatchEvents()
            keeper.advance(to: .milliseconds(Double(i) * 100))
        }
        #expect(log.lines == ["kiosk: state \(path): cannot write: No such file or directory; "
                              + "the kiosk goes on and the next change tries again"])
        #expect(keeper.failure?.reason == "No such file or directory")
        #expect(keeper.nextDeadline == nil)   // no retry loop: waits for a change
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try price.setValue([("lower", 6)])
        scene.dispatchEvents()
        keeper.advance(to: .milliseconds(400))
        #expect(log.lines.last == "kiosk: state \(path): written again")
        #expect(keeper.writes == 1)
        #expect(StateFile.read(path).state?.value(of: "price")?.fields.first?.value == .number(6))
    }

    @Test("a problem with the file is reported on one line each, naming the file, and the rest restored")
    func problemsAreLogged() throws {
        let path = try Self.statePath()
        try Data(#"{"format": "swiftkiosk-state", "version": 1, "screen": "main", "values": {"price": {"lower": 4}, "old": {"x": 1}}}"#.utf8)
            .write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let scene = StateTestScene.make()
        StateKeeper(path: path) { line, _ in log.lines.append(line) }.start(with: scene, at: .zero)
        #expect(log.lines == [#"kiosk: state \#(path): values.old: no control "old" in the config; ignored"#,
                              "kiosk: state \(path): restored 1 of 2 values, screen main"])
        #expect(StateTestScene.value(scene, "price", "lower") == 4)
    }

    @Test("a crash in the middle of a write never replaces the state; the next start reads the last one and removes the leftover")
    func crashDuringWrite() throws {
        let path = try Self.statePath()
        let good = SavedState(screen: "details", values: [.init(id: "price", fields: [("lower", 3), ("upper", 6)])])
        try AtomicFile.write(StateFile.encode(good), to: path)
        // What a writer killed between open(2) and rename(2) leaves: its temporary file, cut
        // short. 4194305 is above the kernel's largest pid, so no process has it.
        let newer = StateFile.encode(SavedState(screen: "main", values: [.init(id: "price", fields: [("lower", 9)])]))
        let dead = AtomicFile.temporaryPath(for: path, process: 4_194_305)
        try Data(newer.prefix(40)).write(to: URL(fileURLWithPath: dead.description))
        // A writer that still runs (pid 1) keeps its file.
        let live = AtomicFile.temporaryPath(for: path, process: 1)
        try Data(newer.prefix(10)).write(to: URL(fileURLWithPath: live.description))
        let log = Log()
        let scene = StateTestScene.make()
        StateKeeper(path: path) { line, _ in log.lines.append(line) }.start(with: scene, at: .zero)
        #expect(log.lines == ["kiosk: state \(path): restored 1 of 1 values, screen details"])
        #expect(StateTestScene.value(scene, "price", "lower") == 3)
        #expect(StateTestScene.value(scene, "price", "upper") == 6)
        #expect(scene.currentScreen.id == "details")
        #expect(!FileManager.default.fileExists(atPath: dead.description))
        #expect(FileManager.default.fileExists(atPath: live.description))
    }

    @Test("a dangling link as the state file is written through: the link stays and the next start restores from its target")
    func danglingLink() throws {
        let (link, persist) = try AtomicFileTests.danglingLink()
        let path = FilePath(link.path)
        let (first, _) = try Self.run(Self.drag(from: 8, to: 5, duration: 300), state: path)
        #expect((first.runner?.stateKeeper?.writes ?? 0) > 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "persist/state.json")
        #expect(StateFile.read(FilePath(persist.appendingPathComponent("state.json").path)).state != nil)
        let (_, second) = try Self.run([], state: path)
        #expect(abs((StateTestScene.value(second, "price", "upper") ?? 0) - 5) < 0.01)
    }

    @Test("a corrupt file is reported and the config's values stand; the next change replaces it")
    func corruptFileReplaced() throws {
        let path = try Self.statePath()
        try Data(#"{"format": "swiftkiosk-state", "vers"#.utf8).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let scene = StateTestScene.make()
        let keeper = StateKeeper(path: path) { line, _ in log.lines.append(line) }
        keeper.start(with: scene, at: .zero)
        #expect(log.lines.count == 1)
        #expect(log.lines[0].hasPrefix("kiosk: state \(path): unterminated string at line 1, column 32"))
        #expect(StateTestScene.value(scene, "price", "lower") == 2)
        try scene.control(withID: "angle")?.setValue([("angle", 45)])
        scene.dispatchEvents()
        keeper.advance(to: .milliseconds(10))
        #expect(StateFile.read(path).state?.value(of: "angle")?.fields.first?.value == .number(45))
    }
}
