@preconcurrency import Glibc
import KioskCore
import KioskLoop

/// The kiosk on an MQTT broker: events out, each control's state out (retained), requests in
/// and replies out, `online`/`offline` on the status topic (``MQTTTopics``, ``MQTTRouter``).
///
/// Lives in the kiosk's own epoll loop, with no thread of its own: the broker's socket is a
/// registration like the touchscreen's (readable always, writable only while libmosquitto has
/// bytes queued), and `mosquitto_loop_misc` runs on a timer only while connected. With no broker
/// traffic the bridge wakes only for that keepalive timer; while the broker is unreachable,
/// only for the retry timer. Nothing it does blocks the loop: name resolution, the one
/// blocking step of a connect, runs on a helper thread (``ConnectAttempt``).
///
/// A missing or slow broker costs the screen nothing: events published while disconnected are
/// dropped (counted in ``droppedEvents``), states are kept and published on the next
/// connection, and attempts back off from 1 s to 60 s (``ReconnectBackoff``). Each change of
/// the connection's state is logged once; repeated failures for the same reason are not.
///
/// Confined to the loop's thread, like the loop.
package final class MQTTBridge {
    /// Where the connection is. One state at a time; each has a name for the logs.
    package enum State: String, Sendable {
        /// Made, not started.
        case idle
        /// `mosquitto_connect_async` runs on the helper thread (resolving, starting TCP).
        case connecting
        /// The socket is in the loop; CONNECT sent or queued, CONNACK awaited.
        case handshaking
        case connected
        /// The retry timer is armed.
        case waitingToRetry = "waiting to retry"
        case stopped
    }

    /// The broker and how to reach it.
    package let connection: MQTTConnection
    package let clientID: String
    package let topics: MQTTTopics
    package private(set) var state: State = .idle
    /// Events not published because the broker was not connected.
    package private(set) var droppedEvents = 0
    /// Messages handed to libmosquitto.
    package private(set) var publishedMessages = 0
    /// Connections made (CONNACK accepted).
    package private(set) var connections = 0
    /// Attempts that failed since the last connection (the backoff's count).
    package var failedAttempts: Int { backoff.failures }

    private let loop: EventLoop
    private let log: (String, Log.Priority) -> Void
    private let client: MosquittoClient
    private var router: MQTTRouter
    private let handleRequest: (_ line: [UInt8], _ reply: @escaping (String) -> Void) -> Void
    /// A retained request was refused on this connection already (logged once per connection).
    private var refusedRetained = false
    private var backoff = ReconnectBackoff()
    private var attempt: ConnectAttempt?
    private var registration: EventLoop.Registration?
    private var registeredFD: Int32 = -1
    private var registeredForWrite = false
    /// Retries after a failure, and gives up on a broker that never answers CONNECT.
    private var timer: TimerSource!
    /// `mosquitto_loop_misc` while connected.
    private var keepaliveTimer: TimerSource!
    /// The reason of the last failure logged, so that the same failure is logged once.
    private var lastLoggedFailure: String?
    /// The client must not be destroyed: a helper thread still uses it (see ``stop()``).
    private var clientAbandoned = false

    /// - Parameters:
    ///   - connection: the broker, TLS, the user name, the keepalive and the topic prefix.
    ///   - clientID: the resolved client id (`MQTTSettings.clientID(hostName:)`).
    ///   - password: from `passwordFile`, read by the caller at start.
    ///   - handleRequest: one request line in (its bytes); the closure it is given takes the one
    ///     reply line, at once or later, on the loop's thread (the runner's request queue).
    ///   - log: one line per change of the connection's state (the password is never in one),
    ///     with its journal priority: a failure is a warning, a subscription refused an error.
    /// - Throws: libmosquitto refusing the options (a CA file it cannot load), or the loop's
    ///   timers failing.
    package init(connection: MQTTConnection, clientID: String, password: MQTTPassword?, loop: EventLoop,
                handleRequest: @escaping (_ line: [UInt8], _ reply: @escaping (String) -> Void) -> Void,
                log: @escaping (String, Log.Priority) -> Void) throws {
        self.connection = connection
        self.clientID = clientID
        topics = MQTTTopics(prefix: connection.topicPrefix)
        self.loop = loop
        self.log = log
        router = MQTTRouter(topics: topics)
        self.handleRequest = handleRequest
        client = try MosquittoClient(clientID: clientID)
        if let username = connection.username {
            try client.setCredentials(username: username, password: password?.value)
        }
        if connection.usesTLS {
            try client.setTLS(caFile: connection.caFile)
        }
        try client.setWill(router.will)
        client.onConnect = { [unowned self] code in self.connackReceived(code) }
        client.onDisconnect = { [unowned self] code in self.disconnected(code) }
        client.onMessage = { [unowned self] message in self.received(message) }
        timer = try TimerSource(loop: loop) { [unowned self] _ in self.timerFired() }
        keepaliveTimer = try TimerSource(loop: loop) { [unowned self] _ in
            _ = self.client.keepAlive()
            self.sync()
        }
    }

    deinit {
        if clientAbandoned {
            // A resolver call outlived stop()'s wait; it still holds the client. Leaking it
            // (once, at exit) is the price of never blocking on DNS.
            _ = Unmanaged.passRetained(client)
        }
    }

    /// The host name for the default client id (`gethostname`).
    package static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "kiosk" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: What the kiosk calls

    /// Starts the first connection attempt; returns at once.
    package func start() {
        guard state == .idle else { return }
        log("mqtt: connecting to \(connection.url) as \(clientID), topics \(topics.prefix)/…", .info)
        beginAttempt()
    }

    /// An event's JSON line, to `PREFIX/events` (dropped while not connected).
    package func publish(eventLine: String) {
        guard state == .connected else {
            droppedEvents += 1
            return
        }
        send(router.event(line: eventLine))
    }

    /// Control `controlID`'s value (a JSON object), retained on `PREFIX/state/ID`; kept for the
    /// next connection when not connected now. The same value twice publishes once.
    package func publishState(controlID: String, valueJSON: String) {
        guard let message = router.state(id: controlID, json: valueJSON), state == .connected else { return }
        send(message)
    }

    /// A clean stop: `offline` (retained) and DISCONNECT, written within `timeout` at most (the
    /// kiosk is exiting; the broker's will covers a stop that could not say goodbye).
    package func stop(timeout: Duration = .seconds(1)) {
        let previous = state
        state = .stopped
        try? timer.disarm()
        try? keepaliveTimer.disarm()
        switch previous {
        case .connected:
            try? client.publish(router.offline)
            _ = client.disconnect()
            flush(timeout: timeout)
            log("mqtt: disconnected from \(connection.url) (offline)", .info)
        case .connecting:
            if attempt?.waitUntilDone(timeout: timeout) == false { clientAbandoned = true }
        case .handshaking:
            _ = client.disconnect()
        case .idle, .waitingToRetry, .stopped:
            break
        }
        attempt = nil
        unregisterSocket()
    }

    // MARK: Connecting

    private func beginAttempt() {
        state = .connecting
        let target = UncheckedClient(client: client)
        let host = connection.host, port = connection.port
        let keepalive = connection.keepalive
        do {
            attempt = try ConnectAttempt(loop: loop, call: {
                target.client.connect(host: host, port: port, keepalive: keepalive)
            }, finished: { [unowned self] outcome in self.attemptFinished(outcome) })
        } catch {
            failed("cannot start a connection attempt: \(error)")
        }
    }

    private func attemptFinished(_ outcome: ConnectAttempt.Outcome) {
        attempt = nil
        guard state == .connecting else { return }
        guard outcome.code == MosquittoClient.success else {
            failed(describe(outcome.code, errno: outcome.errno))
            return
        }
        state = .handshaking
        // A broker that accepts TCP but never answers CONNECT would hold us here for ever.
        try? timer.schedule(after: .seconds(Int64(connection.keepalive)))
        sync()
    }

    private func connackReceived(_ code: Int32) {
        guard state == .handshaking else { return }
        guard code == 0 else {
            // Refused (bad credentials, a banned id): the broker closes; retrying with backoff
            // keeps a misconfigured fleet from hammering it.
            failed("the broker refused the connection: \(MosquittoClient.connackReason(code))")
            _ = client.disconnect()
            return
        }
        try? timer.disarm()
        state = .connected
        connections += 1
        refusedRetained = false
        let after = backoff.failures
        backoff.succeeded()
        lastLoggedFailure = nil
        log("mqtt: connected to \(connection.url)" + (after > 0 ? " after \(after) failed attempt\(after == 1 ? "" : "s")" : ""), .info)
        for filter in [topics.request, topics.setFilter] {
            do {
                try client.subscribe(filter, qos: .atLeastOnce)
            } catch {
                log("mqtt: cannot subscribe to \(filter): \(error)", .error)
            }
        }
        for message in router.messagesOnConnect() { send(message) }
        let interval = Self.keepaliveCheckInterval(keepalive: connection.keepalive)
        try? keepaliveTimer.schedule(after: interval, repeating: interval)
    }

    /// How often `mosquitto_loop_misc` runs: a quarter of the keepalive, so the PINGREQ it sends
    /// once `keepalive` seconds passed without traffic leaves the broker (which waits 1.5 times
    /// the keepalive) at least a quarter of it to spare.
    static func keepaliveCheckInterval(keepalive: Int) -> Duration {
        .milliseconds(max(1000, Int64(keepalive) * 250))
    }

    private func disconnected(_ code: Int32) {
        // Called inside read(), write() or keepAlive(); `sync` sees the closed socket after it.
        if code != 0 && (state == .connected || state == .handshaking) { pendingLossReason = describe(code, errno: Glibc.errno) }
    }

    /// libmosquitto's words for `code`, and for a failed TLS handshake also where the trust
    /// came from: "A TLS error occurred" alone names neither the key nor the file.
    private func describe(_ code: Int32, errno: Int32) -> String {
        let reason = MosquittoError.reason(code: code, errno: errno)
        guard MosquittoClient.isTLSFailure(code) else { return reason }
        return reason + trustHint
    }

    /// Where the broker's certificate must come from, for a failed TLS handshake.
    private var trustHint: String {
        let trust = connection.caFile.map { "mqtt.caFile \($0)" } ?? "the system's CAs in /etc/ssl/certs (no mqtt.caFile)"
        return " (the broker's certificate must be signed by a CA in \(trust) and name \(connection.host))"
    }

    /// Why a socket went away that libmosquitto gave no reason for. Before the CONNACK of a TLS
    /// connection that is the handshake refused, whichever side noticed first: a broker whose
    /// certificate the kiosk does not trust is sometimes reported as MOSQ_ERR_TLS and sometimes
    /// as a plain close, depending on timing (CI saw both), and both need the same hint.
    private var closedReason: String {
        guard state == .handshaking && connection.usesTLS else { return "the connection closed" }
        return "the connection closed during the TLS handshake" + trustHint
    }
    private var pendingLossReason: String?

    private func received(_ message: MosquittoClient.Message) {
        guard state == .connected else { return }
        switch router.received(topic: message.topic, payload: message.payload, retained: message.retained) {
        case nil:
            return
        case .refused(let reply)?:
            if message.retained && !refusedRetained {
                refusedRetained = true
                log("mqtt: refused a retained request on \(message.topic) (requests must not be retained: the broker "
                    + "would hand it over again at every start); clear it with: mosquitto_pub -r -n -t '\(message.topic)'", .warning)
            }
            send(reply)
        case .request(let line)?:
            let connection = connections
            handleRequest(line) { [weak self] reply in
                // A reply to a request of an earlier connection has nobody left to read it.
                guard let self, self.state == .connected, self.connections == connection else { return }
                self.send(self.router.reply(line: reply))
            }
        }
    }

    private func timerFired() {
        switch state {
        case .waitingToRetry:
            beginAttempt()
        case .handshaking:
            failed("no answer from the broker within \(connection.keepalive) s")
            _ = client.disconnect()
            unregisterSocket()
        default:
            break
        }
    }

    /// A failed attempt or a lost connection: log it if it is news, and wait before retrying.
    private func failed(_ reason: String) {
        guard state != .stopped else { return }
        try? keepaliveTimer.disarm()
        let wasConnected = state == .connected
        let delay = backoff.failed()
        state = .waitingToRetry
        if wasConnected {
            log("mqtt: lost the connection to \(connection.url): \(reason); reconnecting (backoff 1 s to 60 s)", .warning)
            lastLoggedFailure = reason
        } else if lastLoggedFailure != reason {
            log("mqtt: cannot connect to \(connection.url): \(reason); retrying (backoff 1 s to 60 s)", .warning)
            lastLoggedFailure = reason
        }
        try? timer.schedule(after: delay)
    }

    // MARK: The socket in the loop

    private func send(_ message: MQTTMessage) {
        do {
            try client.publish(message)
            publishedMessages += 1
        } catch {
            // MOSQ_ERR_NO_CONN or a closed socket: the connection is going; sync notices.
        }
        // A reply made outside the socket's handler (the runner's request queue) goes out now,
        // not after the frame the loop draws before epoll reports the socket writable; inside
        // it, `socketReady` writes once the read is done (libmosquitto is not re-entered).
        if !isReading && client.socket >= 0 && client.wantsWrite { _ = client.write() }
        sync()
    }

    /// `socketReady` is inside `client.read()`, whose callbacks may publish.
    private var isReading = false

    /// Brings the loop's registration in line with libmosquitto: the socket it has now (or
    /// none, once a connection ended), writable interest only while bytes are queued.
    private func sync() {
        let fd = client.socket
        if fd != registeredFD { unregisterSocket() }
        guard fd >= 0 else {
            if state == .connected || state == .handshaking {
                failed(pendingLossReason ?? closedReason)
            }
            pendingLossReason = nil
            return
        }
        guard state == .handshaking || state == .connected else { return }
        let wantsWrite = client.wantsWrite
        do {
            if let registration {
                if wantsWrite != registeredForWrite {
                    try loop.modify(registration, events: wantsWrite ? [.readable, .writable] : .readable)
                    registeredForWrite = wantsWrite
                }
            } else {
                registration = try loop.register(fd: fd, events: wantsWrite ? [.readable, .writable] : .readable) {
                    [unowned self] in self.socketReady()
                }
                registeredFD = fd
                registeredForWrite = wantsWrite
            }
        } catch {
            failed("cannot watch the broker's socket: \(error)")
            _ = client.disconnect()
        }
    }

    private func socketReady() {
        let fd = client.socket
        guard fd >= 0 else { return sync() }
        // epoll says the socket is ready but not for what; poll(0) asks, as mosquitto_loop's own
        // select does, so reads and writes are only tried when they can make progress.
        var ready = pollfd(fd: fd, events: Int16(POLLIN | POLLOUT), revents: 0)
        _ = poll(&ready, 1, 0)
        if ready.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            isReading = true
            _ = client.read()
            isReading = false
        }
        if ready.revents & Int16(POLLOUT) != 0 && client.socket >= 0 { _ = client.write() }
        sync()
    }

    private func unregisterSocket() {
        if let registration { loop.unregister(registration) }
        registration = nil
        registeredFD = -1
        registeredForWrite = false
    }

    /// Writes what is queued (offline, DISCONNECT) within `timeout`, blocking: only at stop.
    private func flush(timeout: Duration) {
        let end = loop.clock.now() + timeout
        while client.socket >= 0 && client.wantsWrite {
            let left = end - loop.clock.now()
            guard left > .zero else { return }
            var ready = pollfd(fd: client.socket, events: Int16(POLLOUT), revents: 0)
            let ms = Int32(max(1, left.nanoseconds / 1_000_000))
            guard poll(&ready, 1, ms) > 0 else { return }
            _ = client.write()
        }
    }
}

/// The client, carried to the helper thread. Safe because the bridge does not touch the
/// client while an attempt runs (state `connecting`), and the thread's end is published to
/// the loop through the eventfd write and read.
private struct UncheckedClient: @unchecked Sendable {
    let client: MosquittoClient
}
