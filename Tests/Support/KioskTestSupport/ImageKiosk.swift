import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskRender
import KioskService
import KioskUI
import Testing

/// A config folder with `images/day.png` and `images/night.png`, `secret.png` beside it
/// (outside), and a screen with an image `logo` and a button `go` with an icon.
package final class ImageKiosk {
    package let root: URL
    package let target: ControlTestTarget
    package let logo: ImageView
    package let go: Button

    package init() throws {
        root = try TestFiles.temporaryDirectory()
        let folder = root.appendingPathComponent("kiosk")
        let png = try PNGImage.encode(PixelBuffer(width: 4, height: 2))
        for file in ["kiosk/images/day.png", "kiosk/images/night.png", "secret.png"] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(png).write(to: url)
        }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("images/broken.png"))
        let json = #"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
              {"type": "image", "id": "logo", "frame": [10, 10, 100, 50], "source": "images/day.png"},
              {"type": "button", "id": "go", "frame": [10, 100, 160, 48], "title": "Go", "icon": "images/day.png"}]}]}
            """#
        let path = folder.appendingPathComponent("kiosk.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let config = try KioskSetup.loadConfig(FilePath(path))
        target = ControlTestTarget(scene: SceneBuilder.build(config, designSize: Size(800, 480)), config: config)
        target.properties = PropertyModel(config: config, images: ImageLibrary(config: config))
        logo = try #require(target.scene?.control(withID: "logo") as? ImageView)
        go = try #require(target.scene?.control(withID: "go") as? Button)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
