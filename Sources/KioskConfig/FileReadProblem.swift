/// Why a file a config refers to (a popup template) could not be read: what the reader
/// given to `ConfigLoader` returns instead of the file's text. `reason` is shown after the
/// path as written in the config:
///
///     demo.json: popups[0].template: cannot read "popups/missing.json": No such file or directory (line 9)
public struct FileReadProblem: Error, Sendable, Equatable {
    /// For example `strerror`'s text: "No such file or directory".
    public var reason: String

    /// A problem whose `reason` is shown after the path.
    public init(reason: String) { self.reason = reason }
}
