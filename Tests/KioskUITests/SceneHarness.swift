import KioskCore
import KioskGestures
import KioskUI

/// A scene with one screen and a gesture tracker in front of it, so that tests can say
/// "touch down here, move there, lift" in three lines (LVGL's test display, in spirit).
final class SceneHarness {
    let scene: Scene
    let tracker = GestureTracker()
    private(set) var now = Instant.zero
    private(set) var events: [ControlEvent] = []

    init(_ controls: [Control], size: Size = Size(800, 480)) {
        scene = Scene(designSize: size, screens: [Screen(id: "main", controls: controls)])
        _ = scene.takeDamage()
    }

    func down(_ x: Double, _ y: Double, slot: Int = 0, after ms: Double = 16) { send(.down, x, y, slot, ms) }
    func move(_ x: Double, _ y: Double, slot: Int = 0, after ms: Double = 16) { send(.move, x, y, slot, ms) }
    func up(slot: Int = 0, after ms: Double = 16) { send(.up, 0, 0, slot, ms) }

    /// A straight drag in `steps` moves of 16 ms each, then a lift.
    func drag(from a: Point, to b: Point, steps: Int = 10) {
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

    func events(from source: String, _ kind: ControlEvent.Kind) -> [ControlEvent] {
        events.filter { $0.source == source && $0.kind == kind }
    }
}

/// A canvas that remembers what was drawn, for tests that check geometry without pixels.
final class RecordingCanvas: Canvas {
    enum Call: Equatable {
        case fill(Path, Paint)
        case stroke(Path, Double)
        case text(String, Rect)
        case shadow(Path)
        case clip(Rect)
    }
    var calls: [Call] = []

    func save() {}
    func restore() {}
    func translate(_ dx: Double, _ dy: Double) {}
    func concatenate(_ transform: AffineTransform) {}
    func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {
        layer.draw(self, layer.bounds)
    }
    func clip(_ rect: Rect) { calls.append(.clip(rect)) }
    func fill(_ path: Path, _ paint: Paint) { calls.append(.fill(path, paint)) }
    func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap) { calls.append(.stroke(path, width)) }
    func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {
        calls.append(.stroke(path, width))
    }
    func shadow(_ path: Path, offset: Point, blur: Double, color: Color) { calls.append(.shadow(path)) }
    func drawText(_ text: String, style: TextStyle, in rect: Rect) { calls.append(.text(text, rect)) }
    func measureText(_ text: String, font: String) -> Size { Size(Double(text.count) * 10, 20) }
    func beginLayer(opacity: Double) {}
    func endLayer() {}
}
