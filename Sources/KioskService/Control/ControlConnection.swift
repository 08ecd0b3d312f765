import KioskLoop

/// One client of the control socket: its descriptor, the request line being assembled, the
/// bytes waiting for it, and whether it asked for events.
final class ControlConnection {
    let number: Int
    let socket: FileDescriptor
    var registration: EventLoop.Registration?
    var input = RequestLineAssembler(limit: ControlRequestHandler.maximumRequestBytes)
    var output: ClientOutputBuffer
    var subscribed = false
    /// The events handed out since a subscribe was carried out, while its reply waits for an
    /// earlier one (nil when no subscription is beginning).
    var eventsAwaitingSubscription: [[UInt8]]?
    /// The bytes of `eventsAwaitingSubscription`, newlines included.
    var heldEventBytes = 0
    var wantsWrite = false
    var isOpen = true
    /// Reading is paused: too many requests of this client are unanswered.
    var isThrottled = false

    /// What the loop watches the socket for: reading unless throttled, writing while bytes wait.
    var interest: EventLoop.Interest {
        var events: EventLoop.Interest = isThrottled ? [] : .readable
        if wantsWrite { events.insert(.writable) }
        return events
    }
    /// This client's requests without a reply sent, oldest first: a reply waits here until
    /// every earlier one has gone out.
    var unanswered: [Reply] = []
    /// The number the next request gets, to find its place in `unanswered`.
    var nextRequest = 0

    /// This many requests unanswered and the client is not read until half of them are
    /// answered: a client cannot pile up requests faster than the kiosk carries them out, and
    /// its lines wait in the kernel's buffer, not in the kiosk's queue (whose share for one
    /// sender, `ControlRequestQueue.Limits.perSource`, is the same), so a pipelining client
    /// is slowed down, never refused.
    static let maximumUnanswered = ControlRequestQueue.Limits().perSource
    /// Lines read and not yet answered (the client got too far ahead in the middle of a read).
    var held: [RequestLineAssembler.Piece] = []

    /// A request's place in line.
    enum Reply {
        case waiting(Int)
        case answered(ControlReply)

        func isWaiting(_ number: Int) -> Bool {
            if case .waiting(let n) = self { n == number } else { false }
        }
    }

    init(number: Int, socket: consuming FileDescriptor, outputLimit: Int) {
        self.number = number
        self.socket = socket
        output = ClientOutputBuffer(limit: outputLimit)
    }
}
