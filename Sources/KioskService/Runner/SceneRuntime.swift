import KioskConfig
import KioskControls
import KioskCore
import KioskGestures
import KioskAnimation
import KioskUI
import KioskRender

/// The kiosk's pipeline, without a clock of its own: touches in, frames and events out.
///
///     backend touch (panel coords) → InputMapping → GestureTracker → Scene
///     fixed-step clock → Scene.step (animations) → damage → SceneRenderer → frame + damage
///
/// Whoever drives it (`KioskRunner`, on the monotonic or the virtual clock) passes the current
/// time into every call, hands the rendered frame to the display, and sleeps until
/// `nextWakeup(now:outputReady:)`; nil means nothing moves and it may sleep without a timeout.
/// The runtime knows no backend: pixels and damage go out, touches come in.
package final class SceneRuntime {
    /// The scene it drives: touches go to it, it is stepped and drawn; a reload replaces it.
    package private(set) var scene: Scene
    /// Draws the scene into frames for the panel; ``replaceRenderer(_:)`` swaps it when the
    /// output changes size (or a reload changes the design size).
    package private(set) var renderer: SceneRenderer
    /// Panel pixels to scene coordinates for touches; follows the renderer.
    package private(set) var mapping: InputMapping
    /// Turns touches into taps, drags, long presses and swipes.
    package let gestures: GestureTracker
    /// The fixed-step simulation clock: animations advance in equal steps whatever the frame rate.
    package private(set) var clock: FixedStepClock
    private let emit: (ControlEvent) -> Void
    private let calibration: AffineTransform

    /// The owner's changes to the scene's properties, checked against the config it was built from.
    package private(set) var properties: PropertyModel

    /// What the runtime has done so far.
    package private(set) var stats = RuntimeStats()
    /// Sees every touch first, in raw panel coordinates; returning true consumes it
    /// (calibration needs touches before the mapping that it is about to find).
    package var touchInterceptor: ((TouchEvent) -> Bool)?

    /// A runtime driving `scene` through `renderer`: animations advance in steps of `simulationStep` (at most `maxCatchUpSteps` per call, so a long stall does not freeze the loop catching up), touches are calibrated then mapped, and every control event goes to `emit`, in order.
    package init(scene: Scene, renderer: SceneRenderer,
                gestureConfiguration: GestureConfiguration = .standard,
                simulationStep: Duration = FixedStepClock.standardStep,
                maxCatchUpSteps: Int = 8,
                start: Instant = .zero,
                calibration: AffineTransform = .identity,
                properties: PropertyModel = PropertyModel(config: nil),
                emit: @escaping (ControlEvent) -> Void) {
        self.scene = scene
        self.properties = properties
        self.renderer = renderer
        scene.textMeasurer = renderer.canvas
        self.calibration = calibration
        // Touches are clamped to a few scene sizes around the scene (`InputMapping`): a
        // calibration can throw them far off it, and nothing there needs exact numbers.
        self.mapping = renderer.inputMapping.calibrated(calibration, panel: renderer.panelBounds.size)
            .limited(toScene: scene.bounds)
        self.gestures = GestureTracker(configuration: gestureConfiguration)
        self.clock = FixedStepClock(step: simulationStep, maxCatchUpSteps: maxCatchUpSteps, start: start)
        self.emit = emit
        properties.refreshTemplates(in: scene, after: nil)
    }

    /// A touch from the backend, in panel coordinates.
    package func handle(_ touch: TouchEvent) {
        advance(to: touch.time)
        stats.touches += 1
        // A person is there even when the touch goes no further (it only woke the screen).
        scene.noteActivity(at: touch.time)
        if touchInterceptor?(touch) == true { return }
        scene.handle(gestures.handle(mapping.map(touch)))
    }

    /// A key or typed text at `time`: the scene's `handleKey` (the focused field, Tab, Escape).
    package func handle(_ action: KeyAction, at time: Instant) {
        advance(to: time)
        scene.noteActivity(at: time)
        scene.handleKey(action)
    }

    /// Text a device typed at once at `time`: the scene's `handleText` (a scanner's scan, or
    /// the focused field).
    package func handle(text: String, from device: String?, at time: Instant) {
        advance(to: time)
        scene.noteActivity(at: time)
        scene.handleText(text, fromDevice: device)
    }

    /// A panel position (a mouse pointer's) in scene coordinates, through the same calibration,
    /// rotation and scaling as touches.
    package func scenePosition(ofPanelPoint p: Point) -> Point { mapping.scenePoint(p) }

    /// Runs the simulation up to `now`: the fixed steps that are due, gesture time-outs, then
    /// what the scene waits for by then (`Scene.fireDeadlines(upTo:)`).
    package func advance(to now: Instant) {
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
        if let deadline = scene.nextDeadline, deadline <= now { scene.fireDeadlines(upTo: now) }
    }

    /// The output changed size (a Wayland `configure`): from now on frames are rendered by
    /// `renderer`, touches mapped for it, and the next frame repaints everything.
    package func replaceRenderer(_ renderer: SceneRenderer) {
        self.renderer = renderer
        scene.resize(to: renderer.scaling.designSize)
        mapping = renderer.inputMapping.calibrated(calibration, panel: renderer.panelBounds.size)
            .limited(toScene: scene.bounds)
        scene.invalidateAll()
    }

    /// Puts `newScene` in the place of the current one (a config reload), keeping the
    /// display, the renderer and the gesture state. What carries over, without events: the
    /// value of every control whose id exists in both scenes and takes it
    /// (`currentValue` → `setValue(_:sendsEvents: false)`, clamped to the new control's
    /// range), the current screen when the new scene has one of that id (shown without a
    /// transition; else the new start screen, announced by `screenChanged`), the panels and
    /// popups shown whose ids the new scene has (as they were: `Scene.showOverlays(as:)`), and
    /// each finger on a control the new scene has and shows (the drag goes on:
    /// `Scene.takeTouches(from:)`; any other finger is cancelled on the old scene, so its
    /// drag commits). The `back` history does not. The old scene's events go out first,
    /// those of the drags it ended included; the next frame repaints everything.
    package func replaceScene(_ newScene: Scene, properties newProperties: PropertyModel = PropertyModel(config: nil)) {
        let old = scene
        newScene.textMeasurer = renderer.canvas
        // The new scene's clock starts where the old one is, so its events carry today's time.
        newScene.step(.zero, at: max(old.currentTime, clock.lastStepTime))
        for control in ControlRequestHandler.controls(of: newScene) {
            guard let previous = old.control(withID: control.id), let value = previous.currentValue,
                  control.currentValue != nil else { continue }
            // A field the new control no longer has (its type changed) keeps the new default.
            try? control.setValue(value, sendsEvents: false)
        }
        // The owner's properties stay too, as far as the new config still takes them.
        for control in ControlRequestHandler.controls(of: newScene) {
            guard let previous = old.control(withID: control.id), !previous.ownerProperties.isEmpty else { continue }
            newProperties.restore(previous.ownerProperties, on: control, designSize: newScene.designSize)
        }
        // The language shown stays, if the new config still has it (before the texts are written).
        // If it does not, the new default is a change people see: subscribers hear of it too.
        if !newScene.setLanguage(old.language.code, sendsEvents: false), newScene.language.code != old.language.code {
            newScene.post(.languageChanged, source: ControlEvent.kioskSource,
                          value: [("language", .string(newScene.language.code))])
        }
        properties = newProperties
        newProperties.refreshTemplates(in: newScene, after: nil)
        if newScene.screen(withID: old.currentScreen.id) != nil {
            newScene.showScreen(old.currentScreen.id, transition: .none, sendsEvents: false)
        } else {
            // The screen shown is gone: the new scene's start screen is a change people see.
            newScene.post(.screenChanged, source: ControlEvent.kioskSource,
                          value: [("screen", .string(newScene.currentScreen.id))])
        }
        newScene.showOverlays(as: old)
        newScene.takeTouches(from: old)
        newScene.takeTimers(from: old)
        flushEvents()
        scene = newScene
        if newScene.designSize != renderer.scaling.designSize { newScene.resize(to: renderer.scaling.designSize) }
        mapping = renderer.inputMapping.calibrated(calibration, panel: renderer.panelBounds.size)
            .limited(toScene: newScene.bounds)
        renderer.invalidateAll()
        newScene.invalidateAll()
    }

    /// Something is waiting to be drawn or to be reported.
    package var needsFrame: Bool { scene.needsRedraw || scene.hasPendingEvents }

    /// Renders a frame into `renderer.frame` when something is damaged and returns the damage
    /// (nil when nothing was drawn). Call it only when the output can take a frame: events
    /// collected since the last frame leave here, so `valueChanged` goes out at most once per
    /// frame per control. They leave before the frame is drawn, so that what their observers
    /// and the text templates that follow them change is in the same frame (a price label
    /// bound to a dragged knob moves with it, not a frame behind).
    package func renderFrame(at now: Instant) -> DamageRegion? {
        flushEvents()
        guard scene.needsRedraw else { return nil }
        let region = renderer.render(scene)
        stats.framesRendered += 1
        stats.damagedPixels += Int(region.area)
        return region
    }

    /// Hands out the events collected since the last frame: each becomes its JSON line
    /// (`emit`) and then goes to the observers of its control and of the scene
    /// (`Scene.dispatchEvents(to:)`), so an observer sees exactly what the line says. What
    /// observers change is drawn by the frame that follows (`renderFrame` hands the events
    /// out first); what they send goes out with that frame's successor.
    package func flushEvents() {
        let events = scene.dispatchEvents { event in
            stats.eventsEmitted += 1
            emit(event)
        }
        // Texts that insert a value that just moved follow it, in the frame drawn next.
        if !events.isEmpty { properties.refreshTemplates(in: scene, after: events) }
    }

    /// Writes every text template again: after values changed without events (a state file
    /// restored), and for a new scene.
    package func refreshTextTemplates() { properties.refreshTemplates(in: scene, after: nil) }

    /// When the driver must call again even if no input arrives: a gesture time-out, a frame
    /// to render now, or the next simulation step while something moves. Nil means idle: sleep
    /// until input. With `outputReady` false a frame waits for the output's `frameDone`,
    /// which wakes the driver itself.
    package func nextWakeup(now: Instant, outputReady: Bool) -> Instant? {
        var other: Instant?
        if needsFrame {
            if outputReady { other = now }
        } else if scene.isAnimating {
            // Moving but nothing drawn yet: simulate on until the next fixed step.
            other = clock.nextStep(after: now)
        }
        return Instant.earliest(Instant.earliest(gestures.nextDeadline, scene.nextDeadline), other)
    }
}

/// Counters reported at the end of a run and by the benchmark.
package struct RuntimeStats: Sendable, Equatable {
    /// Frames painted.
    package var framesRendered = 0
    /// Control events handed out.
    package var eventsEmitted = 0
    /// Touch events received (down, move, up, cancel).
    package var touches = 0
    /// Fixed simulation steps taken.
    package var simulationSteps = 0
    /// Sum of damaged panel pixels over all frames (what was repainted and copied).
    package var damagedPixels = 0

    /// Counters at zero.
    package init() {}
}
