import KioskCore
import KioskRender
import KioskUI
import KioskLoop

/// Live reload: the config read again, the scene replaced in place or nothing changed.
extension RunnerHost {
    /// Reads the config again (`reloadSource`). A good one replaces the scene
    /// (`SceneRuntime.replaceScene`: same display, values and screen kept) and is announced
    /// by a `reloaded` event; a bad one leaves everything as it was, its problems go to stderr
    /// line by line and into a `reloadFailed` event. The control socket stays where it is.
    func reload() -> ReloadOutcome {
        guard let reloadSource else {
            log.log("reload: nothing to reload (the scene is built in code)")
            return .unsupported
        }
        let source: KioskRunner.SceneSource
        do { source = try reloadSource() } catch {
            let lines = (error as? KioskSetup.LoadError)?.lines ?? ["\(error)"]
            log.log("reload failed; the kiosk goes on unchanged:", priority: .warning)
            for line in lines { log.writeLine(line, priority: .warning) }
            announce("reloadFailed", message: lines.joined(separator: "\n"))
            return .failed(lines)
        }
        sceneSource = source
        guard let runtime else { return .reloaded }   // no scene yet: the new source makes the first
        let design = source.designSize ?? runtime.renderer.scaling.screenSize
        if design != runtime.renderer.scaling.designSize {
            do {
                runtime.replaceRenderer(try makeRenderer(designSize: design, width: runtime.renderer.frame.width,
                                                         height: runtime.renderer.frame.height))
            } catch {
                let line = Log.line("reload failed: cannot lay out in \(design.width)x\(design.height): \(error)")
                log.writeLine(line, priority: .warning)
                announce("reloadFailed", message: line)
                return .failed([line])
            }
        }
        // The new config's texts' fonts too, before its first frame (the whole panel is repainted).
        if let config = source.config { runtime.renderer.preloadFonts(MachineFonts.preloadTexts(of: config)) }
        runtime.replaceScene(source.make(design), properties: makeProperties(of: source))
        // The state file follows the new scene (its values go in with the next write).
        stateKeeper?.observe(runtime.scene)
        log.log("reloaded; showing \(runtime.scene.currentScreen.id)")
        announce("reloaded", message: nil)
        return .reloaded
    }

    /// `{"source": "kiosk", "event": "reloaded"}`, in the next frame's events.
    private func announce(_ kind: String, message: String?) {
        guard let scene = runtime?.scene else { return }
        let value: [(name: String, value: EventScalar)] = message.map { [("message", .string($0))] } ?? []
        scene.post(ControlEvent(time: now, source: ControlEvent.kioskSource, kind: ControlEvent.Kind(rawValue: kind), value: value))
    }
}
