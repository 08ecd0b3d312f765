import KioskCore
import KioskUI

/// The control protocol without a socket: one JSON request line in, exactly one reply line
/// out, the kiosk changed only by a request that succeeded (Documentation/Contracts.md,
/// "Control socket"). The socket server and any other transport (an MQTT bridge) share it.
///
///     {"id": 7, "op": "set", "control": "price", "value": {"lower": 3}}
///     {"id": 7, "ok": true, "value": {"lower": 3, "upper": 8}}
///
/// What a request changes shows in the next frame, and the events it causes (a `set`'s
/// `valueChanged` and `valueCommitted`) go out then, after the reply.
package struct ControlRequestHandler {
    /// The longest request line, in bytes without its newline.
    package static let maximumRequestBytes = 65_536

    /// The kiosk the requests act on.
    package let target: ControlTarget

    /// A handler acting on `target`; it keeps no state of its own, so transports may share one.
    package init(target: ControlTarget) { self.target = target }

    /// The reply to one line's bytes (without the newline) from a channel with `permissions`:
    /// UTF-8, size and permissions are checked here. Everything is done before it returns, a
    /// screenshot's encoding too (see `ControlRequestQueue` for requests carried out a budget
    /// at a time).
    package func reply(toLine bytes: [UInt8], permissions: ControlPermissions = .everything) -> ControlReply {
        switch Self.admit(bytes, permissions: permissions) {
        case .refused(let reply): return reply
        case .admitted(let request): return finish(perform(request))
        }
    }

    /// The reply to a request longer than `maximumRequestBytes` (its id was never read).
    package static var tooLongReply: ControlReply {
        .error(id: nil, "request is longer than \(maximumRequestBytes) bytes")
    }

    /// The reply to one request.
    package func reply(to text: String, permissions: ControlPermissions = .everything) -> ControlReply {
        reply(toLine: Array(text.utf8), permissions: permissions)
    }

    /// What a line is, before anything is done: a request to carry out, or the reply that
    /// refuses it (too long, not UTF-8, not a request).
    enum Admission {
        case admitted(ControlRequest)
        case refused(ControlReply)
    }

    /// Checks one line's size and encoding, parses it and checks it against the channel's
    /// `permissions`; changes nothing.
    static func admit(_ bytes: [UInt8], permissions: ControlPermissions) -> Admission {
        guard bytes.count <= Self.maximumRequestBytes else { return .refused(Self.tooLongReply) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .refused(.error(id: nil, "request is not UTF-8"))
        }
        let request: ControlRequest
        do { request = try ControlRequest.parse(text) } catch {
            return .refused(.error(id: error.id, error.message))
        }
        if let refusal = permissions.refusal(of: request) { return .refused(.error(id: request.id, refusal)) }
        return .admitted(request)
    }

    /// What carrying out a request gave: its reply, or the rest of the work, which touches
    /// nothing of the kiosk's and may run on another thread (a screenshot's encoding, a
    /// picture's decoding), and what the loop then makes of it.
    enum Performance {
        case replied(ControlReply)
        case remaining(RemainingWork)
    }

    /// The reply to `performance`, its remaining work done here and now.
    func finish(_ performance: Performance) -> ControlReply {
        switch performance {
        case .replied(let reply): reply
        case .remaining(let remaining): remaining.finish(self, remaining.work())
        }
    }

    /// Carries out `request` on the kiosk (the loop's thread): its op's entry of the table
    /// (`ControlOperationTable.standard`) does it. Whatever any op makes the scene post, now
    /// or when a motion it started ends, is the owner's (`"origin": "owner"`): one place for
    /// every op, so an op added later is stamped too; and with the time it is carried out
    /// (`ControlTarget.requestTime`).
    func perform(_ request: ControlRequest) -> Performance {
        asOwner { request.op.carryOut(self, request) }
    }

    /// The last part of a request whose work went to another thread: `remaining.finish` with
    /// the work's `result`, on the loop's thread, stamped as `perform` stamps.
    func complete(_ remaining: RemainingWork, with result: any Sendable) -> ControlReply {
        asOwner { remaining.finish(self, result) }
    }

    /// `body` with the scene's clock at the request's time and its events the owner's.
    private func asOwner<Result>(_ body: () -> Result) -> Result {
        guard let scene = target.scene else { return body() }
        if let time = target.requestTime { scene.advanceTime(to: time) }
        return scene.withEventOrigin(.owner, body)
    }

    /// A request that was well formed but cannot be done.
    struct Failure: Error {
        var message: String
        var fields: [(String, JSONValue)] = []
        init(_ message: String, _ fields: [(String, JSONValue)] = []) { self.message = message; self.fields = fields }
    }

    /// `ping`: the kiosk is there.
    func ping(_ request: ControlRequest) throws(Failure) -> ControlReply { .ok(id: request.id) }

    /// The scene the ops that change it act on; before the display's size is known there is none.
    func scene() throws(Failure) -> Scene {
        guard let scene = target.scene else { throw Failure("the kiosk has no scene yet (waiting for the display)") }
        return scene
    }

    /// A JSON name or id in double quotes, as messages show it.
    func quoted(_ s: String) -> String { JSONWriter.quoted(s) }
}
