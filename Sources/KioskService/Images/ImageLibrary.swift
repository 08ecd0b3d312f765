import Glibc
import KioskConfig
import KioskControls
import KioskCore
import KioskLoop
import KioskRender
import KioskUI

/// Where a kiosk's images may come from, and the one check every image `source` passes: in
/// the config (`kiosk check` and the start, through `ConfigLoader`'s image inspector) and at
/// run time (`setSource(_:of:)`, what the socket's and MQTT's property setters call).
///
/// A source is a path relative to the config's folder, or absolute. It is resolved with
/// `realpath` (every symbolic link followed, `..` taken away) and must then lie inside the
/// config's folder or one of `images.directories` (each resolved the same way): no source,
/// whoever sends it, reads `/etc/shadow` or follows a link out of those folders. The file must
/// then be a regular file within `ImageLimits`, a PNG or JPEG that decodes whole: a corrupt
/// file is refused here, not discovered by a frame.
///
/// A race remains by design: a folder the kiosk may read from, writable by someone else,
/// could have a checked file replaced by a link before the renderer opens it. The folders
/// listed are the owner's; keep them writable only by whoever may choose the kiosk's images.
public struct ImageLibrary: Sendable {
    /// The config's folder, where relative sources start.
    public var folder: String
    /// Further folders sources may resolve into (`images.directories`).
    public var directories: [String]

    /// A library resolving relative sources in `folder` (default: the current directory),
    /// allowing files in it and in `directories`.
    public init(folder: String = ".", directories: [String] = []) {
        self.folder = folder.isEmpty ? "." : folder
        self.directories = directories
    }

    /// The library of `config`: its folder (set by `KioskSetup` when it loaded the file) and
    /// its `images.directories`.
    public init(config: KioskConfiguration) {
        self.init(folder: config.images.folder ?? ".", directories: config.images.directories)
    }

    /// The file `source` names, checked (see the type's comment), or why it cannot be shown.
    public func resolve(_ source: String) throws(ImageSourceError) -> ImageReference {
        try locate(source).load { _, _ in }
    }

    /// Where the file `source` names is, confined to the allowed folders; the file is not
    /// read yet (`ImageFile.load`). Cheap: a few `realpath`s, for the loop's thread.
    ///
    /// A source outside the folders is refused as such whether or not it exists, and the
    /// message a client hears does not say where a link leads (`ImageSourceError.detail`
    /// keeps the resolved path for the journal): a refusal tells nobody which files exist.
    package func locate(_ source: String) throws(ImageSourceError) -> ImageFile {
        func fail(_ reason: String, detail: String? = nil) -> ImageSourceError {
            ImageSourceError(source: source, reason: reason, detail: detail)
        }
        if let problem = TextRule.path.problem(with: source) { throw fail(problem) }
        guard !source.utf8.contains(0) else { throw fail("must not contain a NUL character") }
        let written = source.hasPrefix("/") ? source : folder + "/" + source
        let roots = ([folder] + directories).compactMap(Self.realPath)
        let outside = "lies outside the config's folder and images.directories"
        guard let resolved = Self.realPath(written) else {
            let reason = SystemCallError.message(errno)
            if let place = Self.placeOfMissing(written), !roots.contains(where: { Self.path(place, isInside: $0) }) {
                throw fail(outside, detail: "it would be \(place)")
            }
            throw fail("cannot be read: \(reason)")
        }
        guard roots.contains(where: { Self.path(resolved, isInside: $0) }) else {
            throw fail(outside, detail: "it is \(resolved)")
        }
        return ImageFile(source: source, path: resolved)
    }

    /// Shows the file `source` names in `view`, or throws and leaves the view as it was.
    public func setSource(_ source: String, of view: ImageView) throws(ImageSourceError) {
        view.show(try resolve(source), source: source)
    }

    /// The checks of the config's images for `ConfigLoader`: this library's folder, with the
    /// config's own directories.
    /// The config is the operator's own file: its messages say where a link leads.
    public var inspector: ConfigLoader.ImageInspector {
        let folder = self.folder
        return { source, directories in
            do throws(ImageSourceError) {
                return .success(try ImageLibrary(folder: folder, directories: directories).resolve(source))
            } catch {
                return .failure(FileReadProblem(reason: error.reasonWithDetail))
            }
        }
    }

    /// Where a file that does not exist would be: its nearest existing folder resolved (a link
    /// on the way may lead anywhere), the rest of the path as written. Nil when not even `/`
    /// resolves.
    static func placeOfMissing(_ path: String) -> String? {
        var rest: [Substring] = []
        var folder = Substring(path)
        while let slash = folder.lastIndex(of: "/") {
            rest.insert(folder[folder.index(after: slash)...], at: 0)
            folder = folder[..<slash]
            if let base = realPath(folder.isEmpty ? "/" : String(folder)) {
                var parts = base.split(separator: "/", omittingEmptySubsequences: true)
                for part in rest where part != "." && !part.isEmpty {
                    if part == ".." { _ = parts.popLast() } else { parts.append(part) }
                }
                return "/" + parts.joined(separator: "/")
            }
        }
        return nil
    }

    /// `realpath(3)`: absolute, no links, no `.` or `..`; nil (errno set) when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or lies below it (both resolved): a prefix of whole components,
    /// so `/srv/photos-old` is not inside `/srv/photos`.
    static func path(_ path: String, isInside root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }
}
