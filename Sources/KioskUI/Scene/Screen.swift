import KioskCore

/// One page of the kiosk: a background and controls in paint order (later ones on top).
/// A screen hosts its controls: their damage goes to the scene when the screen is visible,
/// and always to the screen's retained layer, which keeps the screen's pixels while an overlay
/// or a transition is composited over or with it.
public final class Screen: SceneBoundHost {
    /// Names the screen for `switchScreen` actions and `Scene.screen(withID:)`.
    public let id: String
    /// The screen's own background; nil shows the scene's.
    public var background: Color? {
        didSet {
            guard oldValue != background else { return }
            invalidate(layer.bounds)
            updateLayerOpacity()
        }
    }
    /// A picture over the background colour, under the controls, placed on the whole scene by
    /// `backgroundFit`; nil: none.
    public var backgroundImage: ImageReference? { didSet { if oldValue != backgroundImage { invalidate(layer.bounds) } } }
    /// How `backgroundImage` fills the scene: `cover` by default (no bars, the edges cut).
    public var backgroundFit: ImageFit = .cover { didSet { if oldValue != backgroundFit { invalidate(layer.bounds) } } }
    /// Shown this long without a touch (and with no panel or popup over it), the screen moves
    /// on to the next in the scene's order, with a fade: an attract loop. Nil: it stays.
    public var advanceAfter: Duration?
    /// The group of swipeable pages this screen is one of, if any (see `Scene.addPageGroup`).
    public internal(set) weak var pages: PageGroup?
    /// The controls in paint order (later ones on top); change them with `add`, `remove`, `replace`.
    public private(set) var controls: [Control]
    /// The scene the screen belongs to (nil until it is given to one).
    public private(set) weak var scene: Scene?
    /// The screen's pixels, kept by the canvas while overlays or transitions need them.
    public private(set) lazy var layer = RetainedLayer(id: "screen:\(id)", bounds: scene?.bounds ?? .zero) {
        [unowned self] canvas, rect in self.draw(canvas, in: rect)
    }

    /// A screen holding `controls` (frames in scene coordinates), ready to be given to a
    /// `Scene(designSize:background:screens:startScreen:)` or `Scene.add(screen:)`.
    public init(id: String, background: Color? = nil, backgroundImage: ImageReference? = nil,
                backgroundFit: ImageFit = .cover, controls: [Control] = []) {
        self.id = id
        self.background = background
        self.backgroundImage = backgroundImage
        self.backgroundFit = backgroundFit
        self.controls = controls
        for control in controls { control.host = self }
    }

    func attach(to scene: Scene) {
        self.scene = scene
        layer.invalidateAll()
        updateLayerOpacity()
    }

    /// A screen painted on an opaque colour is opaque all over: its layer says so, and a canvas
    /// copies its pixels instead of blending them (a swipe's or a slide's frame is a copy).
    func updateLayerOpacity() {
        let color = background ?? scene?.background ?? Theme.standard.background
        layer.opaqueBounds = color.alpha >= 1 ? layer.bounds : nil
    }

    /// Puts `control` on top of the others and paints it. Its id must be new to this screen
    /// (`replace(_:with:)` swaps one out).
    public func add(_ control: Control) {
        precondition(self.control(withID: control.id) == nil, "duplicate control id \(control.id) on screen \(id)")
        control.host = self
        controls.append(control)
        control.invalidate()
    }

    /// Takes the control called `id` off the screen and repaints where it was; fingers on it
    /// are cancelled and its animation stops. Returns it, or nil if there is none.
    @discardableResult
    public func remove(_ id: String) -> Control? {
        guard let i = controls.firstIndex(where: { $0.id == id }) else { return nil }
        let control = controls.remove(at: i)
        detach(control)
        return control
    }

    /// Puts `control` where the control called `id` was (same place in the paint order) and
    /// repaints the old control's paint bounds and the new one's, nothing else. `control`'s
    /// id may be the same or new to the screen. Returns the old control, or nil (and changes
    /// nothing) if there is none.
    @discardableResult
    public func replace(_ id: String, with control: Control) -> Control? {
        guard let i = controls.firstIndex(where: { $0.id == id }) else { return nil }
        precondition(control.id == id || self.control(withID: control.id) == nil,
                     "duplicate control id \(control.id) on screen \(self.id)")
        let old = controls[i]
        controls[i] = control
        detach(old)
        control.host = self
        control.invalidate()
        return old
    }

