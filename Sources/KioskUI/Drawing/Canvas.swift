import KioskCore

/// One step of a path. Angles are in radians in screen coordinates (y grows downwards),
/// so increasing angles turn clockwise on screen, as in cairo.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case move(Point)
    /// A straight line from the current point.
    case line(Point)
    /// An arc from `start` to `end`; `clockwise == false` draws it the other way round
    /// (cairo_arc_negative).
    case arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)
    /// Closes the subpath with a line back to its start.
    case close
    /// A closed rectangle.
    case rect(Rect)
    /// A closed rectangle with corners rounded by `radius`.
    case roundedRect(Rect, radius: Double)
    /// A closed ellipse inside the rectangle.
    case ellipse(Rect)
}

/// A resolution-independent outline, built once and handed to a `Canvas`; a collection of
/// its elements in drawing order.
///
/// A path of one element (what `rect`, `roundedRect`, `ellipse`, `circle` and `arc` make, and
/// what controls draw every frame) keeps it inline rather than in an array, so drawing it
/// allocates nothing: a kiosk's steady frames stay off the heap.
public struct Path: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case one(PathElement)
        /// Never exactly one element (that is `.one`), so equal paths have equal storage.
        case many([PathElement])
    }

    private var storage: Storage

    /// The steps, in drawing order. Reading it makes an array; iterate the path itself where
    /// that matters.
    public var elements: [PathElement] {
        get {
            switch storage {
            case let .one(element): return [element]
            case let .many(elements): return elements
            }
        }
        set { storage = Self.storage(newValue) }
    }

    /// A path of `elements` (default: empty).
    public init(_ elements: [PathElement] = []) { storage = Self.storage(elements) }
    /// A path of one element.
    public init(_ element: PathElement) { storage = .one(element) }

    private static func storage(_ elements: [PathElement]) -> Storage {
        elements.count == 1 ? .one(elements[0]) : .many(elements)
    }

    /// A rectangle.
    public static func rect(_ r: Rect) -> Path { Path(.rect(r)) }
    /// A rectangle whose corners are rounded by `radius` (clamped to half the short side).
    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        Path(.roundedRect(r, radius: Swift.max(0, Swift.min(radius, Swift.min(r.width, r.height) / 2))))
    }
    /// An ellipse filling `r`.
    public static func ellipse(_ r: Rect) -> Path { Path(.ellipse(r)) }
    /// A circle.
    public static func circle(center: Point, radius: Double) -> Path {
        Path(.ellipse(Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius)))
    }
    /// A rectangle holding the whole path: exact for points, rectangles and ellipses, an arc's
    /// whole circle for an arc (so never too small). Empty for an empty path.
    public var bounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ r: Rect) {
            x0 = Swift.min(x0, r.minX); y0 = Swift.min(y0, r.minY); x1 = Swift.max(x1, r.maxX); y1 = Swift.max(y1, r.maxY)
        }
        for element in self {
            switch element {
            case let .move(p), let .line(p): add(Rect(p.x, p.y, 0, 0))
            case let .arc(center, radius, _, _, _):
                add(Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius))
            case .close: continue
            case let .rect(r), let .roundedRect(r, _), let .ellipse(r): add(r)
            }
        }
        return x0 <= x1 && y0 <= y1 ? Rect(x0, y0, x1 - x0, y1 - y0) : .zero
    }

    /// An arc of `radius` around `center` from angle `start` to `end` (radians, 0 pointing right), clockwise on screen unless `clockwise` is false.
    public static func arc(center: Point, radius: Double, start: Double, end: Double, clockwise: Bool = true) -> Path {
        Path(.arc(center: center, radius: radius, start: start, end: end, clockwise: clockwise))
    }
}

extension Path: RandomAccessCollection {
    /// The first element's index: 0.
    public var startIndex: Int { 0 }
    /// One past the last element's index: the number of elements.
    public var endIndex: Int {
        switch storage {
        case .one: return 1
        case let .many(elements): return elements.count
        }
    }
    /// The element at `position` (0 ..< `count`).
    public subscript(position: Int) -> PathElement {
        switch storage {
        case let .one(element):
            precondition(position == 0, "path element index \(position) out of range")
            return element
        case let .many(elements): return elements[position]
        }
    }
}

/// One colour of a gradient, at `offset` along it (0…1).
public struct GradientStop: Hashable, Sendable {
    /// Where along the gradient, 0 (start) … 1 (end).
    public var offset: Double
    /// The colour there.
    public var color: Color
    /// A stop of `color` at `offset`.
    public init(_ offset: Double, _ color: Color) { self.offset = offset; self.color = color }
}

