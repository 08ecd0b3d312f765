import KioskCore
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
        func save() {}
        func restore() {}
        func translate(_ dx: Double, _ dy: Double) {}
        func concatenate(_ transform: AffineTransform) {}
        func clip(_ rect: Rect) {}
        func fill(_ path: Path, _ paint: Paint) {}
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
