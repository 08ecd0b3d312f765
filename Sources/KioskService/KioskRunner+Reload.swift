import KioskCore
import KioskRender
import KioskUI

/// Live reload and the runner as the control socket's target.
extension KioskRunner: ControlTarget {
    public var scene: Scene? { runtime?.scene }

    /// Admitted into the runner's queue, carried out a budget per pass (`ControlRequestQueue`).
    public func submit(_ line: [UInt8], from source: ObjectIdentifier?, reply: @escaping (ControlReply) -> Void) {
        requests.submit(line, from: source, reply: reply)
    }

    public var screenPowerStatus: (state: ScreenPower.State, keepsAwake: Bool)? {
        (screenPower.state, screenPower.keepsAwake)
    }

    public func changeScreenPower(_ request: PowerRequest) -> ScreenPower.State? { requestPower(request) }

    public var currentFrame: PixelBuffer? {
        guard let runtime, runtime.stats.framesRendered > 0 else { return nil }
        return runtime.renderer.frame
    }

    /// Reads the config again (`reloadSource`). A good one replaces the scene
    /// (`KioskRuntime.replaceScene`: same display, values and screen kept) and is announced
    /// by a `reloaded` event; a bad one leaves everything as it was, its problems go to stderr
    /// line by line and into a `reloadFailed` event. The control socket stays where it is.
    public func reload() -> ReloadOutcome {
        guard let reloadSource else {
            log.writeLine("kiosk: reload: nothing to reload (the scene is built in code)")
            return .unsupported
        }
        let source: SceneSource
        do { source = try reloadSource() } catch {
            let lines = (error as? KioskSetup.LoadError)?.lines ?? ["\(error)"]
            log.writeLine("kiosk: reload failed; the kiosk goes on unchanged:", priority: .warning)
            for line in lines { log.writeLine(line, priority: .warning) }
            announce("reloadFailed", message: lines.joined(separator: "\n"))
            return .failed(lines)
        }
        sceneSource = source
        guard let runtime else { return .reloaded }   // no scene yet: the new source makes the first
        let design = source.designSize ?? runtime.renderer.scaling.screenSize
        if design != runtime.renderer.scaling.designSize {
            do {
                let renderer = try SceneRenderer(designSize: design, panelWidth: runtime.renderer.frame.width,
                                                 panelHeight: runtime.renderer.frame.height, rotation: options.rotation)
                renderer.onFrameError = KioskSetup.reportFrameError
                renderer.shade = shade
                runtime.replaceRenderer(renderer)
            } catch {
                let line = "kiosk: reload failed: cannot lay out in \(design.width)x\(design.height): \(error)"
                log.writeLine(line, priority: .warning)
                announce("reloadFailed", message: line)
                return .failed([line])
            }
        }
        runtime.replaceScene(source.make(design))
        // The state file follows the new scene (its values go in with the next write).
        stateKeeper?.observe(runtime.scene)
        log.writeLine("kiosk: reloaded; showing \(runtime.scene.currentScreen.id)")
        announce("reloaded", message: nil)
        return .reloaded
    }

    /// `{"source": "kiosk", "event": "reloaded"}`, in the next frame's events.
    private func announce(_ kind: String, message: String?) {
        guard let scene = runtime?.scene else { return }
        let value: [(name: String, value: EventScalar)] = message.map { [("message", .string($0))] } ?? []
        scene.post(ControlEvent(time: now, source: "kiosk", kind: ControlEvent.Kind(rawValue: kind), value: value))
    }

    /// Every event as it goes out: the JSON line through `emit`, then to the services.
    func handOut(_ event: ControlEvent) {
        emit(event)
        guard !services.isEmpty else { return }
        let line = EventEncoder.line(event)
        for service in services { service.eventHandedOut(event, line: line) }
    }
}
