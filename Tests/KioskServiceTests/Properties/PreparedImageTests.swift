import Foundation
import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskRender
import KioskUI
@testable import KioskService

/// A picture set at run time is decoded once, off the frame: the set's remaining work reads,
/// decodes and scales it for the places its control draws it, and the frame that shows it
/// only copies (issue 29, item 1).
@Suite("Pictures set at run time, made ready before their frame")
struct PreparedImageTests {
    /// A config folder with two opaque 300x200 gradients, an image `photo` (cover) and a
    /// button `go` with an icon, on a renderer of `panel` pixels turned by `rotation`.
    final class Kiosk {
        let root: URL
        let target: ControlTestTarget
        let renderer: SceneRenderer

        init(panel: (Int, Int) = (800, 480), rotation: DisplayRotation = .none) throws {
            root = try TestFiles.temporaryDirectory()
            let folder = root.appendingPathComponent("kiosk")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
            for (name, tint) in [("a", UInt32(0x00_40_00)), ("b", 0x40_00_80)] {
                let picture = try PixelBuffer(width: 300, height: 200, format: .xrgb32)
                for y in 0..<200 {
                    for x in 0..<300 { picture.setPixel(x: x, y: y, 0xFF00_0000 | tint | UInt32(x * 255 / 299) << 16 | UInt32(y)) }
                }
                try Data(PNGImage.encode(picture)).write(to: folder.appendingPathComponent("images/\(name).png"))
            }
            let json = #"""
                {"startScreen": "main", "screens": [{"id": "main", "controls": [
                  {"type": "image", "id": "photo", "frame": [100, 80, 410, 230], "source": "images/a.png", "fit": "cover"},
                  {"type": "button", "id": "go", "frame": [540, 380, 200, 60], "title": "Go", "icon": "images/a.png"}]}]}
                """#
            let path = folder.appendingPathComponent("kiosk.json").path
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            let config = try KioskSetup.loadConfig(FilePath(path))
            let scene = SceneBuilder.build(config, designSize: Size(800, 480))
            target = ControlTestTarget(scene: scene, config: config)
            target.properties = PropertyModel(config: config, images: ImageLibrary(config: config))
            renderer = try SceneRenderer(designSize: Size(800, 480), panelWidth: panel.0, panelHeight: panel.1, rotation: rotation)
            scene.textMeasurer = renderer.canvas
            target.imagePreparer = renderer
        }

        var decodes: Int { renderer.canvas.images.decodes }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test("the frame after a set draws the new picture without decoding it, with the pixels a frame would have made",
          arguments: [((800, 480), DisplayRotation.none), ((1080, 1800), .quarter)])
    func readyBeforeItsFrame(panel: (Int, Int), rotation: DisplayRotation) throws {
        let kiosk = try Kiosk(panel: panel, rotation: rotation)
        let scene = try #require(kiosk.target.scene)
        kiosk.renderer.render(scene)
        let before = kiosk.decodes
        #expect(before == 2)   // the photo's site and the icon's: a frame decodes once per site
        #expect(kiosk.target.reply(#"{"op": "set", "control": "photo", "value": {"source": "images/b.png"}}"#).hasPrefix(#"{"ok": true"#))
        #expect(kiosk.target.reply(#"{"op": "set", "control": "go", "value": {"icon": "images/b.png"}}"#).hasPrefix(#"{"ok": true"#))
        kiosk.renderer.render(scene)
        #expect(kiosk.decodes == before, "the frame decoded what the set had made ready")

        // A renderer that decodes in its frame makes the same pixels.
        let fresh = try SceneRenderer(designSize: Size(800, 480), panelWidth: panel.0, panelHeight: panel.1, rotation: rotation)
        scene.invalidateAll()
        fresh.render(scene)
        #expect(fresh.canvas.images.decodes == 2)
        let comparison = ImageComparison(tolerance: 0).compare(kiosk.renderer.frame, to: fresh.frame)
        #expect(comparison.passed, "\(comparison)")
    }

    @Test("without a renderer to prepare for, a set still decodes its file once and the frame scales it")
    func withoutARenderer() throws {
        let kiosk = try Kiosk()
        kiosk.target.imagePreparer = nil
        let scene = try #require(kiosk.target.scene)
        #expect(kiosk.target.reply(#"{"op": "set", "control": "photo", "value": {"source": "images/b.png", "fit": "contain"}}"#)
                .hasPrefix(#"{"ok": true"#))
        kiosk.renderer.render(scene)
        let photo = try #require(scene.control(withID: "photo") as? ImageView)
        #expect(photo.image?.path.hasSuffix("/images/b.png") == true && photo.fit == .contain)
    }

    @Test("a set that names a file and other properties makes nothing when the file is bad or a property is")
    func allOrNothing() throws {
        let kiosk = try Kiosk()
        let scene = try #require(kiosk.target.scene)
        let photo = try #require(scene.control(withID: "photo") as? ImageView)
        try Data("not a picture".utf8).write(to: kiosk.root.appendingPathComponent("kiosk/images/bad.png"))
        #expect(kiosk.target.reply(#"{"op": "set", "control": "photo", "value": {"source": "images/bad.png", "fit": "fill"}}"#)
                == #"{"ok": false, "error": "source: \"images/bad.png\" is not a PNG or JPEG image"}"#)
        #expect(photo.fit == .cover && photo.source == "images/a.png")
        #expect(kiosk.target.reply(#"{"op": "set", "control": "photo", "value": {"source": "images/b.png", "fit": "sideways"}}"#)
            .hasPrefix(#"{"ok": false, "error": "fit: "#))
        #expect(photo.fit == .cover && photo.source == "images/a.png")
    }
}
