import CLinux
import Glibc

/// An open file descriptor owned by this value: it is closed exactly once, when the value's
/// lifetime ends or when ``close()`` consumes it.
///
/// A `~Copyable` struct rather than a final class with `deinit`: ownership of a descriptor is
/// unique by nature, and the compiler then rejects the bugs a class would only catch at run
/// time (two owners, use after an explicit close, a double close that closes someone else's
/// reused number). It also costs no allocation or reference counting. The price is that it
/// cannot live in an `Array` or another container that copies its elements; the event sources
/// keep it as a stored property of their (class) owner, which is what they need anyway.
///
/// Descriptors that a C library owns (libinput's, DRM's, Wayland's) are never wrapped in this
/// type, since closing them is the library's job; ``EventLoop`` therefore takes raw `Int32`s.
public struct FileDescriptor: ~Copyable, Sendable {
    /// The descriptor number, valid while this value lives.
    public let rawValue: Int32

    /// Takes ownership of an open descriptor; it will be closed when this value ends.
    public init(adopting rawValue: Int32) {
        precondition(rawValue >= 0, "FileDescriptor adopted an invalid descriptor \(rawValue)")
        self.rawValue = rawValue
    }

    deinit {
        // close(2) errors cannot be acted on here. EBADF would mean someone else closed our
        // number behind our back, which is a bug worth stopping for in debug builds.
        let result = Glibc.close(rawValue)
        assert(result == 0 || Glibc.errno != EBADF, "descriptor \(rawValue) was closed by someone else")
    }

    /// Closes the descriptor now and reports the error `close(2)` returns (e.g. `EIO` from a
    /// delayed write error), which the implicit close at the end of the lifetime cannot.
    public consuming func close() throws(SystemCallError) {
        let fd = rawValue
        discard self
        // Not retried: Linux releases the descriptor even when close reports EINTR, and a retry
        // could close a number another thread has just been given.
        if Glibc.close(fd) == -1, Glibc.errno != EINTR {
            throw SystemCallError(call: "close", errno: Glibc.errno)
        }
    }

    /// Gives up ownership without closing and returns the number, e.g. to hand it to a C
    /// library that closes it itself.
    public consuming func release() -> Int32 {
        let fd = rawValue
        discard self
        return fd
    }

    /// `read(2)` into `buffer`; returns the byte count, 0 at end of file. On a non-blocking
    /// descriptor with nothing to read it throws an error whose ``SystemCallError/isWouldBlock``
    /// is true.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingEINTR("read") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// `write(2)` from `bytes`; returns how many bytes the kernel took (possibly fewer).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingEINTR("write") { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Sets or clears `O_NONBLOCK` with `fcntl(F_SETFL)`.
    ///
    /// The flag belongs to the open file description, not to this number: setting it on an
    /// inherited stdin also changes it for the parent process sharing that terminal or pipe.
    public func setNonBlocking(_ nonBlocking: Bool = true) throws(SystemCallError) {
        let flags = try retryingEINTR("fcntl") { fcntl(rawValue, F_GETFL) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try retryingEINTR("fcntl") { fcntl(rawValue, F_SETFL, wanted) } }
    }

    /// The two ends of a pipe, each owned separately.
    ///
    /// `@frozen` so that code in other modules may consume one end (close it, hand it to a
    /// child) and keep the other: Swift allows taking a non-copyable value apart only for types
    /// of the same module or frozen ones.
    @frozen
    public struct Pipe: ~Copyable {
        /// The end that reads what the other end wrote.
        public var readEnd: FileDescriptor
        /// The end that writes.
        public var writeEnd: FileDescriptor
    }

    /// Creates a pipe with `pipe2(O_CLOEXEC | O_NONBLOCK)`: both ends non-blocking, as the event
    /// loop expects, and never inherited by a child process.
    public static func pipe() throws(SystemCallError) -> Pipe {
        var ends: (Int32, Int32) = (-1, -1)
        _ = try withUnsafeMutableBytes(of: &ends) { raw throws(SystemCallError) in
            let fds = raw.baseAddress!.assumingMemoryBound(to: Int32.self)
            return try retryingEINTR("pipe2") { pipe2(fds, O_CLOEXEC | O_NONBLOCK) }
        }
        return Pipe(readEnd: FileDescriptor(adopting: ends.0), writeEnd: FileDescriptor(adopting: ends.1))
    }
}

extension FileDescriptor {
    /// Reads the 8-byte counter that `eventfd` and `timerfd` descriptors yield, or `nil` when the
    /// non-blocking descriptor has nothing yet (a readiness that another read already consumed).
    func readCounter() throws(SystemCallError) -> UInt64? {
        var value: UInt64 = 0
        do {
            let count = try withUnsafeMutableBytes(of: &value) { buffer throws(SystemCallError) in
                try read(into: buffer)
            }
            // The kernel hands out these counters whole or not at all.
            precondition(count == MemoryLayout<UInt64>.size, "short counter read: \(count) bytes")
            return value
        } catch where error.isWouldBlock {
            return nil
        }
    }
}
