import KioskCore
import KioskGestures
import KioskUI
import Testing

/// A scene with one screen, "main" (and overlays registered), a gesture tracker in front of it
/// and the virtual clock by hand: the one harness of the UI tests. It drives the scene alone,
/// without a renderer or the runner (the UI's tests stay pure: no cairo, no loop); a test of
/// the whole pipeline uses `KioskTester`. Time moves in one of three ways, each as before:
/// - `down`, `move`, `up` (x, y), `drag(from:to:steps:)`: each touch `after` ms (16) after the
///   last, the simulation not stepped, so that a test says "touch down here, move there, lift"
///   in three lines (LVGL's test display, in spirit);
/// - `touch(_:_:_:at:)`, `tap(_:_:at:)`, `drag(from:to:at:steps:every:)`, `run(until:)`,
///   `stepOnce()`, `stepsUntilIdle(limit:)`: fixed 120 Hz steps up to each touch's own time, as
///   the runtime takes them, gesture deadlines included, so overlays are tested step by step;
/// - `show(_:)`, `step(_:each:)`, `settle(each:)` and the touches at a `Point`: popups by hand,
///   steps of the simulation alone, each touch 16 ms after the last.
package final class SceneHarness {
    /// One fixed simulation step: 1/120 s.
    package static let step = Duration.nanoseconds(1_000_000_000 / 120)

    package let scene: Scene
    package let tracker = GestureTracker()
    package private(set) var now = Instant.zero
    package private(set) var events: [ControlEvent] = []
    /// Called after every `stepOnce()` (to sample positions).
    package var onStep: ((Instant) -> Void)?

    package init(screen controls: [Control] = [], overlays: [Overlay] = [], size: Size = Size(800, 480)) {
        scene = Scene(designSize: size, screens: [Screen(id: "main", controls: controls)])
        for overlay in overlays { scene.register(overlay) }
        _ = scene.takeDamage()
    }

    package convenience init(_ controls: [Control], size: Size = Size(800, 480)) { self.init(screen: controls, size: size) }

    // MARK: Touches one after another, no simulation steps

    package func down(_ x: Double, _ y: Double, slot: Int = 0, after ms: Double = 16) { send(.down, x, y, slot, ms) }
    package func move(_ x: Double, _ y: Double, slot: Int = 0, after ms: Double = 16) { send(.move, x, y, slot, ms) }
    package func up(slot: Int = 0, after ms: Double = 16) { send(.up, 0, 0, slot, ms) }

    /// A straight drag in `steps` moves of 16 ms each, then a lift.
    package func drag(from a: Point, to b: Point, steps: Int = 10) {
        down(a.x, a.y)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            move(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        }
        up()
    }

    private func send(_ phase: TouchPhase, _ x: Double, _ y: Double, _ slot: Int, _ ms: Double) {
        now = now + .milliseconds(Int64(ms))
        scene.handle(tracker.handle(TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: now)))
        events += scene.drainEvents()
    }

    package func events(from source: String, _ kind: ControlEvent.Kind) -> [ControlEvent] {
        events.filter { $0.source == source && $0.kind == kind }
    }

    // MARK: Touches at their times, fixed steps between them

    /// Runs the simulation until `ms` milliseconds of virtual time.
    package func run(until ms: Double) {
        let end = Instant.milliseconds(ms)
        while now + Self.step <= end { stepOnce() }
    }

    /// One fixed simulation step.
    package func stepOnce() {
        now = now + Self.step
        scene.step(Self.step, at: now)
        scene.handle(tracker.advance(to: now))
        events += scene.drainEvents()
        onStep?(now)
    }

    /// Steps the simulation until nothing moves any more (no animation, no pending long
    /// press): the scene would let the main loop sleep. Returns the steps it took, or nil
    /// when something still moved after `limit` steps.
    package func stepsUntilIdle(limit: Int) -> Int? {
        for n in 0...limit {
            if !scene.isAnimating, tracker.nextDeadline == nil { return n }
            stepOnce()
        }
        return nil
    }

    package func touch(_ phase: TouchPhase, _ x: Double = 0, _ y: Double = 0, at ms: Double, slot: Int = 0) {
        run(until: ms)
        scene.handle(tracker.handle(TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(ms))))
        events += scene.drainEvents()
    }

    /// A straight drag of `steps` moves `every` ms apart, then a lift.
    package func drag(from a: Point, to b: Point, at start: Double, steps: Int, every: Double = 16) {
        touch(.down, a.x, a.y, at: start)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            touch(.move, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, at: start + every * Double(i))
        }
        touch(.up, at: start + every * Double(steps + 1))
    }

    package func tap(_ x: Double, _ y: Double, at ms: Double) {
        touch(.down, x, y, at: ms)
        touch(.up, at: ms + 40)
    }

    package func kinds(from source: String) -> [ControlEvent.Kind] {
        events.filter { $0.source == source }.map(\.kind)
    }

    // MARK: Overlays by hand

    package func show(_ id: String) {
        #expect(scene.showOverlay(id))
        collect()
    }

    /// Fixed steps of 1/120 s of the simulation alone (no gesture deadlines).
    package func step(_ count: Int = 1, each: (() -> Void)? = nil) {
        for _ in 0..<count {
            now += Self.step
            scene.step(Self.step, at: now)
            each?()
        }
        collect()
    }

    /// Steps while anything moves; returns how many steps that took.
    @discardableResult
    package func settle(each: (() -> Void)? = nil) -> Int {
        var steps = 0
        while scene.isAnimating && steps < 1000 {
            step(each: each)
            steps += 1
        }
        return steps
    }

    package func tap(_ p: Point, slot: Int = 0) {
        touchNow(.down, p, slot)
        touchNow(.up, p, slot)
    }

    package func down(_ p: Point, slot: Int = 0) { touchNow(.down, p, slot) }
    package func move(_ p: Point, slot: Int = 0) { touchNow(.move, p, slot) }

    package func pan(from a: Point, to b: Point, slot: Int = 0) {
        touchNow(.down, a, slot)
        for i in 1...8 {
            let t = Double(i) / 8
            touchNow(.move, Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), slot)
        }
        touchNow(.up, b, slot)
    }

    /// A touch 16 ms after the last, no simulation step.
    private func touchNow(_ phase: TouchPhase, _ p: Point, _ slot: Int) {
        now += .milliseconds(16)
        scene.handle(tracker.handle(TouchEvent(slot: slot, phase: phase, position: p, time: now)))
        collect()
    }

    private func collect() { events += scene.drainEvents() }

    package func events(_ kind: ControlEvent.Kind, from source: String? = nil) -> [ControlEvent] {
        events.filter { $0.kind == kind && (source == nil || $0.source == source) }
    }
}

