/// The control socket: the `"ipc"` object of a config.
///
/// ```json
/// "ipc": { "socket": "/run/swiftkiosk/kiosk.sock", "group": "kiosk", "maxClients": 32 }
/// ```
///
/// Without an `ipc` section (and without `--socket`) the kiosk opens no socket. A reload does
/// not move the socket: a changed `ipc` takes effect at the next start.
package struct IPCSettings: Sendable, Equatable, Decodable {
    /// Where the Unix socket is made (`socket`, required in the section; `--socket` overrides).
    package var socket: String
    /// The group allowed to connect (`group`; default none: the kiosk's own group). The
    /// socket is mode 0660 either way.
    package var group: String?
    /// The most clients connected at once (`maxClients`, 1…1024; default 32): one more is
    /// told so and closed, so idle connections cannot take the kiosk's descriptors.
    package var maximumClients: Int

    /// The default `maxClients`.
    package static let defaultMaximumClients = 32
    /// What `maxClients` may be: the units' `LimitNOFILE=1024` leaves room for the rest.
    static let maximumClientsRule = NumberRule(1...1024)

    /// A socket at `socket` that `group` may connect to (nil: the kiosk's own group), by at
    /// most `maximumClients` clients at once.
    package init(socket: String, group: String? = nil, maximumClients: Int = IPCSettings.defaultMaximumClients) {
        self.socket = socket
        self.group = group
        self.maximumClients = maximumClients
    }

    enum CodingKeys: String, CodingKey { case socket, group, maxClients }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let socket = try fields.string(.socket, .socketPath)
        let group = try fields.optional(.group, as: String.self)
        if let group, group.isEmpty || group.utf8.count > 256 {
            try fields.report("must be a group name of 1 to 256 bytes", at: .group)
        }
        let maximumClients = try fields.wholeNumber(.maxClients, Self.maximumClientsRule,
                                                    default: Self.defaultMaximumClients, of: "clients")
        self.init(socket: socket ?? "", group: group, maximumClients: maximumClients ?? Self.defaultMaximumClients)
    }
}

extension TextRule {
    /// A Unix socket's path: `sun_path` holds 107 bytes (scalars are at most bytes, so the
    /// socket itself checks bytes again).
    package static let socketPath = TextRule(allowsEmpty: false, maximumScalars: 107)
}
