import KioskCore
import KioskUI
import SwiftKioskTesting

// The one harness of the tests that run a scene through the whole pipeline: the library's own
// `KioskTester` (what an app's tests use), with the shorthands the tests share.

extension KioskTester {
    /// A tester around a scene of `size` with one screen, "main", holding `controls`; the
    /// panel is the scene's size.
    public convenience init(screen controls: [Control], size: Size = Size(800, 480)) {
        self.init(scene: Scene(designSize: size, screens: [Screen(id: "main", controls: controls)]))
    }

    /// Queues finger `slot` down at panel point (`x`, `y`), `ms` milliseconds in.
    public func down(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) { queue(.down, x, y, ms, slot) }
    /// Queues finger `slot` moved to panel point (`x`, `y`), `ms` milliseconds in.
    public func move(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) { queue(.move, x, y, ms, slot) }
    /// Queues finger `slot` lifted, `ms` milliseconds in.
    public func up(at ms: Double, slot: Int = 0) { queue(.up, 0, 0, ms, slot) }

    /// Queues a horizontal drag from `x0` to `x1` at height `y`, one move every `every` ms,
    /// lifted at the end: fast enough (and without a pause) to be a swipe when the distance is long.
    public func drag(fromX x0: Double, toX x1: Double, y: Double, startingAt ms: Double, moves: Int, every: Double = 8) {
        down(x0, y, at: ms)
        for i in 1...moves { move(x0 + (x1 - x0) * Double(i) / Double(moves), y, at: ms + Double(i) * every) }
        up(at: ms + Double(moves) * every)
    }

    /// `step(until:)` to `ms` milliseconds.
    public func step(until ms: Double) throws { try step(until: .milliseconds(ms)) }

    private func queue(_ phase: TouchPhase, _ x: Double, _ y: Double, _ ms: Double, _ slot: Int) {
        queue(events: [TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(ms))])
    }
}
