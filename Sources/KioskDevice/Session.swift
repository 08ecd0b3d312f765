import KioskCore
import KioskLoop

/// Who may use the display and the input devices right now, and how they are opened.
///
/// wlroots' session object, in small: the backends and libinput open their nodes through
/// ``opener``; the runner watches the session and pauses display and input while it is away (a
/// VT switch, logind pausing the devices) and resumes them, repainting everything, when it is
/// back. DRM and the framebuffer need one; a Wayland client and the headless backend do not
/// (the compositor is the session there).
package protocol Session: AnyObject {
    /// How device nodes are opened in this session (logind's `TakeDevice`, or `open(2)`).
    var opener: DeviceOpener { get }
    /// For logs: "logind session 3 on seat0", "console /dev/tty7".
    var name: String { get }
    /// Whether the session has the display now (a logind session on a background VT has not).
    var isActive: Bool { get }
    /// Starts watching (the bus, the VT's signals); changes go to `onChange`, on the loop's thread.
    func start(loop: EventLoop, onChange: @escaping (SessionChange) -> Void) throws
    /// Work the session must do on every pass of the loop, and when it must be woken for it:
    /// sd-bus queues messages without making its descriptor readable (see `LogindSeatSession`).
    func poll()
    var nextDeadline: Instant? { get }
    /// The console as it was (KD_TEXT, VT_AUTO). Idempotent.
    func stop()
}

extension Session {
    package func poll() {}
    package var nextDeadline: Instant? { nil }
}

/// What happened to a session.
package enum SessionChange: Sendable, Equatable {
    /// Switched away: pause display and input (then the session lets the switch happen).
    case paused(reason: String)
    /// Back: resume display and input and repaint everything.
    case resumed(reason: String)
    /// The session cannot be used any more (logind went away): stop.
    case lost(reason: String)
}
