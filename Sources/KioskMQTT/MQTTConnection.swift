/// Where and how the bridge connects: the broker, TLS, the credentials' user name, the
/// keepalive and the topic prefix. The kiosk's `mqtt` settings become one of these
/// (`MQTTService`), so this module reads no config and knows no widget.
package struct MQTTConnection: Sendable, Equatable {
    /// The broker's host name or address.
    package var host: String
    /// The broker's port.
    package var port: Int
    /// TLS (`mqtts://`): the broker's certificate and host name are verified.
    package var usesTLS: Bool
    /// The PEM CAs that sign the broker's certificate (TLS only); nil: the system's.
    package var caFile: String?
    /// The user name to log in with; nil: none.
    package var username: String?
    /// Whole seconds between keepalive pings.
    package var keepalive: Int
    /// What every topic starts with (`PREFIX/status`, `PREFIX/request`, …).
    package var topicPrefix: String
    /// The broker as the log names it: `mqtt://host:port`, `mqtts://host:port`.
    package var url: String

    /// A connection to `host`:`port`, with `topicPrefix` before every topic.
    package init(host: String, port: Int, usesTLS: Bool = false, caFile: String? = nil, username: String? = nil,
                keepalive: Int = 30, topicPrefix: String, url: String? = nil) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
        self.caFile = caFile
        self.username = username
        self.keepalive = keepalive
        self.topicPrefix = topicPrefix
        self.url = url ?? "\(usesTLS ? "mqtts" : "mqtt")://\(host):\(port)"
    }
}
