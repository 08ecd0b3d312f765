import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

@Suite struct ImageViewTests {
    let wide = Size(40, 20)
    let frame = Rect(10, 10, 100, 100)

    @Test func containShowsTheWholeImageCentredWithBars() {
        #expect(ImageFit.contain.placement(of: wide, in: frame) == Rect(10, 35, 100, 50))
    }

    @Test func coverFillsTheFrameCuttingTheSides() {
        #expect(ImageFit.cover.placement(of: wide, in: frame) == Rect(-40, 10, 200, 100))
    }

    @Test func fillStretchesAndNoneKeepsOnePixelPerUnit() {
        #expect(ImageFit.fill.placement(of: wide, in: frame) == frame)
        #expect(ImageFit.none.placement(of: wide, in: frame) == Rect(40, 50, 40, 20))
        #expect(ImageFit.contain.placement(of: Size(0, 10), in: frame) == .zero)
    }

    /// Records what a control asks the canvas to draw.
    final class RecordingCanvas: Canvas {
        var images: [(ImageReference, ImageFit, Rect)] = []
        /// The rectangles filled, in order.
        var filledRects: [Rect] = []
        func save() {}
        func restore() {}
        func translate(_ dx: Double, _ dy: Double) {}
        func concatenate(_ transform: AffineTransform) {}
        func clip(_ rect: Rect) {}
        func fill(_ path: Path, _ paint: Paint) {
            for case .rect(let r) in path.elements { filledRects.append(r) }
        }
        func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap) {}
        func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {}
        func shadow(_ path: Path, offset: Point, blur: Double, color: Color) {}
        func drawText(_ text: String, style: TextStyle, in rect: Rect) {}
        func measureText(_ text: String, font: String) -> Size { .zero }
        func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {}
        func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect) { images.append((image, fit, rect)) }
        func beginLayer(opacity: Double) {}
        func endLayer() {}
    }

    @Test func aViewDrawsItsImageAndRepaintsWhenSourceOrFitChange() {
        let logo = ImageReference(path: "/kiosk/logo.png", size: wide)
        let view = ImageView(id: "logo", frame: frame, source: "logo.png", image: logo)
        let screen = Screen(id: "main", controls: [view])
        let scene = Scene(designSize: Size(200, 200), screens: [screen])
        _ = scene.takeDamage()
        let canvas = RecordingCanvas()
        view.draw(canvas, in: frame)
        #expect(canvas.images.count == 1 && canvas.images[0].0 == logo && canvas.images[0].1 == .contain)

        view.fit = .cover
        #expect(scene.takeDamage().rects == [frame])
        view.show(ImageReference(path: "/kiosk/night.png", size: wide), source: "night.png")
        #expect(view.source == "night.png")
        #expect(scene.takeDamage().rects == [frame])
        view.fit = .cover
        #expect(scene.takeDamage().isEmpty)
    }

    @Test func underAnOpaqueBackgroundPictureTheColourIsFilledOnlyAlongItsEdges() {
        let photo = ImageReference(path: "/kiosk/photo.jpg", size: Size(400, 200), isOpaque: true)
        let screen = Screen(id: "main", backgroundImage: photo)
        let scene = Scene(designSize: Size(200, 100), screens: [screen])
        let canvas = RecordingCanvas()
        screen.draw(canvas, in: Rect(0, 0, 200, 100))
        // The bands 4 units wide around the picture, which covers the scene: no whole fill.
        #expect(canvas.filledRects == [Rect(0, 0, 200, 4), Rect(0, 96, 200, 4), Rect(0, 4, 4, 92), Rect(196, 4, 4, 92)])
        #expect(canvas.images.count == 1)

        // Damage inside the picture fills nothing; a picture with alpha, or one that leaves
        // bars (contain), has the colour under it.
        canvas.filledRects = []
        screen.draw(canvas, in: Rect(50, 20, 30, 30))
        #expect(canvas.filledRects.isEmpty)
        screen.backgroundImage = ImageReference(path: "/kiosk/logo.png", size: Size(400, 200), isOpaque: false)
        screen.draw(canvas, in: Rect(50, 20, 30, 30))
        #expect(canvas.filledRects == [Rect(50, 20, 30, 30)])
        canvas.filledRects = []
        screen.backgroundImage = ImageReference(path: "/kiosk/tall.jpg", size: Size(100, 200), isOpaque: true)
        screen.backgroundFit = .contain
        screen.draw(canvas, in: Rect(0, 0, 200, 100))
        #expect(canvas.filledRects.reduce(0) { $0 + $1.area } > 200 * 100 / 2)   // the bars beside it
        withExtendedLifetime(scene) {}
    }

    @Test func aPictureLetsTheFingerThroughToWhatIsUnderIt() {
        let view = ImageView(id: "logo", frame: frame, source: "logo.png", image: nil)
        #expect(view.touchDistance(to: Point(50, 50)) == nil)
        #expect(Screen.control(at: Point(50, 50), among: [view]) == nil)
    }

    @Test func aButtonsIconSitsLeftOfTheTitleOrCentredAlone() {
        let button = Button(id: "go", frame: Rect(0, 0, 160, 48), title: "Go")
        #expect(button.iconFrame == Rect(8, 8, 32, 32))
        button.title = ""
        #expect(button.iconFrame == Rect(64, 8, 32, 32))
    }
}
