import CCairo
import KioskUI

/// One `cairo_pattern_t`, destroyed with this object.
final class CairoPattern {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { cairo_pattern_destroy(pointer) }
}

/// cairo gradient patterns for `Paint` values, built once and reused.
///
/// A gradient's geometry is fixed in user space when it is set as the source
/// (`cairo_set_source` locks the pattern to the current transformation), so one pattern object
/// can serve every frame and every transform; only building it (`cairo_pattern_create_*`
/// plus one `cairo_pattern_add_color_stop_rgba` per stop) is saved. The glow and shadow
/// passes use alpha-scaled variants of the same paint, which this also keeps.
struct GradientPatternCache {
    private var patterns: LeastRecentlyUsedCache<Paint, CairoPattern>

    init(capacity: Int = 64) { patterns = LeastRecentlyUsedCache(capacity: capacity) }

    /// The pattern for a gradient paint; nil for `.solid`, which cairo sets without a
    /// pattern object (`cairo_set_source_rgba`).
    mutating func pattern(for paint: Paint) -> CairoPattern? {
        if case .solid = paint { return nil }
        if let cached = patterns.value(for: paint) { return cached }
        let made = Self.makePattern(paint)
        patterns.insert(made, for: paint)
        return made
    }

    var count: Int { patterns.count }

    private static func makePattern(_ paint: Paint) -> CairoPattern {
        let pattern: OpaquePointer
        let stops: [GradientStop]
        switch paint {
        case .solid:
            preconditionFailure("solid paints have no cached pattern")
        case let .linear(from, to, gradientStops):
            pattern = cairo_pattern_create_linear(from.x, from.y, to.x, to.y)!
            stops = gradientStops
        case let .radial(center, radius, gradientStops):
            pattern = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, max(0, radius))!
            stops = gradientStops
        }
        // cairo takes straight (not premultiplied) stop colours and interpolates them
        // premultiplied, which is what a fade to transparent needs.
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pattern, min(max(stop.offset, 0), 1), c.red, c.green, c.blue, c.alpha)
        }
        return CairoPattern(pattern)
    }
}

extension Paint {
    /// The same paint with every colour's alpha multiplied by `factor` (glow and shadow passes).
    func scalingAlpha(by factor: Double) -> Paint {
        func scaled(_ stops: [GradientStop]) -> [GradientStop] {
            stops.map { GradientStop($0.offset, $0.color.withAlpha($0.color.alpha * factor)) }
        }
        switch self {
        case let .solid(c): return .solid(c.withAlpha(c.alpha * factor))
        case let .linear(from, to, stops): return .linear(from: from, to: to, stops: scaled(stops))
        case let .radial(center, radius, stops): return .radial(center: center, radius: radius, stops: scaled(stops))
        }
    }
}
