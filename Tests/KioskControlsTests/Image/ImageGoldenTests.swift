import Foundation
import KioskControls
import KioskCore
@testable import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// The fits drawn by the real renderer, upright, turned and scaled, against goldens: the image
/// is made once at the device's size and orientation and composited 1:1.
@Suite("Image goldens")
struct ImageGoldenTests {
    /// A 40x20 PNG of four colour quadrants in a fresh folder.
    static func quadrants() throws -> ImageReference {
        let url = try TestFiles.temporaryDirectory().appendingPathComponent("quadrants.png")
        try Data(TestImages.png(TestImages.quadrants(width: 40, height: 20))).write(to: url)
        return ImageReference(path: url.path, size: Size(40, 20))
    }

    /// The four fits side by side in 70x70 frames on a grey screen of 320x80.
    static func render(panelWidth: Int, panelHeight: Int, rotation: DisplayRotation) throws -> PixelBuffer {
        let image = try quadrants()
        let views = ImageFit.allCases.enumerated().map { index, fit in
            ImageView(id: fit.rawValue, frame: Rect(Double(5 + index * 80), 5, 70, 70), source: "quadrants.png",
                      image: image, fit: fit)
        }
        let scene = Scene(designSize: Size(320, 80), background: Color(hex: "#606060")!,
                          screens: [Screen(id: "s", controls: views)])
        let renderer = try SceneRenderer(designSize: Size(320, 80), panelWidth: panelWidth, panelHeight: panelHeight,
                                         rotation: rotation)
        renderer.render(scene)
        #expect(renderer.canvas.images.decodes == 4)   // one per place (fit), none per frame
        renderer.invalidateAll()
        renderer.render(scene)
        #expect(renderer.canvas.images.decodes == 4)
        return renderer.frame
    }

    @Test("contain, cover, fill and none")
    func fits() throws {
        expectMatchesGolden(try Self.render(panelWidth: 320, panelHeight: 80, rotation: .none), named: "image-fits")
    }

    @Test("the fits on a panel turned 90° and at twice the design size")
    func fitsTurnedAndScaled() throws {
        expectMatchesGolden(try Self.render(panelWidth: 160, panelHeight: 640, rotation: .quarter),
                            named: "image-fits-rotated-90-2x")
    }

    /// No text on it, so that one golden serves every generation of the libraries (glyphs
    /// differ between them; image scaling does not).
    @Test("a screen's background image (cover) under a button with only an icon")
    func backgroundAndIcon() throws {
        let image = try Self.quadrants()
        let button = Button(id: "go", frame: Rect(80, 16, 160, 48), title: "")
        button.icon = image
        let screen = Screen(id: "s", backgroundImage: image, controls: [button])
        let scene = Scene(designSize: Size(320, 80), screens: [screen])
        let renderer = try SceneRenderer(designSize: Size(320, 80), panelWidth: 320, panelHeight: 80, rotation: .none)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "image-background-icon")
    }
}
