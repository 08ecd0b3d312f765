/// Why an image `source` cannot be shown: the source as given and the reason, which reads
/// after it (`"../../etc/shadow" lies outside the config's folder and images.directories`).
public struct ImageSourceError: Error, Equatable, CustomStringConvertible {
    /// The source as given.
    public var source: String
    /// What is wrong with it, phrased to follow the quoted source.
    public var reason: String

    /// An error about `source`.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "\"\(source)\" \(reason)" }
}
