import KioskConfig
import KioskCore
import KioskUI

/// What the control socket (and any other remote control, such as an MQTT bridge) acts on:
/// the running kiosk as `ControlRequestHandler` sees it. `KioskRunner` is one; a test can be
/// another, around a scene of its own.
package protocol ControlTarget: AnyObject {
    /// The scene on screen; nil until the display's size is known (no scene yet).
    var scene: Scene? { get }
    /// The last frame drawn, in panel orientation (what the panel shows); nil before the first.
    var currentFrame: PixelBuffer? { get }
    /// The owner's changes to the scene's properties; nil when the target has none (the
    /// default): only values can be set then.
    var properties: PropertyModel? { get }
    /// Re-reads the config and its templates and, when they are good, replaces the scene.
    func reload() -> ReloadOutcome
    /// The screen's power and whether it is held on; nil when the target has none (the
    /// default), and `get` leaves them out.
    var screenPowerStatus: (state: ScreenPower.State, keepsAwake: Bool)? { get }
    /// `wake`, `sleep`, `keepAwake`: the new state, or nil when it cannot be done (`sleep`
    /// while kept awake, or no screen power at all).
    func changeScreenPower(_ request: KioskRunner.PowerRequest) -> ScreenPower.State?
    /// The loop's time now, read as a request is carried out, so that what it posts is
    /// stamped with when it happened, not with the last frame's time (the scene's clock
    /// stands still between frames); nil (the default): the scene's own time.
    var requestTime: Instant? { get }
    /// Where a picture set at run time is made ready before it shows (the renderer: where
    /// the control draws it, the cache its pixels go into); nil (the default): the picture is
    /// still decoded off the loop, and scaled by the first frame that draws it.
    var imagePreparer: ImagePreparer? { get }
    /// Hands out the events the scene holds now (their changes are in what a snapshot reads)
    /// and returns the number of the last event handed out, which a `subscribe` reply names:
    /// the events it includes. Nil (the default): the target numbers no events.
    func handOutPendingEvents() -> Int?
    /// Carries out one request line (without its newline) and calls `reply` with its one
    /// reply, on the loop's thread, at once or later. `source` names who sent it (a socket
    /// client, the MQTT bridge), so that one sender cannot take every place in a queue;
    /// `permissions` what its channel may ask (a request beyond them is refused, changing
    /// nothing). The default does it all at once; the runner admits requests into its queue
    /// and carries them out a budget per pass (`busy` when it is full), so a burst never holds
    /// frames back.
    func submit(_ line: [UInt8], from source: ObjectIdentifier?, permissions: ControlPermissions,
                reply: @escaping (ControlReply) -> Void)
}

extension ControlTarget {
    package func submit(_ line: [UInt8], from source: ObjectIdentifier?, permissions: ControlPermissions,
                        reply: @escaping (ControlReply) -> Void) {
        reply(ControlRequestHandler(target: self).reply(toLine: line, permissions: permissions))
    }

    /// `submit(_:from:permissions:reply:)` with every permission: the control socket's.
    package func submit(_ line: [UInt8], from source: ObjectIdentifier?, reply: @escaping (ControlReply) -> Void) {
        submit(line, from: source, permissions: .everything, reply: reply)
    }

    package var screenPowerStatus: (state: ScreenPower.State, keepsAwake: Bool)? { nil }
    package var properties: PropertyModel? { nil }
    package var requestTime: Instant? { nil }
    package var imagePreparer: ImagePreparer? { nil }
    package func handOutPendingEvents() -> Int? { nil }
    package func changeScreenPower(_ request: KioskRunner.PowerRequest) -> ScreenPower.State? { nil }
}

/// What a reload did.
package enum ReloadOutcome: Sendable, Equatable {
    /// The new scene is on screen, with the values of the controls that still exist.
    case reloaded
    /// The config has problems (each a line: file, JSON path, line); nothing changed.
    case failed([String])
    /// This kiosk has nothing to reload from (its scene was built in code).
    case unsupported
}
