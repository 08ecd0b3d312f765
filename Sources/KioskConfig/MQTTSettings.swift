import KioskCore

/// The MQTT bridge: the `"mqtt"` object of a config. Without it the kiosk talks to no broker.
///
/// ```json
/// "mqtt": { "url": "mqtts://broker.example:8883", "clientID": "lobby-3",
///           "topicPrefix": "museum/lobby-3", "username": "kiosk",
///           "passwordFile": "/etc/swiftkiosk/mqtt-password", "caFile": "/etc/ssl/certs/museum-ca.pem",
///           "keepalive": 30, "allow": ["get", "set", "showPopup", "dismiss"] }
/// ```
///
/// The password itself is never in the config (which is often world-readable and shown in
/// errors); `passwordFile` names a file read once at start. Paths are used as written: give
/// absolute paths, since a service's working directory is `/`.
package struct MQTTSettings: Sendable, Equatable, Decodable {
    /// `url` (required): the broker.
    package var url: BrokerURL
    /// `clientID`; nil: `swiftkiosk-<host name>` (see ``clientID(hostName:)``).
    package var clientID: String?
    /// `topicPrefix`; nil: `swiftkiosk/<client id>`.
    package var topicPrefix: String?
    /// `username`; nil: connect without credentials.
    package var username: String?
    /// `passwordFile`: the password is the file's text without its final newline. Needs `username`.
    package var passwordFile: String?
    /// `caFile`: the PEM certificates that sign the broker's (only for `mqtts://`); nil: the
    /// system's (`/etc/ssl/certs`).
    package var caFile: String?
    /// `keepalive`, in whole seconds (5…3600, default 30): how often the broker expects to
    /// hear from the kiosk, and so how soon it publishes the last will of a kiosk that vanished
    /// (after 1.5 times this).
    package var keepalive: Int
    /// `allow`: the ops the broker may send on `P/request`, by name; nil: the default, every
    /// op its table entry lets a broker send unasked (all but `reload`; see
    /// `ControlOperation.brokerMaySendByDefault`). Names are checked against
    /// `ControlOperationNames.all`.
    package var allow: [String]?
    /// `maskedText` (default false): whether a masked field's `submitted` carries its text on
    /// `PREFIX/events`; false: only its length, so a PIN never crosses the broker.
    package var maskedText: Bool

    /// `keepalive` when the config gives none: a vanished kiosk is reported within 45 s.
    package static let defaultKeepalive = 30
    static let keepaliveRule = NumberRule(5...3600, unit: " seconds")

    /// Settings for the broker at `url`; nil fields take the defaults described above.
    package init(url: BrokerURL, clientID: String? = nil, topicPrefix: String? = nil, username: String? = nil,
                passwordFile: String? = nil, caFile: String? = nil, keepalive: Int = MQTTSettings.defaultKeepalive,
                allow: [String]? = nil, maskedText: Bool = false) {
        self.url = url
        self.clientID = clientID
        self.topicPrefix = topicPrefix
        self.username = username
        self.passwordFile = passwordFile
        self.caFile = caFile
        self.keepalive = keepalive
        self.allow = allow
        self.maskedText = maskedText
    }

    /// The client id: `clientID`, else `swiftkiosk-` and the host name with every character
    /// other than a letter, digit, `-` or `_` replaced by `-` (ids of fleets stay readable, and
    /// a topic made of the id never holds a wildcard).
    package func clientID(hostName: String) -> String {
        if let clientID { return clientID }
        let cleaned = String(hostName.map { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" ? $0 : "-" })
        return "swiftkiosk-" + (cleaned.isEmpty ? "kiosk" : cleaned)
    }

    /// The topic prefix: `topicPrefix`, else `swiftkiosk/<client id>`.
    package func topicPrefix(clientID: String) -> String { topicPrefix ?? "swiftkiosk/\(clientID)" }

    /// A client id: 1 to 128 characters, none a space or a control character (MQTT 3.1.1 lets
    /// a broker refuse more; mosquitto takes up to 65535 bytes, longer ones only clutter logs).
    static let clientIDRule = TextRule(allowsEmpty: false, maximumScalars: 128)
    /// A topic prefix: a topic name of up to 256 scalars.
    static let topicRule = TextRule(allowsEmpty: false, maximumScalars: 256)
    static let usernameRule = TextRule(allowsEmpty: false, maximumScalars: 256)

    enum CodingKeys: String, CodingKey { case url, clientID, topicPrefix, username, passwordFile, caFile, keepalive, allow, maskedText }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let url = try fields.required(.url, as: String.self).flatMap { text -> BrokerURL? in
            switch BrokerURL.parse(text) {
            case .success(let url): return url
            case .failure(let problem):
                try fields.report(problem.description, at: .url)
                return nil
            }
        }
        let clientID = try Self.checked(fields.optional(.clientID, as: String.self), Self.clientIDRule, .clientID, fields) {
            $0.contains { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }
                ? "must not contain spaces or control characters" : nil
        }
        let prefix = try Self.checked(fields.optional(.topicPrefix, as: String.self), Self.topicRule, .topicPrefix, fields) {
            Self.topicPrefixProblem($0)
        }
        let username = try Self.checked(fields.optional(.username, as: String.self), Self.usernameRule, .username, fields) { _ in nil }
        let passwordFile = try Self.checked(fields.optional(.passwordFile, as: String.self), .path, .passwordFile, fields) { _ in nil }
        let caFile = try Self.checked(fields.optional(.caFile, as: String.self), .path, .caFile, fields) { _ in nil }
        let keepalive = try fields.wholeNumber(.keepalive, Self.keepaliveRule, default: Self.defaultKeepalive, of: "seconds")
        let allow = try Self.allowedOperations(fields)
        let maskedText = try fields.bool(.maskedText, default: false) ?? false
        if passwordFile != nil && !fields.container.contains(.username) {
            try fields.report("needs \"username\" as well", at: .passwordFile)
        }
        if let caFile, let url {
            if url.scheme == .mqtt {
                try fields.report("is only used with an mqtts:// url (the url is \(url))", at: .caFile)
            } else {
                fields.validator?.use(certificateFile: caFile, at: fields.path(of: .caFile))
            }
        }
        self.init(url: url ?? BrokerURL(scheme: .mqtt, host: "invalid"), clientID: clientID, topicPrefix: prefix,
                  username: username, passwordFile: passwordFile, caFile: caFile,
                  keepalive: keepalive ?? Self.defaultKeepalive, allow: allow, maskedText: maskedText)
    }

    /// `allow`: a list of op names, each an op of the protocol (a typo gets its suggestion) and
    /// none twice; nil when absent. A bad name is left out of what is returned and reported.
    private static func allowedOperations(_ fields: ConfigFields<CodingKeys>) throws -> [String]? {
        guard fields.container.contains(.allow) else { return nil }
        guard let names = try fields.array(.allow, of: String.self, default: nil) else { return nil }
        var allowed: [String] = []
        for (index, name) in names.enumerated() {
            let at = fields.path(of: .allow) + [IndexKey(index)]
            if !ControlOperationNames.all.contains(name) {
                let hint = Suggestion.closest(to: name, among: ControlOperationNames.all)
                    .map { "; did you mean \(JSONWriter.quoted($0))?" }
                    ?? "; ops: " + ControlOperationNames.all.joined(separator: ", ")
                try fields.report("unknown op \(JSONWriter.quoted(name))" + hint, atPath: at)
            } else if allowed.contains(name) {
                try fields.report("op \(JSONWriter.quoted(name)) is listed twice", atPath: at)
            } else {
                allowed.append(name)
            }
        }
        return allowed
    }

    /// Why the text of a `caFile` cannot be the broker's CA, or nil: it must hold at least one
    /// PEM certificate. libmosquitto loads the file only when it connects, and then says no
    /// more than "A TLS error occurred." on every retry; this says which file and why, at
    /// `kiosk check` and at start.
    package static func certificateFileProblem(_ text: String) -> String? {
        text.contains("-----BEGIN CERTIFICATE-----") ? nil
            : "holds no PEM certificate (a \"-----BEGIN CERTIFICATE-----\" block)"
    }

    /// Why `prefix` cannot begin topic names, or nil. Wildcards would make the kiosk publish
    /// to topics that cannot exist; a leading or trailing `/` makes an empty topic level that
    /// subscribers rarely expect.
    static func topicPrefixProblem(_ prefix: String) -> String? {
        if prefix.contains("+") || prefix.contains("#") { return "must not contain the wildcards \"+\" or \"#\"" }
        if prefix.hasPrefix("/") || prefix.hasSuffix("/") { return "must not begin or end with \"/\"" }
        if prefix.contains("//") { return "must not contain an empty level (\"//\")" }
        if prefix.unicodeScalars.contains(where: { $0.value == 0 || $0.properties.generalCategory == .control }) {
            return "must not contain control characters"
        }
        return nil
    }

    private static func checked(_ value: String?, _ rule: TextRule, _ key: CodingKeys, _ fields: ConfigFields<CodingKeys>,
                                _ extra: (String) -> String?) throws -> String? {
        guard let value else { return nil }
        if let problem = rule.problem(with: value) ?? extra(value) {
            try fields.report(problem, at: key)
            return nil
        }
        return value
    }
}
