import KioskBackend
import KioskCore
import KioskDevice
import KioskUI

/// The screen's power, applied: `ScreenPower` decides, this puts it on the display.
///
/// - Dimmed: the backlight to `level` of its maximum where there is one, else the renderer's
///   black shade at `1 − level` over every frame (one full repaint, then damage as usual).
/// - Off: a black frame (the shade at 1, so a display that cannot power down shows black),
///   the backlight to 0, and once that frame is done the display's own off (DPMS, `FBIOBLANK`,
///   no more commits). From then on nothing is rendered or presented and nothing but input
///   wakes the loop; the scene may still change (a `set` over the socket) and its events go out.
/// - On: the display's own on (DRM: a full modeset with the next frame), the backlight back
///   to its start value, the shade away, everything repainted.
///
/// Each change is a log line (`kiosk: screen dimmed (idle 30 s)`) and an event from `kiosk`:
/// `screenDimmed` (with `level`), `screenOff`, `screenOn`.
extension RunnerHost {
    /// Carries out `request` now; the new state, or nil when it could not be done (`sleep`
    /// while kept awake).
    @discardableResult
    func requestPower(_ request: KioskRunner.PowerRequest) -> ScreenPower.State? {
        let change: ScreenPower.Change?
        switch request {
        case .wake: change = screenPower.wake(at: now)
        case .sleep:
            if screenPower.keepsAwake { return nil }
            change = screenPower.sleep(at: now)
        case .keepAwake(let keep):
            change = screenPower.keepAwake(keep, at: now)
            log.log("keep awake \(keep ? "on" : "off")")
        }
        if let change { powerChanged(change, origin: .owner) }
        return screenPower.state
    }

    /// `dim after 30 s to 0.3, off after 120 s; backlight intel_backlight (direct, 937/937)`.
    var powerSummary: String {
        let settings = options.power
        var parts: [String] = []
        if let dim = settings.dimAfter { parts.append("dim after \(Self.seconds(dim)) s to \(settings.dimLevel)") }
        if let off = settings.offAfter { parts.append("off after \(Self.seconds(off)) s") }
        let how = output?.backlight?.description ?? "no backlight: the renderer shades"
        return (parts.isEmpty ? "always on" : parts.joined(separator: ", ")) + "; " + how
    }

    /// Applies a change `ScreenPower` made, announces it (its event from `origin`: a person's
    /// touch that woke it, the owner's request, the kiosk's own idle countdown) and logs it.
    func powerChanged(_ change: ScreenPower.Change, origin: ControlEvent.Origin) {
        let power: DisplayPower
        switch change.state {
        case .on: power = .on
        case .dimmed: power = .dimmed(options.power.dimLevel)
        case .off: power = .off
        }
        guard power != appliedPower else { return }
        let wasDark = appliedPower == .off && !offPending
        appliedPower = power
        applyBacklight(power)
        if let runtime {
            runtime.renderer.shade = shade
            runtime.scene.invalidateAll()
        }
        switch power {
        case .off:
            // The display's own off waits until the black frame is done (an atomic commit
            // with a flip pending is refused with EBUSY).
            offPending = true
        case .on, .dimmed:
            offPending = false
            if wasDark { output?.backend.setScreenPower(.on) }
            if case .dimmed = power { output?.backend.setScreenPower(power) }
        }
        let event: ControlEvent.Kind
        let value: [(name: String, value: EventScalar)]
        let line: String
        switch change.state {
        case .dimmed:
            event = .screenDimmed
            value = [("level", .number(options.power.dimLevel))]
            line = "screen dimmed to \(options.power.dimLevel)"
        case .off:
            event = .screenOff
            value = []
            line = "screen off"
        case .on:
            event = .screenOn
            value = []
            line = "screen on"
        }
        if options.clock == .monotonic { log.log(line) }
        guard let scene = runtime?.scene else { return }
        scene.withEventOrigin(origin) {
            scene.post(ControlEvent(time: change.time, source: ControlEvent.kioskSource, kind: event, value: value))
        }
    }

    /// The renderer's black layer for the applied power: the dim where no backlight dims,
    /// black when off.
    var shade: Double {
        switch appliedPower {
        case .on: 0
        case .dimmed(let level): output?.backlight == nil ? 1 - level : 0
        case .off: 1
        }
    }

    /// The black frame of an off is done: the display itself goes off.
    func finishTurningOff() {
        offPending = false
        output?.backend.setScreenPower(.off)
    }

    private func applyBacklight(_ power: DisplayPower) {
        guard let backlight = output?.backlight else { return }
        let level: Double?
        switch power {
        case .on: level = nil
        case .dimmed(let dim): level = dim
        case .off: level = 0
        }
        do { try backlight.set(level: level) } catch {
            log.log("backlight: \(error)")
        }
    }

    static func seconds(_ d: Duration) -> String {
        let ms = d.nanoseconds / 1_000_000
        return ms % 1000 == 0 ? "\(ms / 1000)" : "\(Double(ms) / 1000)"
    }
}
