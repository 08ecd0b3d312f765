import KioskCore

/// Where the MQTT broker is: `mqtt://host[:port]` (plain TCP, port 1883 by default) or
/// `mqtts://host[:port]` (TLS, 8883). The host is a name, an IPv4 literal or a bracketed IPv6
/// literal (`mqtt://[::1]:1883`).
///
/// Only the broker's address: a user name or password in the URL would end up in logs and in
/// `ps`, so credentials have their own keys (`username`, `passwordFile`); a path, query or
/// fragment has no meaning for MQTT and is refused rather than ignored.
package struct BrokerURL: Sendable, Equatable, CustomStringConvertible {
    /// How the kiosk talks to the broker: the URL's scheme.
    package enum Scheme: String, Sendable {
        /// Plain TCP (`mqtt://`): only on a network the kiosk trusts.
        case mqtt
        /// TLS (`mqtts://`), checked against `caFile` or the system's certificates.
        case mqtts

        /// The port IANA assigned to the scheme.
        package var defaultPort: Int { self == .mqtt ? 1883 : 8883 }
    }

    /// Plain TCP or TLS.
    package var scheme: Scheme
    /// The host as libmosquitto takes it: without the brackets of an IPv6 literal.
    package var host: String
    /// The TCP port: the one in the URL, else the scheme's ``Scheme/defaultPort``.
    package var port: Int

    /// The broker at `host`, on `port` or, when nil, the scheme's default port.
    package init(scheme: Scheme, host: String, port: Int? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port ?? scheme.defaultPort
    }

    /// Whether the host is an IP literal, which needs no name resolution.
    package var hostIsIPLiteral: Bool { host.contains(":") || Self.isIPv4(host) }

    /// `mqtt://host:port`, with the port always written (what the logs show).
    package var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(shown):\(port)"
    }

    /// Parses `text`, or says what is wrong with it (the config reports it at `mqtt.url`).
    package static func parse(_ text: String) -> Result<BrokerURL, URLProblem> {
        let scheme: Scheme
        let rest: Substring
        if text.hasPrefix("mqtt://") {
            scheme = .mqtt
            rest = text.dropFirst("mqtt://".count)
        } else if text.hasPrefix("mqtts://") {
            scheme = .mqtts
            rest = text.dropFirst("mqtts://".count)
        } else {
            return .failure(URLProblem("must start with mqtt:// or mqtts:// (found \(quoted(text)))"))
        }
        if rest.contains("@") {
            return .failure(URLProblem("must not contain a user name or password (use \"username\" and \"passwordFile\")"))
        }
        if let bad = rest.firstIndex(where: { "/?#".contains($0) }) {
            return .failure(URLProblem("must be only mqtt[s]://host[:port], without a path, query or fragment "
                                       + "(found \(quoted(String(rest[bad...]))))"))
        }
        let host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else {
                return .failure(URLProblem("has an IPv6 address without its closing \"]\""))
            }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else {
                    return .failure(URLProblem("must have \":port\" or nothing after the IPv6 address"))
                }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }), host.contains(":") else {
                return .failure(URLProblem("has an invalid IPv6 address \(quoted(String(host)))"))
            }
        } else {
            let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            if parts.count == 2 { portText = parts[1] }
            guard !host.isEmpty else { return .failure(URLProblem("has no host")) }
            guard host.utf8.count <= 253 else {
                return .failure(URLProblem("has a host name longer than 253 characters"))
            }
            guard host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "." }) else {
                return .failure(URLProblem("has an invalid host \(quoted(String(host))) "
                                           + "(letters, digits, \"-\" and \".\", or an IP address)"))
            }
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                  let number = Int(portText), (1...65535).contains(number) else {
                return .failure(URLProblem("must have a port between 1 and 65535 (found \(quoted(String(portText))))"))
            }
            port = number
        }
        return .success(BrokerURL(scheme: scheme, host: String(host), port: port))
    }

    private static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { $0.count <= 3 && !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) && Int($0)! <= 255 }
    }

    private static func quoted(_ text: String) -> String { JSONWriter.quoted(text) }
}

/// What is wrong with a broker URL, as the config states it.
package struct URLProblem: Error, Equatable, Sendable, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
