import KioskCore

/// Why an image `source` cannot be shown: the source as given and the reason, which reads
/// after it (`"../../etc/shadow" lies outside the config's folder and images.directories`).
public struct ImageSourceError: Error, Equatable, CustomStringConvertible {
    /// The source as given.
    public var source: String
    /// What is wrong with it, phrased to follow the quoted source: what anyone who sent the
    /// source may be told.
    public var reason: String
    /// What only the kiosk's operator should read: where a source outside the allowed
    /// folders leads (`it is /etc/shadow`). The journal and `kiosk check` show it; a remote
    /// client's reply does not, so that a refusal tells nobody which files exist.
    public var detail: String?

    /// An error about `source`.
    public init(source: String, reason: String, detail: String? = nil) {
        self.source = source
        self.reason = reason
        self.detail = detail
    }

    /// The reason with the detail in brackets after it, for the operator.
    public var reasonWithDetail: String { detail.map { "\(reason) (\($0))" } ?? reason }

    /// What a client is told: the source and the reason, without the detail.
    public var description: String { "\(JSONWriter.quoted(source)) \(reason)" }
}
