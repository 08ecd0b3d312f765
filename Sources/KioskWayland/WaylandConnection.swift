import CWayland
@preconcurrency import Glibc

/// The connection to the compositor (`wl_display`), read and written from the kiosk's own
/// epoll loop rather than libwayland's blocking `wl_display_dispatch`.
///
/// libwayland's rule for an external loop: announce the read (`wl_display_prepare_read`,
/// which fails while events are queued: dispatch those first), read what the socket has
/// (`wl_display_read_events`, which does not block: the socket is non-blocking and EAGAIN is
/// "nothing yet"), dispatch (`wl_display_dispatch_pending`), and flush requests before
/// sleeping (`wl_display_flush`; EAGAIN means the socket is full: wait until it is writable and
/// flush again). Events only reach the queue through these reads, and every read here is
/// followed by a dispatch, so nothing waits in the queue while the loop sleeps.
final class WaylandConnection {
    let display: OpaquePointer
    /// The socket name or path, for messages.
    let name: String
    private var disconnected = false

    /// Connects to `name`, or to the environment's compositor (`WAYLAND_SOCKET`, a descriptor
    /// handed over by the compositor that started the kiosk, or `WAYLAND_DISPLAY`).
    init(name: String?) throws(WaylandError) {
        let environment = { (key: String) in getenv(key).map { String(cString: $0) } }
        let socket = environment("WAYLAND_SOCKET")
        guard let target = name ?? environment("WAYLAND_DISPLAY") ?? socket.map({ "fd \($0)" }) else {
            throw .noDisplayVariable
        }
        // libwayland would try the relative name under an unset XDG_RUNTIME_DIR and print its
        // own complaint; say what is wrong instead.
        if !target.hasPrefix("/") && socket == nil && (environment("XDG_RUNTIME_DIR") ?? "").isEmpty {
            throw .noRuntimeDirectory(display: target)
        }
        guard let display = wl_display_connect(name) else {
            throw .connectFailed(display: target, errno: errno)
        }
        self.display = display
        self.name = target
    }

    deinit { disconnect() }

    /// The socket, for the event loop.
    var fileDescriptor: Int32 { wl_display_get_fd(display) }

    /// Sends every request and waits until the compositor has answered them all, dispatching
    /// what arrives meanwhile. Only for setting up: it blocks.
    func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(display) < 0 { throw failure() }
    }

    /// Reads what the socket has, without blocking. Returns with the events queued, for
    /// ``dispatchPending()``; a broken connection or protocol error throws.
    func readEvents() throws(WaylandError) {
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw failure() }
        }
        if wl_display_read_events(display) < 0 { throw failure() }
    }

    /// Calls the listeners of every queued event.
    func dispatchPending() throws(WaylandError) {
        if wl_display_dispatch_pending(display) < 0 { throw failure() }
    }

    /// Sends the queued requests. False when the socket is full (EAGAIN): the caller waits
    /// until it is writable and flushes again; requests stay queued meanwhile.
    func flush() throws(WaylandError) -> Bool {
        while true {
            if wl_display_flush(display) >= 0 { return true }
            switch errno {
            case EINTR: continue
            case EAGAIN: return false
            default: throw failure(errno: errno)
            }
        }
    }

    /// What broke the connection: the compositor's protocol error, or the socket's errno.
    func failure(errno fallback: Int32 = Glibc.errno) -> WaylandError {
        let code = wl_display_get_error(display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(display, &interface, &objectID)
            let interfaceName = interface.flatMap { $0.pointee.name }.map { String(cString: $0) } ?? "an object"
            return .protocolError(interface: interfaceName, objectID: objectID, code: protocolCode)
        }
        return .connectionLost(errno: code != 0 ? code : (fallback != 0 ? fallback : EPIPE))
    }

    /// Closes the socket; every proxy must have been destroyed. Idempotent.
    func disconnect() {
        guard !disconnected else { return }
        disconnected = true
        wl_display_disconnect(display)
    }
}
