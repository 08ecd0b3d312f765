import Glibc

/// A system call (or a C library call that reports through `errno`) that failed: the one
/// operating-system error of the kiosk, named by the call, the file or device it was about,
/// the `errno` it left behind and what the user can do about it.
///
/// Every system call in KioskLoop goes through `retryingEINTR(_:_:)`; the device opener, the
/// VT, DRM, the framebuffer, libinput, Wayland and MQTT name their failures with it too, and
/// their domain errors (`DRMError`, `FramebufferError`, `WaylandError`, `LogindError`) word
/// the errno through ``message(_:)`` and ``reason(_:)``, the one place its text is built.
/// Environment errors (a missing device, a closed peer) arrive as values of this type;
/// programmer errors (a bad flag, an impossible `EINVAL`) trap.
public struct SystemCallError: Error, CustomStringConvertible, Equatable, Sendable {
    /// How ``description`` words the errno.
    public enum Wording: Sendable, Equatable {
        /// `strerror` text and the number: `Bad file descriptor (errno 9)`.
        case numbered
        /// `strerror` text alone, as device nodes' errors read (`No such file or directory`).
        case plain
    }

    /// The C function that failed, e.g. `"epoll_ctl"`.
    public var call: String
    /// The file or device node the call was about, if any (`/dev/dri/card0`).
    public var path: String?
    /// The `errno` value the call set (`EBADF`, `EAGAIN`, …).
    public var errno: Int32
    /// What the user can do about it ("add the user to group video", …).
    public var hint: String?
    /// Whether ``description`` shows the errno's number.
    public var wording: Wording

    /// A failed `call`, with the node it was about and a hint when there are; worded with
    /// the number unless `wording` says otherwise.
    public init(call: String, path: String? = nil, errno: Int32, hint: String? = nil, wording: Wording = .numbered) {
        self.call = call; self.path = path; self.errno = errno; self.hint = hint; self.wording = wording
    }

    /// A device node's failure, as the device opener reports it: `path: call: strerror (hint)`,
    /// without the number unless `wording` says so.
    public init(path: String, call: String, errno: Int32, hint: String? = nil, wording: Wording = .plain) {
        self.init(call: call, path: path, errno: errno, hint: hint, wording: wording)
    }

    /// True when a non-blocking descriptor had nothing to give (`EAGAIN`, which equals
    /// `EWOULDBLOCK` on Linux). Readers treat this as "come back on the next readiness".
    public var isWouldBlock: Bool { errno == EAGAIN }

    /// `strerror`'s text for `errno` (`Bad file descriptor`); the one call of it.
    public static func message(_ errno: Int32) -> String {
        // glibc ≥ 2.32 returns static strings for known codes and a thread-local buffer for
        // unknown ones, so strerror is safe to call from any thread here.
        strerror(errno).map { String(cString: $0) } ?? "Unknown error"
    }

    /// `strerror`'s text and the number: `Bad file descriptor (errno 9)`.
    public static func reason(_ errno: Int32) -> String { "\(message(errno)) (errno \(errno))" }

    /// The errno as ``wording`` words it.
    public var reason: String { wording == .numbered ? Self.reason(errno) : Self.message(errno) }

    /// `epoll_ctl: Bad file descriptor (errno 9)`; with a path and a hint,
    /// `/dev/dri/card0: open: Permission denied (run as root, …)`.
    public var description: String {
        var text = path.map { "\($0): " } ?? ""
        text += "\(call): \(reason)"
        if let hint { text += " (\(hint))" }
        return text
    }
}

/// Performs one system call, repeats it while it fails with `EINTR`, and turns `-1` into a
/// ``SystemCallError`` that carries `call` and `errno`.
///
/// A signal that arrives while a call blocks makes the kernel return `EINTR` even though
/// nothing went wrong; the kiosk routes its signals through `signalfd`, but a debugger stop
/// or `SIGCONT` can still interrupt a call, and retrying is always right for the calls used
/// here. The one exception is `close(2)`: on Linux the descriptor is released even when it
/// reports `EINTR`, so ``FileDescriptor`` never retries it.
///
/// - Parameters:
///   - call: the C function's name, used in the error message.
///   - body: performs the call once and returns its raw result.
/// - Returns: the call's result when it is not `-1`.
@inline(__always)
func retryingEINTR<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(SystemCallError) -> T {
    while true {
        let result = body()
        // Compare as BinaryInteger so an unsigned result type cannot trap on the literal -1.
        if result != (-1 as Int) { return result }
        let code = Glibc.errno
        if code != EINTR { throw SystemCallError(call: call, errno: code) }
    }
}
