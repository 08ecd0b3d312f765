import KioskCore
import CCairo
import KioskUI

/// One `cairo_pattern_t`, destroyed with this object.
final class CairoPattern {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// A new linear or radial gradient pattern for `paint`; nil for `.solid`, which cairo
    /// sets without a pattern object (`cairo_set_source_rgba`).
    ///
    /// Patterns are not cached across calls: building one (`cairo_pattern_create_*` plus one
    /// `cairo_pattern_add_color_stop_rgba` per stop) measured well under a microsecond, lost in
    /// the noise of the fill itself (a 200x60 gradient fill took 76–86 µs either way, because
    /// pixman evaluates the gradient per pixel). Where the per-pixel cost matters, rasterised
    /// gradients are cached instead (`GradientRasterCache`).
    convenience init?(gradient paint: Paint) {
        guard let pointer = Self.makeGradient(paint) else { return nil }
        self.init(pointer)
    }

    /// The pattern of `init(gradient:)` without an object around it, for the caller to
    /// `cairo_pattern_destroy`: setting a gradient source every frame then allocates nothing
    /// in Swift (cairo reuses freed patterns itself).
    static func makeGradient(_ paint: Paint) -> OpaquePointer? {
        let pointer: OpaquePointer
        let stops: [GradientStop]
        switch paint {
        case .solid:
            return nil
        case let .linear(from, to, gradientStops):
            pointer = cairo_pattern_create_linear(from.x, from.y, to.x, to.y)!
            stops = gradientStops
        case let .radial(center, radius, gradientStops):
            pointer = cairo_pattern_create_radial(center.x, center.y, 0, center.x, center.y, max(0, radius))!
            stops = gradientStops
        }
        // cairo takes straight (not premultiplied) stop colours and interpolates them
        // premultiplied, which is what a fade to transparent needs.
        for stop in stops {
            let c = stop.color
            cairo_pattern_add_color_stop_rgba(pointer, min(max(stop.offset, 0), 1), c.red, c.green, c.blue, c.alpha)
        }
        return pointer
    }

    deinit { cairo_pattern_destroy(pointer) }
}

extension Paint {
    /// The same paint with every colour's alpha multiplied by `factor` (glow passes).
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
