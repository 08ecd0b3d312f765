@preconcurrency import Glibc
import KioskConfig
import KioskControls
import KioskCore
import KioskLoop
import KioskUI

/// The control socket: a Unix stream socket in the runner's loop that takes JSON-line
/// requests from any number of clients (`ControlRequestHandler`) and writes replies and, to
/// subscribers, every event.
///
/// Nothing here blocks: the listener and every client are non-blocking, read when epoll says
/// so, written while the kernel takes bytes. Each client has a bounded output buffer
/// (`ClientOutputBuffer`); a client whose buffer is full (it stopped reading) is disconnected
/// with a logged reason, so a slow or dead client costs at most `outputLimit` bytes and never
/// a frame. Peer credentials are logged on connect. The socket is not moved by a reload.
///
/// The listener never spins: at most `maximumClients` are connected (one more is told so and
/// closed), and a listener that cannot accept (out of descriptors: `EMFILE`, `ENFILE`) stays
/// readable, so it leaves epoll's interest until a client leaves or a second has passed, and
/// the episode is logged once, not once per pass.
package final class ControlServer: RunnerService {
    /// Where the socket is made, who may connect, and how much a client may leave unread.
    package struct Options: Sendable {
        /// Where the socket lives (`ipc.socket`, `--socket`).
        package var path: String
        /// The group that may connect (`ipc.group`): the socket is 0660 and owned by it.
        package var group: String?
        /// The most bytes waiting for one client before it is disconnected.
        package var outputLimit: Int
        /// The most clients connected at once (`ipc.maxClients`); the next is refused.
        package var maximumClients: Int

        /// Where `kiosk ctl` looks when given no `--socket`.
        package static let defaultPath = "/run/swiftkiosk/kiosk.sock"
        /// 256 KiB: room for a burst of events and replies, little memory per stalled client.
        package static let defaultOutputLimit = 256 * 1024
        /// `ipc.maxClients`' default (an owner program, a few scripts and `kiosk ctl`s use a
        /// handful; 32 cost at most 8 MiB of output buffers and 32 descriptors).
        package static let defaultMaximumClients = IPCSettings.defaultMaximumClients
        /// How long a listener that could not accept waits before it tries again, when no
        /// client leaves meanwhile (descriptors may be freed elsewhere in the process).
        static let acceptRetryDelay = Duration.seconds(1)

        /// Options for a socket at `path`.
        package init(path: String, group: String? = nil, outputLimit: Int = Options.defaultOutputLimit,
                     maximumClients: Int = Options.defaultMaximumClients) {
            self.path = path
            self.group = group
            self.outputLimit = outputLimit
            self.maximumClients = maximumClients
        }
    }

    /// The options it was made with.
    package let options: Options
    private let log: LineWriter
    private var loop: EventLoop?
    private var listener: Listener?
    private weak var target: ControlTarget?
    private var connections: [Int: ControlConnection] = [:]
    private var nextNumber = 1
    /// Where the listener stands, and what has been logged of it.
    private var admission = Admission.accepting
    /// Tries the paused listener again (`Options.acceptRetryDelay`).
    private var acceptRetry: TimerSource?

    /// Whether new clients are taken. An episode of refusals or failed accepts is logged when
    /// it begins and when it ends, never per client or per pass.
    private enum Admission: Equatable {
        /// Accepting as usual.
        case accepting
        /// `maximumClients` are connected: each new one is told so and closed.
        case full
        /// `accept4` failed (no descriptor left): the listener is out of epoll's interest.
        case paused
    }

    /// The listening socket and its registration.
    private final class Listener {
        let socket: FileDescriptor
        var registration: EventLoop.Registration?
        /// The socket file as bound (a socket's own fstat names sockfs, not the file).
        let file: UnixSocket.FileIdentity?
        init(socket: consuming FileDescriptor, path: String) {
            self.socket = socket
            file = UnixSocket.fileIdentity(at: path)
        }
    }

    /// A server that opens its socket only when the runner starts it; connections, refusals
    /// and disconnections are logged to `log`.
    package init(options: Options, log: LineWriter = .standardError) {
        self.options = options
        self.log = log
    }

    /// Clients connected now.
    package var clientCount: Int { connections.count }
    /// "2 clients", for systemd's `STATUS=`.
    package var statusText: String? { "\(clientCount) client\(clientCount == 1 ? "" : "s")" }

    package func start(loop: EventLoop, target: ControlTarget) throws {
        self.loop = loop
        self.target = target
        let listener = Listener(socket: try UnixSocket.listen(at: options.path, group: options.group), path: options.path)
        listener.registration = try loop.register(fd: listener.socket.rawValue) { [unowned self] in self.acceptClients() }
        acceptRetry = try TimerSource(loop: loop) { [unowned self] _ in self.resumeAccepting() }
        self.listener = listener
        log.log("control socket \(options.path)" + (options.group.map { " (group \($0))" } ?? ""))
    }

    package func stop() {
        for connection in Array(connections.values) { close(connection, reason: nil) }
        if let listener, let loop {
            if let registration = listener.registration { loop.unregister(registration) }
            UnixSocket.removeFile(at: options.path, ifStill: listener.file)
        }
        listener = nil
        acceptRetry = nil
    }

    package func eventHandedOut(_ event: ControlEvent, line: String, sequence: Int) {
        let bytes = Array(Self.numberedLine(line, sequence: sequence).utf8)
        for connection in connections.values.sorted(by: { $0.number < $1.number }) {
            if connection.subscribed {
                send(bytes, to: connection)
            } else if connection.eventsAwaitingSubscription != nil {
                hold(bytes, for: connection)
            }
        }
    }

    // MARK: Connections

    private func acceptClients() {
        guard let listener, let loop else { return }
        while true {
            let accepted: FileDescriptor?
            do { accepted = try UnixSocket.accept(listener.socket) } catch {
                return pauseAccepting(because: error)
            }
            guard let socket = accepted else { return }
            guard connections.count < options.maximumClients else {
                refuse(socket)
                continue
            }
            if admission != .accepting {
                admission = .accepting
                log.log("control socket: accepting clients again")
            }
            let credentials = UnixSocket.peerCredentials(of: socket)
            let connection = ControlConnection(number: nextNumber, socket: socket, outputLimit: options.outputLimit)
            nextNumber += 1
            do {
                connection.registration = try loop.register(fd: connection.socket.rawValue) { [unowned self, unowned connection] in
                    self.service(connection)
                }
            } catch {
                log.log("control socket: cannot watch a client: \(error)", priority: .warning)
                continue
            }
            connections[connection.number] = connection
            log.log("control client \(connection.number) connected (\(credentials?.description ?? "no credentials"))")
        }
    }

    /// Tells a client over `maximumClients` why, and closes it (the descriptor goes with
    /// `socket`); the first refusal of an episode is logged.
    private func refuse(_ socket: consuming FileDescriptor) {
        let message = "too many clients: \(options.maximumClients) are connected (ipc.maxClients); try again later"
        let line = ControlReply.error(id: nil, message).line + "\n"
        // One non-blocking try: a socket just accepted takes a short line whole.
        _ = try? Array(line.utf8).withUnsafeBytes { raw throws(SystemCallError) in try UnixSocket.send(socket, raw) }
        if admission != .full {
            admission = .full
            log.log("control socket: refusing new clients: \(message)", priority: .warning)
        }
    }

    /// `accept4` failed, so the listener stays readable: it leaves epoll's interest until a
    /// client leaves or `acceptRetryDelay` has passed, instead of waking every pass.
    private func pauseAccepting(because error: SystemCallError) {
        if admission != .paused {
            admission = .paused
            log.log("control socket: cannot accept a client (\(error)); trying again when a client leaves",
                    priority: .warning)
        }
        guard let loop, let registration = listener?.registration else { return }
        do {
            try loop.modify(registration, events: [])
            try acceptRetry?.schedule(after: Options.acceptRetryDelay)
        } catch {
            log.log("control socket: cannot pause the listener: \(error)", priority: .warning)
        }
    }

    /// Watches a paused listener again: a client waiting in its backlog is accepted on the
    /// next pass (or the listener pauses again, without a second log line).
    private func resumeAccepting() {
        guard admission == .paused, let loop, let registration = listener?.registration else { return }
        try? acceptRetry?.disarm()
        do { try loop.modify(registration, events: .readable) } catch {
            log.log("control socket: cannot watch the listener: \(error)", priority: .warning)
        }
    }

    /// The client's descriptor is ready: write what waits, then read what came (unless the
    /// client has `ControlConnection.maximumUnanswered` requests unanswered: then it waits,
    /// and so does the kernel's buffer, until replies catch up).
    private func service(_ connection: ControlConnection) {
        if connection.wantsWrite { flush(connection) }
        guard connection.isOpen else { return }
        // Woken while not read: the peer hung up or failed (epoll reports those whatever the
        // interest); a peek tells, so a gone client is closed instead of waking the loop on
        // every pass until its replies catch up.
        if connection.isThrottled {
            var byte: UInt8 = 0
            if recv(connection.socket.rawValue, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0 {
                close(connection, reason: "closed the connection")
            }
            return
        }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        // At most 1 MiB per wake-up, so one busy client cannot hold the loop from a frame.
        for _ in 0..<64 {
            let count: Int
            let result: Result<Int, SystemCallError> = buffer.withUnsafeMutableBytes { raw in
                do throws(SystemCallError) { return .success(try connection.socket.read(into: raw)) } catch { return .failure(error) }
            }
            do throws(SystemCallError) {
                count = try result.get()
            } catch where error.isWouldBlock {
                return
            } catch {
                return close(connection, reason: "read failed: \(error)")
            }
            guard count > 0 else { return close(connection, reason: "closed the connection") }
            connection.held += buffer.withUnsafeBytes { connection.input.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            answerHeld(connection)
            guard connection.isOpen, !connection.isThrottled else { return }
            if count < buffer.count { return }
        }
    }

    /// Answers the lines read and not yet answered, until the client is too far ahead.
    private func answerHeld(_ connection: ControlConnection) {
        var next = 0
        while next < connection.held.count, connection.isOpen, !connection.isThrottled {
            answer(connection.held[next], from: connection)
            next += 1
        }
        connection.held.removeFirst(min(next, connection.held.count))
    }

    private func answer(_ piece: RequestLineAssembler.Piece, from connection: ControlConnection) {
        guard let target else { return }
        let line: [UInt8]
        switch piece {
        case .tooLong:
            connection.unanswered.append(.answered(ControlRequestHandler.tooLongReply))
            return deliverReplies(to: connection)
        case .line(let bytes):
            // Blank lines (a terminal's stray Enter) are not requests.
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            line = bytes
        }
        // Replies may come later (the runner's queue) and out of turn (a busy reply at once,
        // behind a screenshot still being made): each takes its request's place in line.
        let number = connection.nextRequest
        connection.nextRequest += 1
        connection.unanswered.append(.waiting(number))
        if connection.unanswered.count >= ControlConnection.maximumUnanswered { throttle(connection, true) }
        target.submit(line, from: ObjectIdentifier(connection)) { [weak self, weak connection] reply in
            guard let self, let connection, connection.isOpen else { return }
            // The state in a subscribe's reply is the kiosk's now: from now on every event
            // belongs to the subscriber, held until that reply has gone out (it may wait
            // behind an earlier request's), so none falls between the state and the events.
            if reply.subscribes && !connection.subscribed && connection.eventsAwaitingSubscription == nil {
                connection.eventsAwaitingSubscription = []
            }
            if let index = connection.unanswered.firstIndex(where: { $0.isWaiting(number) }) {
                connection.unanswered[index] = .answered(reply)
            }
            self.deliverReplies(to: connection)
        }
    }

    /// Sends the replies at the head of the line that are ready, in request order.
    private func deliverReplies(to connection: ControlConnection) {
        while connection.isOpen, case .answered(let reply)? = connection.unanswered.first {
            connection.unanswered.removeFirst()
            send(Array(reply.line.utf8), to: connection)
            if reply.subscribes && connection.isOpen && !connection.subscribed {
                connection.subscribed = true
                let held = connection.eventsAwaitingSubscription ?? []
                connection.eventsAwaitingSubscription = nil
                for line in held { send(line, to: connection) }
            }
        }
        if connection.isThrottled && connection.unanswered.count < ControlConnection.maximumUnanswered / 2 {
            throttle(connection, false)
            answerHeld(connection)
        }
    }

    /// Stops or resumes reading `connection` (its writable interest stays as it is).
    private func throttle(_ connection: ControlConnection, _ on: Bool) {
        guard connection.isOpen, connection.isThrottled != on, let loop, let registration = connection.registration else { return }
        connection.isThrottled = on
        do { try loop.modify(registration, events: connection.interest) } catch {
            close(connection, reason: "cannot watch: \(error)")
        }
    }

    /// Keeps an event line for a connection whose subscription has begun but whose subscribe
    /// reply waits behind an earlier request's; what it holds counts against the same limit
    /// as its output, so a client that never reads cannot make it grow for ever.
    private func hold(_ line: [UInt8], for connection: ControlConnection) {
        connection.eventsAwaitingSubscription?.append(line)
        connection.heldEventBytes += line.count + 1
        if connection.output.count + connection.heldEventBytes > options.outputLimit {
            close(connection, reason: "not reading: \(connection.output.count + connection.heldEventBytes) bytes waiting, "
                  + "the limit is \(options.outputLimit)")
        }
    }

    /// Queues `line` for `connection` and writes what the kernel takes now; a client whose
    /// buffer cannot take the line is disconnected.
    private func send(_ line: [UInt8], to connection: ControlConnection) {
        guard connection.isOpen else { return }
        guard connection.output.enqueue(line) else {
            return close(connection, reason: "not reading: \(connection.output.count) bytes waiting, "
                         + "the limit is \(options.outputLimit)")
        }
        flush(connection)
    }

    private func flush(_ connection: ControlConnection) {
        let done: Bool
        do {
            done = try connection.output.flush { bytes throws(SystemCallError) in
                do throws(SystemCallError) { return try UnixSocket.send(connection.socket, bytes) } catch where error.isWouldBlock {
                    return 0
                }
            }
        } catch {
            return close(connection, reason: "went away (\(error))")
        }
        guard done == connection.wantsWrite, let loop, let registration = connection.registration else { return }
        // Writable interest only while bytes wait: a level-triggered EPOLLOUT would wake the loop on every pass.
        connection.wantsWrite = !done
        do { try loop.modify(registration, events: connection.interest) } catch {
            close(connection, reason: "cannot watch: \(error)")
        }
    }

    private func close(_ connection: ControlConnection, reason: String?) {
        guard connection.isOpen else { return }
        connection.isOpen = false
        if let registration = connection.registration { loop?.unregister(registration) }
        connections[connection.number] = nil
        if let reason { log.log("control client \(connection.number) disconnected: \(reason)") }
        // A descriptor and a place are free.
        resumeAccepting()
    }
}
