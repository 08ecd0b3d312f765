import CCairo
import KioskCore
import KioskUI

/// Decoded images kept at the size and orientation they are shown in, in device pixels
/// (`Canvas.drawImage`): a frame composites one with a plain copy, never scales a photo.
///
/// An entry is one image as drawn in one place: the file (`ImageReference`, whose stamp tells
/// versions apart), the fit, the rectangle's size and the scene → device matrix's linear part
/// (scale and rotation). Only what is visible is kept: a `cover` background is cut to the
/// screen first. The file is decoded on a miss, scaled once, and the decoded original let go.
///
/// Bounded in bytes (`display.imageCacheMB`-style `images.cacheMB`: 32 MiB by default), the
/// least recently used image out first; one image larger than the whole bound is still kept
/// alone, so a frame can always draw what it shows. A file that cannot be decoded is kept as
/// a failure (no pixels), so a missing file is tried once, not every frame. A picture set at
/// run time comes in decoded and scaled already (`prepare`, `insert`): its frame only copies.
package final class ImageCache {
    /// What an entry is for.
    struct Key: Hashable {
        var image: ImageReference
        var fit: ImageFit
        /// The rectangle's size, in scene units.
        var width, height: Double
        /// The linear part of the scene → device matrix.
        var xx, yx, xy, yy: Double
    }

    /// An image ready to composite: its pixels from `origin` (device pixels, relative to the
    /// device position of the visible part's top-left corner, rounded).
    final class Entry {
        /// nil: the file could not be decoded (`failure` says why).
        let surface: CairoSurface?
        let failure: ImageError?
        init(surface: CairoSurface?, failure: ImageError?) {
            self.surface = surface
            self.failure = failure
        }
        var bytes: Int { surface?.buffer.byteCount ?? 0 }
    }

    /// The default bound: 32 MiB, four full 1920x1080 frames.
    package static let defaultMaximumBytes = 32 << 20

    /// Gives a file's bytes: `ImageFileReader` (the image fuzzer hands its input instead).
    package typealias Loader = (String) throws(ImageError) -> [UInt8]

    private var entries: LeastRecentlyUsedCache<Key, Entry>
    private let load: Loader
    /// Files decoded so far (tests: a hit decodes nothing).
    package private(set) var decodes = 0

    /// A cache of at most `maximumBytes` of pixels, reading files with `load`.
    package init(maximumBytes: Int = ImageCache.defaultMaximumBytes,
                 load: @escaping Loader = { (path) throws(ImageError) in try ImageFileReader.read(path).bytes }) {
        entries = LeastRecentlyUsedCache(capacity: 256, maximumCost: max(0, maximumBytes))
        self.load = load
    }

    /// The pixels the entries take together.
    package var bytes: Int { entries.totalCost }
    /// How many entries there are.
    package var count: Int { entries.count }

    /// The entry for `key`, made by `make` (given the decoded original) on a miss.
    func entry(for key: Key, make: (PixelBuffer) throws(ImageError) -> PixelBuffer) -> Entry {
        if let hit = entries.value(for: key) { return hit }
        let entry: Entry
        do throws(ImageError) {
            decodes += 1
            let original = try ImageDecoder.decode(load(key.image.path))
            let scaled = try make(original)
            entry = Entry(surface: try? CairoSurface(buffer: scaled), failure: nil)
        } catch {
            entry = Entry(surface: nil, failure: error)
        }
        entries.insert(entry, for: key, cost: entry.bytes)
        return entry
    }

    /// Images decoded and scaled ahead of the frames that show them (`prepare`), for a
    /// picture set at run time: made on another thread, then put in the cache on the loop's.
    /// Nothing but the preparation holds its entries until `insert`, so it may change threads.
    package struct Prepared: @unchecked Sendable {
        fileprivate var entries: [(key: Key, entry: Entry)]
        /// The sites it was made for.
        package var count: Int { entries.count }
        /// Nothing prepared.
        package static let none = Prepared(entries: [])
    }

    /// `original` (the file of `image`, decoded) made ready for each of `sites` (the places
    /// its control draws it, with any file in them: `image` takes its place), the original let
    /// go after. A site the image cannot be scaled for keeps nothing: the frame tries again.
    /// Touches no cache: it may run on any thread.
    package static func prepare(_ original: PixelBuffer, of image: ImageReference, for sites: [ImageSite]) -> Prepared {
        var entries: [(key: Key, entry: Entry)] = []
        for site in Set(sites.map { $0.showing(image) }) {
            guard let plan = site.plan, !entries.contains(where: { $0.key == plan.key }),
                  let scaled = try? plan.scale(original), let surface = try? CairoSurface(buffer: scaled) else { continue }
            entries.append((plan.key, Entry(surface: surface, failure: nil)))
        }
        return Prepared(entries: entries)
    }

    /// Puts prepared images in the cache, as if a frame had just drawn them.
    package func insert(_ prepared: Prepared) {
        for (key, entry) in prepared.entries { entries.insert(entry, for: key, cost: entry.bytes) }
    }

    /// Failures already reported as a frame error: each one once.
    private var reported: Set<Key> = []

    /// Whether the failure of `key` is new (to be reported); true once per key.
    func reportFailure(for key: Key) -> Bool {
        if reported.count > 256 { reported.removeAll() }
        return reported.insert(key).inserted
    }

    /// Drops every image (a renderer that releases its memory).
    package func removeAll() { entries.removeAll() }
}
