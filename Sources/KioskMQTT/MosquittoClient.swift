@preconcurrency import Glibc
import CMosquitto

/// libmosquitto's client, owned: one `struct mosquitto *`, its callbacks as Swift closures, and
/// the calls the bridge makes, each checked. The only type that touches libmosquitto.
///
/// The client never runs a loop of its own (`mosquitto_loop_start` would start a thread);
/// its owner puts ``socket`` into the kiosk's epoll loop and calls ``read()``, ``write()`` and
/// ``keepAlive()``. Callbacks run inside those calls, on the loop's thread; a publish made in
/// a callback is queued by libmosquitto and written by the next ``write()``.
///
/// Confined to one thread at a time, like the loop: ``connect(host:port:keepalive:)`` may run
/// on a helper thread, but only while the owner does not touch the client (see ``ConnectAttempt``).
final class MosquittoClient {
    /// A message from the broker.
    struct Message {
        var topic: String
        var payload: [UInt8]
        /// Delivered from the broker's store (a retained message, on subscribing), not as
        /// it was published.
        var retained: Bool
    }

    /// `on_connect`: 0 for success, else the CONNACK code (`mosquitto_connack_string`).
    var onConnect: ((Int32) -> Void)?
    /// `on_disconnect`: 0 after our own `mosquitto_disconnect`, else why the connection ended.
    var onDisconnect: ((Int32) -> Void)?
    var onMessage: ((Message) -> Void)?

    let handle: OpaquePointer

    /// `mosquitto_lib_init` once per process (it seeds libmosquitto's random ids and OpenSSL).
    private static let library: Int32 = mosquitto_lib_init()

    /// `mosquitto_new(id, clean_session: true, self)`: a clean session, because the kiosk
    /// republishes its whole state on every connection and wants no requests queued for it
    /// while it was away (they would arrive stale).
    init(clientID: String) throws(MosquittoError) {
        _ = Self.library
        guard let handle = mosquitto_new(clientID, true, nil) else {
            throw MosquittoError(call: "mosquitto_new", code: Int32(MOSQ_ERR_ERRNO.rawValue))
        }
        self.handle = handle
        // Small messages one after another (a PUBACK, then the reply): with Nagle's algorithm
        // the second waits for the broker's delayed ACK, 40 ms or more, on every request.
        _ = mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1)
        // The context pointer is set after init, when `self` exists; unretained because the
        // client owns the handle and destroys it in deinit, so no callback outlives it.
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_connect_callback_set(handle) { _, context, rc in
            MosquittoClient.from(context)?.onConnect?(rc)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, rc in
            MosquittoClient.from(context)?.onDisconnect?(rc)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let client = MosquittoClient.from(context), let message else { return }
            let m = message.pointee
            let topic = m.topic.map { String(cString: $0) } ?? ""
            let payload: [UInt8] = m.payload.map {
                Array(UnsafeRawBufferPointer(start: $0, count: Int(m.payloadlen)))
            } ?? []
            client.onMessage?(Message(topic: topic, payload: payload, retained: m.retain))
        }
    }

    deinit {
        mosquitto_destroy(handle)
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> MosquittoClient? {
        context.map { Unmanaged<MosquittoClient>.fromOpaque($0).takeUnretainedValue() }
    }

    // MARK: Options, before connecting

    /// `mosquitto_username_pw_set`. libmosquitto copies both strings.
    func setCredentials(username: String, password: String?) throws(MosquittoError) {
        try MosquittoError.check("mosquitto_username_pw_set", mosquitto_username_pw_set(handle, username, password))
    }

    /// `mosquitto_tls_set` with the broker's CA: a file, or the system's directory. The broker's
    /// certificate and host name are verified (libmosquitto's default).
    func setTLS(caFile: String?) throws(MosquittoError) {
        let rc = mosquitto_tls_set(handle, caFile, caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil)
        try MosquittoError.check("mosquitto_tls_set", rc)
    }

    /// `mosquitto_will_set`.
    func setWill(_ message: MQTTMessage) throws(MosquittoError) {
        let rc = Array(message.payload.utf8).withUnsafeBytes { bytes in
            mosquitto_will_set(handle, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos.rawValue, message.retain)
        }
        try MosquittoError.check("mosquitto_will_set", rc)
    }

    // MARK: The connection

    /// `mosquitto_connect_async`: resolves `host` (getaddrinfo, which blocks for a name), then
    /// starts a non-blocking TCP connect and queues CONNECT. Hence called from a helper thread.
    func connect(host: String, port: Int, keepalive: Int) -> Int32 {
        mosquitto_connect_async(handle, host, Int32(port), Int32(keepalive))
    }

    /// The broker's socket, or -1 while not connected.
    var socket: Int32 { mosquitto_socket(handle) }

    /// Whether libmosquitto has bytes queued (or TLS wants to write): only then does the loop
    /// wait for the socket to be writable.
    var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// `mosquitto_loop_read` until the socket would block; callbacks run in here.
    func read() -> Int32 { mosquitto_loop_read(handle, Self.packetsPerCall) }

    /// `mosquitto_loop_write` until the queue is empty or the socket would block.
    func write() -> Int32 { mosquitto_loop_write(handle, Self.packetsPerCall) }

    /// `mosquitto_loop_misc`: sends PINGREQ when the keepalive is due, drops a connection whose
    /// PINGRESP did not come.
    func keepAlive() -> Int32 { mosquitto_loop_misc(handle) }

    /// `mosquitto_disconnect`: queues DISCONNECT; the socket closes once it is written.
    func disconnect() -> Int32 { mosquitto_disconnect(handle) }

    /// `mosquitto_publish` (copies the payload; writes at once when the socket takes it).
    func publish(_ message: MQTTMessage) throws(MosquittoError) {
        let rc = Array(message.payload.utf8).withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, message.topic, Int32(bytes.count), bytes.baseAddress, message.qos.rawValue,
                              message.retain)
        }
        try MosquittoError.check("mosquitto_publish", rc)
    }

    /// `mosquitto_subscribe`.
    func subscribe(_ topic: String, qos: MQTTMessage.QoS) throws(MosquittoError) {
        try MosquittoError.check("mosquitto_subscribe", mosquitto_subscribe(handle, nil, topic, qos.rawValue))
    }

    /// Why a CONNACK refused us (`mosquitto_connack_string`).
    static func connackReason(_ code: Int32) -> String { String(cString: mosquitto_connack_string(code)) }

    static var success: Int32 { Int32(MOSQ_ERR_SUCCESS.rawValue) }

    /// `MOSQ_ERR_TLS`: the handshake failed (an unknown CA, a certificate for another name, a
    /// CA file that cannot be used).
    static func isTLSFailure(_ code: Int32) -> Bool { code == Int32(MOSQ_ERR_TLS.rawValue) }

    /// Packets per read or write call: libmosquitto stops early when the socket would block,
    /// so this only bounds how long one wake-up may spend on a flood.
    private static let packetsPerCall: Int32 = 64
}
