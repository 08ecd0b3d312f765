import KioskConfig
import KioskCore
import KioskUI

/// The runner as the control socket's target: the host side answers.
extension KioskRunner: ControlTarget {
    package var scene: Scene? { runtime?.scene }
    package var properties: PropertyModel? { runtime?.properties }

    /// Admitted into the runner's queue, carried out a budget per pass (`ControlRequestQueue`).
    package func submit(_ line: [UInt8], from source: ObjectIdentifier?, permissions: ControlPermissions,
                        reply: @escaping (ControlReply) -> Void) {
        guard let host else { return reply(.error(id: nil, "the kiosk is not running")) }
        host.requests.submit(line, from: source, permissions: permissions, reply: reply)
    }

    package var screenPowerStatus: (state: ScreenPower.State, keepsAwake: Bool)? {
        (screenPower.state, screenPower.keepsAwake)
    }

    package func changeScreenPower(_ request: PowerRequest) -> ScreenPower.State? { requestPower(request) }

    /// The renderer: its image cache outlives a change of size, so a picture made ready for
    /// the old size is still there (and redrawn for the new one by its first frame).
    package var imagePreparer: ImagePreparer? { runtime?.renderer }

    package func handOutPendingEvents() -> Int? {
        guard let host else { return nil }
        host.runtime?.flushEvents()
        return host.eventSequence
    }

    package var currentFrame: PixelBuffer? {
        guard let runtime, runtime.stats.framesRendered > 0 else { return nil }
        return runtime.renderer.frame
    }

    /// Reads the config again (`reloadSource`). A good one replaces the scene
    /// (`SceneRuntime.replaceScene`: same display, values and screen kept) and is announced
    /// by a `reloaded` event; a bad one leaves everything as it was, its problems go to stderr
    /// line by line and into a `reloadFailed` event. The control socket stays where it is.
    package func reload() -> ReloadOutcome {
        guard let host else { return .unsupported }
        let outcome = host.reload()
        sceneSource = host.sceneSource
        return outcome
    }
}

extension KioskRunner {
    /// What a control request asks of the screen's power.
    package enum PowerRequest: Sendable {
        /// Light the screen (and restart the countdown).
        case wake
        /// Turn it off now.
        case sleep
        /// Hold it on (and wake it), or let the countdown run again.
        case keepAwake(Bool)
    }

    /// Carries out `request` now (see `RunnerHost+Power`); the new state, or nil when it could
    /// not be done (`sleep` while kept awake, or no run yet).
    @discardableResult
    package func requestPower(_ request: PowerRequest) -> ScreenPower.State? { host?.requestPower(request) }
}
