import KioskCore
import KioskGestures
import KioskUI

/// A scene driven on a virtual clock: fixed 120 Hz simulation steps between touches, as the
/// runtime does, so animated overlays can be tested step by step.
final class TimedHarness {
    let scene: Scene
    let tracker = GestureTracker()
    let step = Duration.nanoseconds(1_000_000_000 / 120)
    private(set) var now = Instant.zero
    private(set) var events: [ControlEvent] = []
    /// Called after every simulation step (to sample positions).
    var onStep: ((Instant) -> Void)?

    init(screen controls: [Control] = [], overlays: [Overlay] = [], size: Size = Size(800, 480)) {
        scene = Scene(designSize: size, screens: [Screen(id: "main", controls: controls)])
        for overlay in overlays { scene.register(overlay) }
        _ = scene.takeDamage()
    }

    /// Runs the simulation until `ms` milliseconds of virtual time.
    func run(until ms: Double) {
        let end = Instant.milliseconds(ms)
        while now + step <= end { stepOnce() }
    }

    /// One fixed simulation step.
    func stepOnce() {
        now = now + step
        scene.step(step, at: now)
        scene.handle(tracker.advance(to: now))
        events += scene.drainEvents()
        onStep?(now)
    }

    /// Steps the simulation until nothing moves any more (no animation, no pending long
    /// press): the scene would let the main loop sleep. Returns the steps it took, or nil
    /// when something still moved after `limit` steps.
    func stepsUntilIdle(limit: Int) -> Int? {
        for n in 0...limit {
            if !scene.isAnimating, tracker.nextDeadline == nil { return n }
            stepOnce()
        }
        return nil
    }

    func touch(_ phase: TouchPhase, _ x: Double = 0, _ y: Double = 0, at ms: Double, slot: Int = 0) {
        run(until: ms)
        scene.handle(tracker.handle(TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(ms))))
        events += scene.drainEvents()
    }

    /// A straight drag of `steps` moves `every` ms apart, then a lift.
    func drag(from a: Point, to b: Point, at start: Double, steps: Int, every: Double = 16) {
        touch(.down, a.x, a.y, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            touch(.move, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: start + every * Double(i))
        }
        touch(.up, at: start + every * Double(steps + 1))
    }

    func tap(_ x: Double, _ y: Double, at ms: Double) {
        touch(.down, x, y, at: ms)
        touch(.up, at: ms + 40)
    }

    func kinds(from source: String) -> [ControlEvent.Kind] {
        events.filter { $0.source == source }.map(\.kind)
    }
}