    private func detach(_ control: Control) {
        invalidate(control.paintBounds)
        control.host = nil
        scene?.controlWasRemoved(control)
    }

    /// The control called `id` on this screen (inside a list's rows too), if any.
    public func control(withID id: String) -> Control? {
        for control in controls { if let found = control.control(withID: id) { return found } }
        return nil
    }

    /// The control a finger landing at `point` belongs to.
    public func control(at point: Point) -> Control? { Self.control(at: point, among: controls) }

    /// A point inside a control's frame beats an enlarged touch target of another; among
    /// enlarged targets the nearest wins; ties go to the control on top.
    public static func control(at point: Point, among controls: [Control]) -> Control? {
        var best: (control: Control, distance: Double)?
        for control in controls.reversed() where !control.isHidden {
            guard let d = control.touchDistance(to: point) else { continue }
            if best == nil || d < best!.distance { best = (control, d) }
        }
        return best?.control
    }

    /// Paints the background and every control that can touch `rect` (scene coordinates);
    /// inside a control's `opaqueRect`, only that control and those above it.
    public func draw(_ canvas: Canvas, in rect: Rect) {
        // A hair of slack: `rect` comes back from whole device pixels through the scale.
        if let cover = controls.lastIndex(where: { !$0.isHidden && ($0.opaqueRect?.outsetBy(1e-6).contains(rect) ?? false) }) {
            return drawControls(canvas, in: rect, from: cover)
        }
        let color = Paint.solid(background ?? scene?.background ?? Theme.standard.background)
        guard let backgroundImage, let bounds = scene?.bounds else {
            canvas.fill(.rect(rect), color)
            drawControls(canvas, in: rect)
            return
        }
        if backgroundImage.isOpaque {
            // Under an opaque picture the colour shows nowhere: filling there too would write
            // every pixel of a full frame twice. It is still filled along the picture's edges,
            // 4 design pixels in (at least a device pixel at any scale down to 1/4), where the
            // picture's whole-pixel placement may leave a sliver.
            let hidden = backgroundFit.placement(of: backgroundImage.size, in: bounds).intersection(bounds).insetBy(4)
            Self.fill(rect, around: hidden, with: color, on: canvas)
        } else {
            canvas.fill(.rect(rect), color)
        }
        canvas.drawImage(backgroundImage, fit: backgroundFit, in: bounds)
        drawControls(canvas, in: rect)
    }

    /// Fills the parts of `rect` outside `hole`: at most four bands, none where `hole` covers
    /// nothing of `rect` (then `rect` whole).
    static func fill(_ rect: Rect, around hole: Rect, with paint: Paint, on canvas: Canvas) {
        let inner = hole.intersection(rect)
        guard !inner.isEmpty else {
            canvas.fill(.rect(rect), paint)
            return
        }
        func band(_ r: Rect) { if !r.isEmpty { canvas.fill(.rect(r), paint) } }
        band(Rect(rect.minX, rect.minY, rect.width, inner.minY - rect.minY))
        band(Rect(rect.minX, inner.maxY, rect.width, rect.maxY - inner.maxY))
        band(Rect(rect.minX, inner.minY, inner.minX - rect.minX, inner.height))
        band(Rect(inner.maxX, inner.minY, rect.maxX - inner.maxX, inner.height))
    }

    /// The controls from `first` up (all by default) that can touch `rect`, then the page dots.
    private func drawControls(_ canvas: Canvas, in rect: Rect, from first: Int = 0) {
        for control in controls[first...] where !control.isHidden && control.paintBounds.intersects(rect) {
            control.render(canvas, in: rect)
        }
        if let pages, let bounds = scene?.bounds, let index = pages.index(of: self),
           pages.dotsBounds(in: bounds).intersects(rect) {
            pages.drawDots(canvas, current: index, in: bounds, direction: language.direction)
        }
    }

    // MARK: ControlHost

    /// Repaints `rect` in the screen's layer, and on the display if the screen is visible.
    public func invalidate(_ rect: Rect) {
        layer.invalidate(rect)
        scene?.screen(self, didInvalidate: rect)
    }
}
