/// The set of screen areas that must be repainted in one frame.
///
/// Kept as a short list of whole-pixel rectangles rather than an exact region: each rectangle
/// costs one clip + repaint pass and one copy to scanout, so overlapping or nearly adjacent
/// rectangles are merged whenever the merge wastes little area, and the list never grows past
/// `maxRects` (the cheapest pair is merged instead).
public struct DamageRegion: Sendable, Equatable, CustomStringConvertible {
    /// The damaged rectangles in whole pixels, at most `maxRects` of them, none overlapping another.
    public private(set) var rects: [Rect] = []
    /// The most rectangles kept; more are merged, which repaints a little extra but keeps the clip cheap.
    public let maxRects: Int

    /// An empty region holding up to `maxRects` rectangles (at least 1).
    public init(maxRects: Int = 8) { self.maxRects = max(1, maxRects) }
    /// A region of one rectangle.
    public init(_ rect: Rect, maxRects: Int = 8) {
        self.init(maxRects: maxRects)
        add(rect)
    }

    /// Nothing is damaged.
    public var isEmpty: Bool { rects.isEmpty }
    /// The smallest rectangle holding every damaged one (`Rect.zero` when empty).
    public var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }
    /// Pixels covered (rectangles never overlap after `add`, so the sum is exact).
    public var area: Double { rects.reduce(0) { $0 + $1.area } }

    /// Forgets all damage, keeping the storage for the next frame.
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    /// Adds `rect` (rounded out to whole pixels).
    public mutating func add(_ rect: Rect) {
        var pending = rect.integral
        guard !pending.isEmpty else { return }
        // Absorb every rectangle the new one touches, or that is worth merging with it.
        var i = 0
        while i < rects.count {
            let r = rects[i]
            if r.contains(pending) { return }
            if pending.intersects(r) || Self.mergeWaste(pending, r) <= 0.25 {
                pending = pending.union(r)
                rects.remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        rects.append(pending)
        while rects.count > maxRects { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    /// Clips every rectangle to `bounds`, dropping those that fall outside.
    public mutating func clip(to bounds: Rect) {
        rects = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
    }

    /// Whether any damaged rectangle overlaps `rect`: a control outside the damage need not be drawn.
    public func intersects(_ rect: Rect) -> Bool { rects.contains { $0.intersects(rect) } }

    /// Fraction of the union's bounding box that was not in either rectangle.
    static func mergeWaste(_ a: Rect, _ b: Rect) -> Double {
        let u = a.union(b)
        guard u.area > 0 else { return 0 }
        let overlap = a.intersection(b).area
        return (u.area - (a.area + b.area - overlap)) / u.area
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, Double.infinity)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let w = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if w < best.2 { best = (i, j, w) }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        // Re-adding may absorb others that now overlap the merged rectangle.
        add(merged)
    }

    public var description: String { rects.map(\.description).joined(separator: " ") }
}
