import KioskCore
import KioskUI

/// Where images may come from and how many decoded pixels are kept: the `"images"` object.
///
/// ```json
/// "images": { "directories": ["/srv/photos"], "cacheMB": 32 }
/// ```
///
/// Every image `source` (in the config and set at run time) must resolve, after symbolic
/// links, inside the config's folder or one of `directories`: a `source` from the network can
/// never make the kiosk read a file elsewhere.
package struct ImageSettings: Sendable, Equatable, Decodable {
    /// `directories` (default none): absolute paths of further folders images may come from.
    package var directories: [String]
    /// `cacheMB` (1…1024, default 32): the decoded images kept, scaled for the display, in
    /// MiB; the least recently used go first.
    package var cacheMegabytes: Int
    /// The config's folder, which relative sources are resolved in; not part of the JSON
    /// (set by the loader's caller, which knows where the file came from). Nil: the current
    /// directory.
    package var folder: String?
    /// The images the config names, checked, by `source` as written. Not part of the JSON:
    /// `ConfigLoader` fills it through its image inspector.
    package var files: [String: ImageReference]

    /// `cacheMB` when the config gives none.
    package static let defaultCacheMegabytes = 32

    /// Settings allowing `directories` besides the config's folder.
    package init(directories: [String] = [], cacheMegabytes: Int = ImageSettings.defaultCacheMegabytes) {
        self.directories = directories
        self.cacheMegabytes = cacheMegabytes
        self.folder = nil
        self.files = [:]
    }

    /// The cache's bound in bytes.
    package var cacheBytes: Int { cacheMegabytes << 20 }

    enum CodingKeys: String, CodingKey { case directories, cacheMB }

    /// `cacheMB`.
    static let cacheRule = NumberRule(1...1024, unit: " MiB")

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let directories = try fields.optional(.directories, as: [String].self) ?? []
        for (index, directory) in directories.enumerated() {
            let at = fields.path(of: .directories) + [IndexKey(index)]
            if let problem = TextRule.path.problem(with: directory) {
                try fields.report(problem, atPath: at)
            } else if !directory.hasPrefix("/") {
                try fields.report("must be an absolute path (found \(JSONWriter.quoted(directory)))", atPath: at)
            }
        }
        let cache = try fields.wholeNumber(.cacheMB, Self.cacheRule, default: Self.defaultCacheMegabytes, of: "MiB")
        self.init(directories: directories, cacheMegabytes: cache ?? Self.defaultCacheMegabytes)
    }
}
