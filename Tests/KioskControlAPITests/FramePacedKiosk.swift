import KioskCore
import KioskUI
import KioskRender
import KioskService

/// A kiosk in the test process on a virtual clock, paced like a 60 Hz display: touches are
/// handed to the runtime at their times, and a frame is rendered (and the frame's events
/// handed out) every 1/60 s. Public API only, as an app's own tests would drive it.
final class FramePacedKiosk {
    let scene: Scene
    let runtime: KioskRuntime
    /// The JSON lines, in the order the runtime wrote them.
    var lines: [String] { log.lines }
    private let log: LineLog
    private var script: [TouchEvent] = []
    private(set) var now = Instant.zero
    static let frameInterval = Duration.nanoseconds(1_000_000_000 / 60)

    init(scene: Scene) throws {
        self.scene = scene
        let size = scene.designSize
        let renderer = try SceneRenderer(designSize: size, panelWidth: Int(size.width), panelHeight: Int(size.height),
                                         rotation: .none)
        let log = LineLog()
        self.log = log
        runtime = KioskRuntime(scene: scene, renderer: renderer) { log.lines.append(EventEncoder.line($0)) }
        _ = runtime.renderFrame(at: .zero)
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

    /// Plays the touches added so far and renders frames until `ms`.
    func run(until ms: Double) {
        let end = Instant.milliseconds(ms)
        script.sort { $0.time < $1.time }
        while now <= end {
            let frame = now
            while let touch = script.first, touch.time <= frame {
                script.removeFirst()
                runtime.handle(touch)
            }
            runtime.advance(to: frame)
            _ = runtime.renderFrame(at: frame)
            now = frame + Self.frameInterval
        }
    }
}

/// Where the runtime's emit closure writes (the runtime keeps the closure, the kiosk the lines).
final class LineLog {
    var lines: [String] = []
}