/// How a shape is filled or stroked.
public enum Paint: Hashable, Sendable {
    /// One colour.
    case solid(Color)
    /// A gradient along the line from `from` to `to`.
    case linear(from: Point, to: Point, stops: [GradientStop])
    /// A gradient out from `center` to `radius`.
    case radial(center: Point, radius: Double, stops: [GradientStop])
}

/// How the ends of a stroke are shaped.
public enum LineCap: Sendable {
    /// Cut square at the end point.
    case butt
    /// A half circle beyond the end point, of the line's width.
    case round
}

/// Where text sits across its rectangle, in the words of the writing direction; the raw
/// value is the config's older spelling (`start` and `end` are the newer).
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Against the edge lines start at: the left one left to right, the right one right to
    /// left (a label's `"align": "start"`).
    case leading
    /// Centred.
    case center
    /// Against the edge lines end at: the right one left to right, the left one right to left.
    case trailing

    /// Where a line sits on the screen in a language read in `direction`: leading and
    /// trailing swap sides right to left.
    public func side(in direction: LayoutDirection) -> TextSide {
        switch (self, direction) {
        case (.center, _): return .center
        case (.leading, .leftToRight), (.trailing, .rightToLeft): return .left
        case (.leading, .rightToLeft), (.trailing, .leftToRight): return .right
        }
    }

    /// The left edge of a line `width` wide placed in `rect` by this alignment read in
    /// `direction`: the one rule `Canvas.drawText` places a line by and a label's or a text
    /// field's damage band is measured by. A line wider than `rect` is placed as if it were
    /// exactly as wide (it is ellipsized to fit).
    public func lineStart(width: Double, in rect: Rect, direction: LayoutDirection) -> Double {
        let w = min(max(width, 0), rect.width)
        switch side(in: direction) {
        case .left: return rect.minX
        case .center: return rect.midX - w / 2
        case .right: return rect.maxX - w
        }
    }
}

/// A side of a rectangle a line of text is placed against, on the screen (whatever the
/// language): what a `TextAlignment` becomes in a writing direction.
public enum TextSide: Sendable {
    /// The left edge.
    case left
    /// Centred.
    case center
    /// The right edge.
    case right
}

/// A font is a Pango font description string ("sans-serif 18", "Lohit Devanagari Bold 24").
public struct TextStyle: Hashable, Sendable {
    /// A Pango font description: family, style and size in design units.
    public var font: String
    /// The text colour.
    public var color: Color
    /// Where each line sits across the rectangle.
    public var alignment: TextAlignment
    /// False (the default): one line, ellipsized at the end when it is too wide; newlines do
    /// not start new lines. True: the text breaks into lines at word boundaries (inside a word
    /// only when one word is wider than the rectangle), keeps its newlines, aligns every line
    /// by `alignment`, and is ellipsized at the end of the last line that fits when the block
    /// is taller than the rectangle.
    public var wraps: Bool
    /// With `wraps`: at most this many lines, the last one kept ellipsized at its end when the
    /// text needs more (a label's `lines`); nil: as many lines as fit in the rectangle.
    public var maxLines: Int?
    /// An icon set before the text, in the same run of text (so it is coloured and sized like
    /// it, and shaped with it: it stays at the start of the line whatever the text's
    /// direction), with a space between; the text may be empty. Nil: none.
    public var icon: IconGlyph?
    /// The paragraph's direction: the order of a mixed line's runs (an Arabic label with a
    /// price in digits, Latin words in Hebrew) and which edge `alignment`'s leading is. A
    /// control passes its `layoutDirection`.
    public var direction: LayoutDirection

    /// A style; by default one leading-aligned line without an icon, left to right.
    public init(font: String, color: Color, alignment: TextAlignment = .leading, wraps: Bool = false,
                maxLines: Int? = nil, icon: IconGlyph? = nil, direction: LayoutDirection = .leftToRight) {
        self.font = font; self.color = color; self.alignment = alignment; self.wraps = wraps
        self.maxLines = maxLines
        self.icon = icon
        self.direction = direction
    }
}

/// Text measured as a canvas sets it, outside a frame too: what a label asks when its words
/// change, so that it repaints only where the old and the new ones lie (`Scene.textMeasurer`).
public protocol TextMeasuring: AnyObject {
    /// The logical size of `text` set in `font`, in scene units.
    func measureText(_ text: String, font: String) -> Size
}

/// The drawing protocol controls paint through. `KioskRender` implements it with cairo and
/// Pango; tests can implement it to record calls. Coordinates are scene coordinates: the
/// implementation owns the scene → panel transform (scale, rotation).
public protocol Canvas: TextMeasuring {
    /// Saves the transformation and clip, to be put back by the matching `restore()`.
    func save()
    /// Puts back the transformation and clip of the matching `save()`.
    func restore()
    /// Moves the origin by (`dx`, `dy`) for everything drawn from now on.
    func translate(_ dx: Double, _ dy: Double)
    /// Applies `transform` to everything drawn from now on, before the current
    /// transformation (scales about a point, flips, …).
    func concatenate(_ transform: AffineTransform)
    /// Intersects the current clip with `rect`.
    func clip(_ rect: Rect)
    /// Intersects the current clip with the inside of `path` (antialiased edges).
    func clip(_ path: Path)

