import CCairo
import KioskCore
import KioskUI

/// Paints a `Scene` into a cached shadow buffer in the panel's orientation, damaged areas only.
///
/// The scene is laid out in design coordinates; one transform takes it to the panel:
/// design → screen (uniform scale, centred: `SceneScaling`) → panel (`DisplayRotation`).
/// The same transform, inverted, maps touches back (`inputMapping`), so rotation and scaling
/// can never disagree between pixels and touch.
///
/// The shadow buffer is ordinary cached memory: scanout buffers (DRM dumb buffers) are
/// write-combined and slow to read, so the backend only ever copies the damaged rectangles
/// this returns into them.
package final class SceneRenderer {
    /// The shadow buffer: the whole panel as last rendered.
    package let frame: PixelBuffer
    /// Draws into `frame` through `sceneToPanel`; controls receive it as their ``KioskUI/Canvas``.
    package let canvas: CairoCanvas
    /// How the panel is mounted.
    package let rotation: DisplayRotation
    /// How the design size fits the upright screen.
    package let scaling: SceneScaling
    /// Design coordinates to panel pixels: scaling, then rotation.
    package let sceneToPanel: AffineTransform
    /// Panel pixels to design coordinates: the inverse of `sceneToPanel`, which touches go through.
    package let panelToScene: AffineTransform
    private var needsFullFrame = true
    /// This frame's damage in panel pixels; kept between frames so that its storage is reused.
    private var damage = DamageRegion()
    /// Told about a frame that could not be drawn completely, once per distinct message: the
    /// kiosk keeps running (the next frame is repainted in full), but the cause must be seen.
    package var onFrameError: ((CairoError) -> Void)?
    private var reportedErrors: Set<String> = []
    /// A black layer over everything, 0 (none) to 1 (black): the screen's dim level where no
    /// backlight can dim (`1 − level`), and black for a screen that is off. It is part of
    /// every damaged rectangle, so a dimmed idle screen is still one frame; a change repaints
    /// the whole panel once. At 1 the scene is not drawn at all.
    package var shade: Double = 0 {
        didSet {
            shade = min(max(shade.isNaN ? 0 : shade, 0), 1)
            if shade != oldValue { needsFullFrame = true }
        }
    }

    /// A renderer for a panel of `panelWidth` x `panelHeight` pixels (each 1…8192,
    /// `PixelBuffer.maximumSide`) showing a scene of `designSize` (finite and positive, so the
    /// scaling can be inverted for touch). Anything else is an error, not a trap. `images`
    /// keeps the decoded image files (`images.cacheMB` of the config; 32 MiB by default).
    package init(designSize: Size, panelWidth: Int, panelHeight: Int, rotation: DisplayRotation,
                 images: ImageCache = ImageCache()) throws(CairoError) {
        let sides = designSize.width.isFinite && designSize.height.isFinite && designSize.width > 0 && designSize.height > 0
        guard sides else {
            throw CairoError(call: "SceneRenderer", status: CAIRO_STATUS_INVALID_SIZE,
                             message: "the design size must be finite and positive, not \(designSize.width)x\(designSize.height)")
        }
        frame = try PixelBuffer.allocate(width: panelWidth, height: panelHeight)
        let panel = Size(Double(panelWidth), Double(panelHeight))
        self.rotation = rotation
        scaling = SceneScaling(designSize: designSize, screenSize: rotation.screenSize(forPanel: panel))
        sceneToPanel = scaling.sceneToScreen.then(rotation.screenToPanel(panel: panel))
        guard let inverse = sceneToPanel.inverted else {
            throw CairoError(call: "SceneRenderer", status: CAIRO_STATUS_INVALID_MATRIX,
                             message: "the scene cannot be mapped onto a \(panelWidth)x\(panelHeight) panel")
        }
        panelToScene = inverse
        canvas = try CairoCanvas(buffer: frame, transform: sceneToPanel, images: images)
    }

    /// Touch positions from the panel into scene coordinates.
    package var inputMapping: InputMapping { InputMapping(panelToScene: panelToScene) }

    /// The whole panel in its own pixels.
    package var panelBounds: Rect { frame.bounds }

    /// The next `render` repaints the whole panel (first frame, after a VT switch, …).
    package func invalidateAll() { needsFullFrame = true }

    /// Repaints what the scene reports as damaged and returns the damaged panel rectangles
    /// (whole pixels), which are exactly the ones a backend has to copy to scanout.
    @discardableResult
    package func render(_ scene: Scene) -> DamageRegion {
        let sceneDamage = scene.takeDamage()
        damage.removeAll()
        if needsFullFrame {
            // Also covers the letterbox bars when the scene does not fill the panel.
            damage.add(panelBounds)
            needsFullFrame = false
        } else {
            for rect in sceneDamage.rects {
                damage.add(sceneToPanel.apply(rect).integral.intersection(panelBounds))
            }
        }
        guard !damage.isEmpty else { return damage }

        canvas.beginFrame(transform: sceneToPanel)
        for rect in damage.rects {
            canvas.save()
            // Clip in device pixels: a clip given in scene units would be fractional after
            // scaling and cairo would blend the damage's edge pixels with stale content.
            canvas.clipToBuffer(rect)
            let sceneRect = panelToScene.apply(rect)
            if shade < 1 { scene.draw(canvas, in: sceneRect) }
            if shade > 0 { canvas.fill(.rect(sceneRect), .solid(Color(red: 0, green: 0, blue: 0, alpha: shade))) }
            canvas.restore()
        }
        do { try canvas.endFrame() } catch {
            // A failed cairo call leaves this frame incomplete; paint everything next time.
            needsFullFrame = true
            if reportedErrors.insert(error.description).inserted { onFrameError?(error) }
        }
        releaseUnusedLayers(of: scene)
        return damage
    }

    /// Keeps the pixels of the retained layers the scene composites in its present state and
    /// drops the others, each a buffer up to the size of the screen: the two screens of a
    /// transition; the two pages in view of a swipe; under overlays, the current screen and
    /// the topmost panel; with nothing over
    /// the screen, none (the screen is drawn directly, and its layer is repainted whole when an
    /// overlay comes back, which its first frame mostly does anyway). Runs after every drawn
    /// frame but drops (and allocates) only when the state changed.
    private func releaseUnusedLayers(of scene: Scene) {
        let released: Bool
        if let transition = scene.transition {
            released = canvas.releaseRetained(keeping: transition.under.layer, transition.over.layer)
        } else if let pages = scene.pagesInView {
            released = canvas.releaseRetained(keeping: pages.left?.layer, pages.right?.layer)
        } else if !scene.overlays.isEmpty {
            // The screen's layer and the panel's (the topmost overlay that keeps one; a popup
            // over a panel still composites the panel from it).
            released = canvas.releaseRetained(keeping: scene.currentScreen.layer,
                                              scene.overlays.last(where: { $0.retainedLayer != nil })?.retainedLayer)
        } else {
            released = canvas.releaseRetained(keeping: nil)
        }
        if released { releasedMemory = true }
    }

    /// Where `control` would draw its images on this panel (`ImageSiteRecorder`): what a
    /// picture set at run time is made ready for (`ImageCache.prepare`) before it shows.
    package func imageSites(of control: Control) -> [ImageSite] {
        let recorder = ImageSiteRecorder(matrix: sceneToPanel, measurer: canvas)
        control.draw(recorder, in: control.frame)
        return recorder.sites
    }

    /// A frame dropped big buffers (retained layers) since the flag was last cleared: the
    /// runner, which owns the process, then hands malloc's free pages back to the kernel
    /// (`HeapPolicy.trim()`); a renderer sets no process-wide policy itself.
    package var releasedMemory = false
}