/// A canvas that remembers what was drawn, for tests that check geometry without pixels.
package final class RecordingCanvas: Canvas {
    package enum Call: Equatable {
        case fill(Path, Paint)
        case stroke(Path, Double)
        case text(String, Rect)
        case shadow(Path)
        case clip(Rect)
    }
    package var calls: [Call] = []

    package init() {}

    package func save() {}
    package func restore() {}
    package func translate(_ dx: Double, _ dy: Double) {}
    package func concatenate(_ transform: AffineTransform) {}
    package func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {
        layer.draw(self, layer.bounds)
    }
    package func clip(_ rect: Rect) { calls.append(.clip(rect)) }
    package func fill(_ path: Path, _ paint: Paint) { calls.append(.fill(path, paint)) }
    package func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap) { calls.append(.stroke(path, width)) }
    package func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {
        calls.append(.stroke(path, width))
    }
    package func shadow(_ path: Path, offset: Point, blur: Double, color: Color) { calls.append(.shadow(path)) }
    package func drawText(_ text: String, style: TextStyle, in rect: Rect) { calls.append(.text(text, rect)) }
    package func measureText(_ text: String, font: String) -> Size { Size(Double(text.count) * 10, 20) }
    package func beginLayer(opacity: Double) {}
    package func endLayer() {}
}
