import KioskCore

/// One step of a path. Angles are in radians in screen coordinates (y grows downwards),
/// so increasing angles turn clockwise on screen, as in cairo.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    /// An arc from `start` to `end`; `clockwise == false` draws it the other way round
    /// (cairo_arc_negative).
    case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
    case close
    case rect(Rect)
    case roundedRect(Rect, radius: Double)
    case ellipse(Rect)
}

/// A resolution-independent outline, built once and handed to a `Canvas`.
public struct Path: Hashable, Sendable {
    public var elements: [PathElement]

    public init(_ elements: [PathElement] = []) { self.elements = elements }

    public static func rect(_ r: Rect) -> Path { Path([.rect(r)]) }
    /// A rectangle whose corners are rounded by `radius` (clamped to half the short side).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        Path([.roundedRect(r, radius: max(0, min(radius, min(r.width, r.height) / 2)))])
    }
    public static func ellipse(_ r: Rect) -> Path { Path([.ellipse(r)]) }
    public static func circle(center: Point, radius: Double) -> Path {
        Path([.ellipse(Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius))])
    }
    public static func arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool = true) -> Path {
        Path([.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise)])
    }
}

public struct GradientStop: Hashable, Sendable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// How a shape is filled or stroked.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linear(from: Point, to: Point, stops: [GradientStop])
    case radial(center: Point, radius: Double, stops: [GradientStop])
}

public enum LineCap: Sendable { case butt, round }

public enum TextAlignment: String, Sendable, CaseIterable { case leading, center, trailing }

/// A font is a Pango font description string ("sans-serif 18", "Lohit Devanagari Bold 24").
public struct TextStyle: Hashable, Sendable {
    public var font: String
    public var color: Color
    public var alignment: TextAlignment
    /// False (the default): one line, ellipsized at the end when it is too wide; newlines do
    /// not start new lines. True: the text breaks into lines at word boundaries (inside a word
    /// only when one word is wider than the rectangle), keeps its newlines, aligns every line
    /// by `alignment`, and is ellipsized at the end of the last line that fits when the block
    /// is taller than the rectangle.
    public var wraps: Bool

    public init(font: String, color: Color, alignment: TextAlignment = .leading, wraps: Bool = false) {
        self.font = font; self.color = color; self.alignment = alignment; self.wraps = wraps
    }
}

/// The drawing protocol controls paint through. `KioskRender` implements it with cairo and
/// Pango; tests can implement it to record calls. Coordinates are scene coordinates: the
/// implementation owns the scene → panel transform (scale, rotation).
public protocol Canvas: AnyObject {
    func save()
    func restore()
    func translate(_ dx: Double, _ dy: Double)
    /// Applies `transform` to everything drawn from now on, before the current
    /// transformation (scales about a point, flips, …).
    func concatenate(_ transform: AffineTransform)
    /// Intersects the current clip with `rect`.
    func clip(_ rect: Rect)

    func fill(_ path: Path, _ paint: Paint)
    func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap)
    /// A stroke softened by a blur of about `blur` pixels on each side (0 draws it sharp).
    func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double)
    /// A soft shadow of `path`, shifted by `offset` and blurred by about `blur` pixels.
    func shadow(_ path: Path, offset: Point, blur: Double, color: Color)

    /// Draws text shaped by HarfBuzz (complex scripts join correctly), aligned horizontally by
    /// `style.alignment` and centred vertically in `rect`: a single line, or with
    /// `style.wraps` a block of lines wrapped to the rectangle's width (see `TextStyle.wraps`).
    func drawText(_ text: String, style: TextStyle, in rect: Rect)
    /// The logical size of `text` set in `font`.
    func measureText(_ text: String, font: String) -> Size

    /// Composites a retained layer's pixels, first repainting what is stale. `transform` is
    /// applied to the layer (scene coordinates) before the current transformation; a pure
    /// translation is rounded to whole device pixels so that the copy stays a plain blit.
    func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double)

    /// Everything drawn until the matching `endLayer` is composited at `opacity`.
    func beginLayer(opacity: Double)
    func endLayer()
}
