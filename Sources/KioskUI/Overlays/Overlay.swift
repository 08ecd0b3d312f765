import KioskCore
import KioskGestures

/// Something shown over the current screen (a panel, the popup stack). While an overlay is
/// present it receives every finger that lands, so controls under it get no touches, and the
/// screen below is composited from its retained layer instead of being repainted each frame.
///
/// Subclasses draw themselves in scene coordinates, react to gestures and animate on the
/// scene's fixed-step clock; they report damage through `invalidate`.
open class Overlay {
    /// The name actions use to show it (`showPanel`, `showPopup`) and events report as `source`.
    public let id: String
    /// The scene it belongs to: set when the scene registers it (`Scene.register`) or shows
    /// it, whether or not it is on screen now.
    public internal(set) weak var scene: Scene?

    /// An overlay named `id`; it appears once a scene shows it.
    public init(id: String) { self.id = id }

    /// True once the overlay has completely disappeared; the scene then removes it.
    open var isFinished: Bool { false }

    /// True while it is on its way out after `dismiss()`: still drawn, no longer shown as far
    /// as anyone asking is concerned (the control socket's `get` and `dismiss`). `show()`
    /// turns it round.
    open var isLeaving: Bool { false }

    /// An area this overlay paints fully opaque, if any: what lies below it there is not drawn
    /// at all. It must stay a little inside the painted area (antialiased edges, rounded
    /// corners), because the clip that leaves it out is not pixel-aligned once scaled.
    open var opaqueRect: Rect? { nil }

    /// The layer the overlay is composited from, if it keeps one: the renderer keeps its pixels
    /// while the overlay is on top (a panel sliding is then a copy, not a repaint).
    open var retainedLayer: RetainedLayer? { nil }

    /// The translucent colour this overlay lays over everything below it right now (a panel's
    /// dim, a popup's backdrop, alpha included), or nil for none. The scene paints it, not
    /// `draw`: over the screen's retained layer it is composited together with the layer in
    /// one pass (`Canvas.drawRetained(_:transform:opacity:dimmedBy:)`), and it is left out
    /// under `opaqueRect`.
    open var backdrop: Color? { nil }

    /// Paints the overlay inside `dirty` (scene coordinates); the canvas is clipped to it and
    /// everything below, `backdrop` included, is already drawn.
    open func draw(_ canvas: Canvas, in dirty: Rect) {}

    /// Every gesture of a finger that landed while this overlay was the top one.
    open func handle(_ gesture: GestureEvent) {}

    /// One fixed simulation step. Returns true while something moves.
    open func advance(by dt: Duration) -> Bool { false }

    /// Called once the scene has added the overlay.
    open func didAppear() {}

    /// The scene's language changed (`Scene.language`), whether the overlay is shown or only
    /// registered: lay out again what follows the reading direction (a popup's button row).
    /// The scene repaints everything and marks the overlay's `retainedLayer` stale itself.
    open func languageDidChange() {}

    /// A time at which the overlay wants `deadlineReached()` called even if nothing moves (a
    /// popup that closes by itself); nil: none. See `Scene.nextDeadline`.
    open var deadline: Instant? { nil }

    /// `deadline` came (the scene's time is at it or past it).
    open func deadlineReached() {}

    /// Asked to appear (again): a `showPanel`/`showPopup` action. An overlay on its way out
    /// turns round from where it is.
    open func show() {}

    /// Asked to go away, animated; `isFinished` becomes true when it is gone.
    open func dismiss() {}

    /// A reload put this overlay in the place of `previous` (the same id, in the scene the
    /// reload replaced), which was shown: return true to be shown as `previous` was, without
    /// appearing again (fully in stays fully in, with no second "shown" event; half-way in goes
    /// on from there). The scene then puts it on top as it was, without `didAppear`. The
    /// default, false, leaves it closed: an overlay of an app's own stays open across a
    /// reload only when it says how to take over.
    open func takePlace(of previous: Overlay) -> Bool { false }

    /// Asks the scene to step overlays on its fixed-step clock from the next step on. Call it
    /// when an animation starts outside `advance` (in `show`, `dismiss`, on a touch): an idle
    /// scene does not step at all, so `advance` would otherwise never run. Stepping goes on
    /// while `advance` returns true.
    public func startAnimating() {
        guard let scene else { return }
        motionOrigin = scene.eventOrigin
        scene.overlaysMoving = true
    }

    /// The origin of what set the overlay moving last (a person's tap, an owner's
    /// `showPanel`): what it posts as the motion goes on and ends (`panelShown`) is stamped
    /// with it.
    public internal(set) var motionOrigin: ControlEvent.Origin = .owner

    /// Marks an area of the scene (scene coordinates) for repainting. Named apart from
    /// `ControlHost.invalidate`, which overlays hosting controls implement in their own
    /// coordinates.
    public func invalidateScene(_ rect: Rect) { scene?.invalidate(rect) }
    /// Marks the whole scene for repainting.
    public func invalidateAll() { scene?.invalidateAll() }
}
