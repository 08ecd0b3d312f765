import KioskCore
import KioskUI
import KioskRender
import KioskService

/// A kiosk in the test process on the one headless pipeline, stepped like a 60 Hz display:
/// touches are handed to it at their times, and the runner makes a pass (a frame when
/// something changed, the frame's events handed out) every refresh. Public API only, as an
/// app's own tests would drive it.
final class FramePacedKiosk {
    let scene: Scene
    /// The JSON lines, in the order the runtime wrote them.
    var lines: [String] { log.lines }
    private let log: LineLog
    private let kiosk: HeadlessKiosk
    private var script: [TouchEvent] = []
    private var started = false
    private(set) var now = Instant.zero

    init(scene: Scene) throws {
        self.scene = scene
        let size = scene.designSize
        let log = LineLog()
        self.log = log
        kiosk = HeadlessKiosk(scene: KioskRunner.SceneSource(designSize: size) { _ in scene },
                              panelWidth: Int(size.width), panelHeight: Int(size.height)) {
            log.lines.append(EventEncoder.line($0))
        }
    }

    convenience init(_ controls: [Control], size: Size = Size(320, 240)) throws {
        try self.init(scene: Scene(designSize: size, screens: [Screen(id: "main", controls: controls)]))
    }

    func down(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) { add(.down, x, y, ms, slot) }
    func move(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) { add(.move, x, y, ms, slot) }
    func up(at ms: Double, slot: Int = 0) { add(.up, 0, 0, ms, slot) }

    /// A horizontal drag from `x0` to `x1` at height `y`, one move every `every` ms, lifted at
    /// the end: fast enough (and without a pause) to be a swipe when the distance is long.
    func drag(fromX x0: Double, toX x1: Double, y: Double, startingAt ms: Double, moves: Int, every: Double = 8) {
        down(x0, y, at: ms)
        for i in 1...moves { move(x0 + (x1 - x0) * Double(i) / Double(moves), y, at: ms + Double(i) * every) }
        up(at: ms + Double(moves) * every)
    }

    private func add(_ phase: TouchPhase, _ x: Double, _ y: Double, _ ms: Double, _ slot: Int) {
        script.append(TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(ms)))
    }

    /// Plays the touches added so far and steps the kiosk a refresh at a time until `ms`.
    func run(until ms: Double) {
        if !started {
            started = true
            try? kiosk.start()
        }
        let end = Instant.milliseconds(ms)
        let refresh = kiosk.refreshInterval ?? .milliseconds(16)
        script.sort { $0.time < $1.time }
        while now <= end {
            while let touch = script.first, touch.time <= now {
                script.removeFirst()
                kiosk.handle(touch)
            }
            _ = try? kiosk.advance(to: now)
            now += refresh
        }
    }
}

/// Where the runtime's emit closure writes (the runtime keeps the closure, the kiosk the lines).
final class LineLog {
    var lines: [String] = []
}
