/// A point in a 2-D coordinate space (screen pixels unless stated otherwise).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position; grows to the right.
    public var x: Double
    /// Vertical position; grows downwards, as on a screen.
    public var y: Double

    /// A point at (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin (0, 0).
    public static let zero = Point(0, 0)

    /// Adds the coordinates: a point moved by an offset.
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    /// Subtracts the coordinates: the offset from `b` to `a`.
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    /// Scales both coordinates by `s`.
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// Euclidean length when the point is read as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// The straight-line distance between the two points.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The nearest point inside `bounds` (edges included), each axis on its own. A NaN
    /// coordinate goes to the low edge: where input is clamped, the bounds reach far beyond
    /// the screen, so a position that is not a number lands on nothing.
    public func clamped(to bounds: Rect) -> Point {
        func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isNaN ? lo : min(max(v, lo), hi) }
        return Point(clamp(x, bounds.minX, bounds.maxX), clamp(y, bounds.minY, bounds.maxY))
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A size of `width` × `height`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// A size of `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// No extent at all.
    public static let zero = Size(0, 0)

    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle. Width and height are never negative for rectangles made by
/// the initialisers; `isEmpty` is true when either is zero.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The extent from `origin` to the right and down.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// A rectangle whose top-left corner is (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x, y)
        self.size = Size(max(0, width), max(0, height))
    }
    /// A rectangle whose top-left corner is (`x`, `y`).
    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(0, 0, 0, 0)

    /// The left edge (`origin.x`).
    public var x: Double { origin.x }
    /// The top edge (`origin.y`).
    public var y: Double { origin.y }
    /// The horizontal extent.
    public var width: Double { size.width }
    /// The vertical extent.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge (exclusive).
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge (exclusive).
    public var maxY: Double { origin.y + size.height }
    /// The horizontal middle.
    public var midX: Double { origin.x + size.width / 2 }
    /// The vertical middle.
    public var midY: Double { origin.y + size.height / 2 }
    /// The middle point.
    public var center: Point { Point(midX, midY) }
    /// `width` × `height`.
    public var area: Double { size.width * size.height }
    /// True when either side is zero or negative: such a rectangle covers no pixel.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// Half-open containment: the right and bottom edges belong to the next rectangle.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether `r` lies wholly inside this rectangle.
    public func contains(_ r: Rect) -> Bool {
        r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    /// Whether the two rectangles share some area (touching edges do not count).
    public func intersects(_ r: Rect) -> Bool {
        !isEmpty && !r.isEmpty && r.minX < maxX && r.maxX > minX && r.minY < maxY && r.maxY > minY
    }

    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        if x1 <= x0 || y1 <= y0 { return .zero }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ r: Rect) -> Rect {
        if isEmpty { return r }
        if r.isEmpty { return self }
        let x0 = min(minX, r.minX), y0 = min(minY, r.minY)
        return Rect(x0, y0, max(maxX, r.maxX) - x0, max(maxY, r.maxY) - y0)
    }

    /// Grows (positive `d`) or shrinks (negative) every edge by `d`.
    public func insetBy(_ d: Double) -> Rect { insetBy(dx: d, dy: d) }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown for negative values).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(minX + dx, minY + dy, width - 2 * dx, height - 2 * dy)
    }
    /// The rectangle grown by `d` on every side.
    public func outsetBy(_ d: Double) -> Rect { insetBy(-d) }

    /// The rectangle moved by `d`.
    public func offsetBy(_ d: Point) -> Rect { Rect(origin: origin + d, size: size) }

    /// What is left of this rectangle outside `cover`, when that is a rectangle: `cover` spans
    /// the whole width (or height) and takes one end. Otherwise the rectangle itself (a
    /// conservative answer: drawing too much is never wrong).
    public func remainder(excluding cover: Rect) -> Rect {
        let c = cover.intersection(self)
        guard !c.isEmpty else { return self }
        // A rectangle mapped to device pixels and back is off by rounding noise (799.9999…
        // for 800): within a millionth of a unit an edge counts as reached.
        let e = 1e-6
        if c.minX <= minX + e && c.maxX >= maxX - e {
            if c.minY <= minY + e && c.maxY >= maxY - e { return .zero }
            if c.maxY >= maxY - e { return Rect(minX, minY, width, c.minY - minY) }
            if c.minY <= minY + e { return Rect(minX, c.maxY, width, maxY - c.maxY) }
        }
        if c.minY <= minY + e && c.maxY >= maxY - e {
            if c.maxX >= maxX - e { return Rect(minX, minY, c.minX - minX, height) }
            if c.minX <= minX + e { return Rect(c.maxX, minY, maxX - c.maxX, height) }
        }
        return self
    }

    /// The smallest rectangle with whole-pixel edges that covers this one. Damage is always
    /// integral so that the copy to scanout and cairo's clip agree on every pixel.
    public var integral: Rect {
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x0, y0, maxX.rounded(.up) - x0, maxY.rounded(.up) - y0)
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}

extension Rect {
    /// The rectangle reflected across the vertical centre line of `container`: where it lies
    /// in a right-to-left layout of what it is in a left-to-right one (a slider's fill from the
    /// right instead of from the left).
    public func mirrored(across container: Rect) -> Rect {
        Rect(container.minX + container.maxX - maxX, y, width, height)
    }
}
