import CCairo
import KioskCore

/// Images of content that moves without changing (`Canvas.drawCached`), made at device
/// resolution and composited 1:1.
///
/// A slider's knob is a few antialiased shapes and a gradient: cairo rasterises each through
/// its scan converter and pixman's general gradient path, about 1.4 million instructions for
/// one knob of 40 pixels, where compositing the finished image costs a few thousand. An image is
/// made for one transformation (its linear part: scale and rotation) and one sub-pixel phase
/// of its position, in quarters of a pixel, so the copy lands on whole pixels.
///
/// The keys are the caller's own Hashable values. A lookup compares the hash first and casts
/// only on a match, so a hit neither allocates nor boxes the key; a miss stores it once.
///
/// One cache serves a canvas and the canvases of its retained layers (a screen under a popup
/// draws the same knobs), and it is bounded in count and in bytes: a dial's ring and glow are
/// a megabyte each at 1080p, and the glow has a new image every 20°.
final class SpriteCache {
    struct Placement: Equatable {
        /// The linear part of the user → device matrix (xx, yx, xy, yy).
        var xx, yx, xy, yy: Double
        /// The sub-pixel phase of the image's origin, in quarters of a device pixel (0…3).
        var phaseX, phaseY: Int
        /// The image's size in device pixels.
        var width, height: Int
    }

    final class Sprite {
        let buffer: PixelBuffer
        let surface: CairoSurface
        init(buffer: PixelBuffer, surface: CairoSurface) {
            self.buffer = buffer
            self.surface = surface
        }
    }

    private struct Entry {
        var hash: Int
        var key: any Hashable
        var placement: Placement
        var sprite: Sprite
        var lastUse: UInt64
    }

    /// Knobs of a few sliders, each in a few phases and states.
    let capacity: Int
    /// The pixels all images together may take: a dial's ring and two glow levels at 1080p,
    /// and knobs. An image larger than this is not kept.
    let maximumBytes: Int
    private var entries: [Entry] = []
    private var clock: UInt64 = 0
    private(set) var bytes = 0
    /// Images made so far (tests: a hit makes none).
    private(set) var misses = 0

    init(capacity: Int = 48, maximumBytes: Int = 6 << 20) {
        self.capacity = capacity
        self.maximumBytes = maximumBytes
        entries.reserveCapacity(capacity)
    }

    var count: Int { entries.count }

    /// Whether an image of `placement`'s size can be kept at all.
    func accepts(_ placement: Placement) -> Bool { placement.width * placement.height * 4 <= maximumBytes }

    /// The image for `key` at `placement`, made by `make` if there is none.
    func sprite<Key: Hashable>(for key: Key, at placement: Placement, make: () -> Sprite?) -> Sprite? {
        let hash = key.hashValue
        clock &+= 1
        for i in entries.indices where entries[i].hash == hash && entries[i].placement == placement {
            if let stored = entries[i].key as? Key, stored == key {
                entries[i].lastUse = clock
                return entries[i].sprite
            }
        }
        guard accepts(placement), let made = make() else { return nil }
        misses += 1
        let size = made.buffer.byteCount
        while !entries.isEmpty && (entries.count >= capacity || bytes + size > maximumBytes),
              let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            bytes -= entries[oldest].sprite.buffer.byteCount
            entries.remove(at: oldest)
        }
        entries.append(Entry(hash: hash, key: key, placement: placement, sprite: made, lastUse: clock))
        bytes += size
        return made
    }

    func removeAll() {
        entries.removeAll(keepingCapacity: true)
        bytes = 0
    }
}
