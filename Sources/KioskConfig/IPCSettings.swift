/// The control socket: the `"ipc"` object of a config.
///
/// ```json
/// "ipc": { "socket": "/run/swiftkiosk/kiosk.sock", "group": "kiosk" }
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

    /// A socket at `socket` that `group` may connect to (nil: the kiosk's own group).
    package init(socket: String, group: String? = nil) {
        self.socket = socket
        self.group = group
    }

    enum CodingKeys: String, CodingKey { case socket, group }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let socket = try fields.string(.socket, .socketPath)
        let group = try fields.optional(.group, as: String.self)
        if let group, group.isEmpty || group.utf8.count > 256 {
            try fields.report("must be a group name of 1 to 256 bytes", at: .group)
        }
        self.init(socket: socket ?? "", group: group)
    }
}

extension TextRule {
    /// A Unix socket's path: `sun_path` holds 107 bytes (scalars are at most bytes, so the
    /// socket itself checks bytes again).
    package static let socketPath = TextRule(allowsEmpty: false, maximumScalars: 107)
}