    /// Fills `path` with `paint`.
    func fill(_ path: Path, _ paint: Paint)
    /// Strokes `path` with a line of `width` in `paint`, its ends shaped by `cap`.
    func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap)
    /// A stroke softened by a blur of about `blur` pixels on each side (0 draws it sharp).
    func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double)
    /// A soft shadow of `path`, shifted by `offset` and blurred by about `blur` pixels.
    func shadow(_ path: Path, offset: Point, blur: Double, color: Color)

    /// Draws text shaped by HarfBuzz (complex scripts join correctly) as a paragraph in
    /// `style.direction`, aligned horizontally by `style.alignment` read in that direction
    /// (`TextAlignment.lineStart`) and centred vertically in `rect`: a single line, or with
    /// `style.wraps` a block of lines wrapped to the rectangle's width (see `TextStyle.wraps`).
    func drawText(_ text: String, style: TextStyle, in rect: Rect)

    /// Composites a retained layer's pixels, first repainting what is stale. `transform` is
    /// applied to the layer (scene coordinates) before the current transformation; a pure
    /// translation is rounded to whole device pixels so that the copy stays a plain blit.
    func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double)
    /// `drawRetained(_:transform:opacity:)`, then `dim` (if any) over the current clip: an
    /// overlay's backdrop over the screen under it. An implementation may do both in one
    /// pass over the pixels (the default draws one after the other).
    func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double, dimmedBy dim: Color?,
                      over rect: Rect)

    /// Composites the part of `layer` that shows through `viewport` (scene coordinates) when
    /// its content is scrolled up by `offset` scene units: a list's rows. The layer's
    /// coordinates are the content's at offset 0 (`bounds` may be far taller than the
    /// viewport); its `draw` is asked only for what shows. An implementation may keep the
    /// viewport's pixels between frames, so that a scroll by d copies them and paints only
    /// the d newly exposed (the cairo canvas keeps them in a ring, and moves the content by
    /// whole device pixels: the offset is rounded there). The default draws the visible part
    /// directly (`RetainedLayer.drawScrolledDirectly`).
    func drawScrolled(_ layer: RetainedLayer, offset: Double, in viewport: Rect)

    /// Paints what `draw` paints, from an image of it kept between frames: for something that
    /// moves without changing, such as a slider's knob, whose antialiased shapes and gradients
    /// cost far more to rasterise than to copy. `key` must tell every appearance apart (size,
    /// colours, state); everything `draw` paints must lie inside `bounds` (scene coordinates).
    /// An implementation may make the image at the position's sub-pixel offset rounded to a
    /// quarter of a device pixel, so a moving image stays within an eighth of a pixel of where
    /// direct drawing would put it, and at most four images per axis and appearance are made.
    func drawCached<Key: Hashable>(_ key: Key, bounds: Rect, _ draw: (Canvas) -> Void)

    /// Draws the image file `image` placed in `rect` as `fit` says, clipped to `rect`. An
    /// implementation decodes the file once and keeps it scaled to the device's pixels, so a
    /// frame composites it without scaling; an image that cannot be read draws nothing (the
    /// file was checked when its reference was made).
    func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect)

    /// Everything drawn until the matching `endLayer` is composited at `opacity`.
    func beginLayer(opacity: Double)
    /// Ends the layer of the matching `beginLayer(opacity:)` and composites it.
    func endLayer()
}

extension Canvas {
    /// A canvas that cannot clip to a shape clips to the shape's bounding box (`Path.bounds`).
    public func clip(_ path: Path) { clip(path.bounds) }

    /// Draws nothing: a canvas that cannot read image files.
    public func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect) {}

    /// Draws the visible part of the layer directly: a canvas that keeps no pixels.
    public func drawScrolled(_ layer: RetainedLayer, offset: Double, in viewport: Rect) {
        layer.drawScrolledDirectly(on: self, offset: offset, in: viewport)
    }

    /// Draws directly: a canvas without an image cache.
    public func drawCached<Key: Hashable>(_ key: Key, bounds: Rect, _ draw: (Canvas) -> Void) { draw(self) }

    /// The layer, then a fill of `rect` (scene coordinates, already the clip) with `dim`.
    public func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double, dimmedBy dim: Color?,
                             over rect: Rect) {
        drawRetained(layer, transform: transform, opacity: opacity)
        if let dim { fill(.rect(rect), .solid(dim)) }
    }
}
