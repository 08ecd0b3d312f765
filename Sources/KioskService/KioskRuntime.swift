import KioskCore
import KioskGestures
import KioskAnimation
import KioskUI
import KioskRender
import KioskBackend

/// The kiosk's pipeline, without a clock of its own: touches in, frames and events out.
///
///     backend touch (panel coords) → InputMapping → GestureTracker → Scene
///     fixed-step clock → Scene.step (animations) → damage → SceneRenderer → backend.present
///
/// Whoever drives it (the headless virtual-clock driver, or the epoll main loop on a device)
/// passes the current time into every call and sleeps until `nextWakeup(now:)`; nil means
/// nothing moves and the caller may sleep without a timeout.
public final class KioskRuntime {
    public let scene: Scene
    public let renderer: SceneRenderer
    public let backend: DisplayBackend
    public let mapping: InputMapping
    public let gestures: GestureTracker
    public private(set) var clock: FixedStepClock
    private let emit: (ControlEvent) -> Void

    public private(set) var stats = RuntimeStats()
    /// Called after every presented frame with its time (tests sample motion with it).
    public var frameObserver: ((Instant) -> Void)?
    /// Sees every touch first, in raw panel coordinates; returning true consumes it
    /// (calibration needs touches before the mapping that it is about to find).
    public var touchInterceptor: ((TouchEvent) -> Bool)?

    public init(scene: Scene, renderer: SceneRenderer, backend: DisplayBackend,
                gestureConfiguration: GestureConfiguration = .standard,
                simulationStep: Duration = .nanoseconds(1_000_000_000 / 120),
                maxCatchUpSteps: Int = 8,
                start: Instant = .zero,
                calibration: AffineTransform = .identity,
                emit: @escaping (ControlEvent) -> Void) {
        self.scene = scene
        self.renderer = renderer
        self.backend = backend
        // Touches are clamped to a few scene sizes around the scene (`InputMapping`): a
        // calibration can throw them far off it, and nothing there needs exact numbers.
        self.mapping = renderer.inputMapping.calibrated(calibration, panel: renderer.panelBounds.size)
            .limited(toScene: scene.bounds)
        self.gestures = GestureTracker(configuration: gestureConfiguration)
        self.clock = FixedStepClock(step: simulationStep, maxCatchUpSteps: maxCatchUpSteps, start: start)
        self.emit = emit
    }

    /// A touch from the backend, in panel coordinates.
    public func handle(_ touch: TouchEvent) {
        advance(to: touch.time)
        stats.touches += 1
        if touchInterceptor?(touch) == true { return }
        scene.handle(gestures.handle(mapping.map(touch)))
    }

    /// A panel position (a mouse pointer's) in scene coordinates, through the same calibration,
    /// rotation and scaling as touches.
    public func scenePosition(ofPanelPoint p: Point) -> Point { mapping.scenePoint(p) }

    /// Runs the simulation up to `now`: the fixed steps that are due, then gesture time-outs.
    public func advance(to now: Instant) {
        let steps = clock.advance(to: now)
        if steps > 0 {
            let last = clock.lastStepTime
            for i in 0..<steps {
                // The steps run fit in the time elapsed (an Int64 of ns), so the product cannot overflow.
                let t = last - .nanoseconds(clock.step.nanoseconds * Int64(steps - 1 - i))
                scene.step(clock.step, at: t)
            }
            stats.simulationSteps += steps
        }
        scene.handle(gestures.advance(to: now))
    }

    /// Something is waiting to be drawn or to be reported.
    public var needsFrame: Bool { scene.needsRedraw || scene.hasPendingEvents }

    /// Renders and presents a frame when one is needed and the output can take it.
    /// Events collected since the last frame leave here, so `valueChanged` goes out at most
    /// once per frame per control.
    @discardableResult
    public func renderFrameIfNeeded(at now: Instant) -> Bool {
        guard !backend.isFlipPending else { return false }
        var rendered = false
        if scene.needsRedraw {
            let damage = renderer.render(scene)
            backend.present(renderer.frame, damage: damage, at: now)
            stats.framesRendered += 1
            // Whole pixels clipped to the panel: at most its width × height, exact in a Double.
            stats.damagedPixels += Int(damage.area)
            rendered = true
            frameObserver?(now)
        }
        flushEvents()
        return rendered
    }

    public func flushEvents() {
        for event in scene.drainEvents() {
            stats.eventsEmitted += 1
            emit(event)
        }
    }

    /// When the driver must call again even if no input arrives: a gesture time-out, or the
    /// next frame while something moves. Nil means idle: sleep until input.
    /// `flipDeadline` is when a pending flip completes, if the driver knows it (headless);
    /// a device backend reports the flip through its file descriptor instead.
    public func nextWakeup(now: Instant, flipDeadline: Instant?) -> Instant? {
        var candidates: [Instant?] = [gestures.nextDeadline]
        if needsFrame {
            candidates.append(backend.isFlipPending ? flipDeadline : now)
        } else if scene.isAnimating {
            // Moving but nothing drawn yet: simulate on until the next fixed step.
            candidates.append(clock.nextStep(after: now))
        }
        return candidates.compactMap { $0 }.min()
    }
}

/// Counters reported at the end of a run and by the benchmark.
public struct RuntimeStats: Sendable, Equatable {
    public var framesRendered = 0
    public var eventsEmitted = 0
    public var touches = 0
    public var simulationSteps = 0
    /// Sum of damaged panel pixels over all frames (what was repainted and copied).
    public var damagedPixels = 0
}
