import Glibc

/// A system call that failed, named by the call and the `errno` it left behind.
///
/// Every system call in KioskService goes through ``retryingEINTR(_:_:)``, so this is the only
/// error the operating-system layer throws. Environment errors (a missing device, a closed peer)
/// arrive as values of this type; programmer errors (a bad flag, an impossible `EINVAL`) trap.
public struct SystemCallError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The C function that failed, e.g. `"epoll_ctl"`.
    public var call: String
    /// The `errno` value the call set (`EBADF`, `EAGAIN`, …).
    public var errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// True when a non-blocking descriptor had nothing to give (`EAGAIN`, which equals
    /// `EWOULDBLOCK` on Linux). Readers treat this as "come back on the next readiness".
    public var isWouldBlock: Bool { errno == EAGAIN }

    /// `epoll_ctl: Bad file descriptor (errno 9)`.
    public var description: String {
        // glibc ≥ 2.32 returns static strings for known codes and a thread-local buffer for
        // unknown ones, so strerror is safe to call from any thread here.
        let message = strerror(errno).map { String(cString: $0) } ?? "Unknown error"
        return "\(call): \(message) (errno \(errno))"
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
