import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskRender
import KioskService
import KioskTestSupport
import KioskUI
import Testing

/// Where a `source` may lead: only into the config's folder or a folder the config lists,
/// after every link is followed (`..`, a symbolic link, an absolute path cannot escape).
@Suite struct ImageLibraryTests {
    /// A config folder `kiosk/` with `images/logo.png`, a listed folder `photos/` with
    /// `beach.png`, and outside both `secret.png` and `photos-old/old.png`.
    struct Folders {
        let root: URL
        var kiosk: String { root.appendingPathComponent("kiosk").path }
        var photos: String { root.appendingPathComponent("photos").path }
        var library: ImageLibrary { ImageLibrary(folder: kiosk, directories: [photos]) }

        init() throws {
            root = try TestFiles.temporaryDirectory()
            let png = try PNGImage.encode(PixelBuffer(width: 3, height: 2))
            for file in ["kiosk/images/logo.png", "photos/beach.png", "secret.png", "photos-old/old.png"] {
                let url = root.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(png).write(to: url)
            }
        }

        func write(_ bytes: [UInt8], at relative: String) throws {
            try Data(bytes).write(to: root.appendingPathComponent(relative))
        }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(relative).path,
                                                       withDestinationPath: target)
        }

        func reason(_ source: String) -> String? {
            caughtError(ImageSourceError.self) { _ = try library.resolve(source) }?.reason
        }
    }

    @Test func aSourceInsideTheConfigsFolderResolvesToItsFileAndSize() throws {
        let folders = try Folders()
        let image = try folders.library.resolve("images/logo.png")
        #expect(image.path == URL(fileURLWithPath: folders.kiosk).resolvingSymlinksInPath().path + "/images/logo.png")
        #expect(image.size == Size(3, 2))
        #expect(try folders.library.resolve("./images/../images/logo.png") == image)
    }

    @Test func anAbsoluteSourceInsideAListedFolderResolves() throws {
        let folders = try Folders()
        #expect(try folders.library.resolve(folders.photos + "/beach.png").size == Size(3, 2))
        #expect(try folders.library.resolve("../photos/beach.png").size == Size(3, 2))
    }

    @Test func dotDotCannotLeaveTheAllowedFolders() throws {
        let folders = try Folders()
        let error = try #require(caughtError(ImageSourceError.self) { _ = try folders.library.resolve("../secret.png") })
        #expect(error.reason == "lies outside the config's folder and images.directories")
        #expect(error.detail?.hasPrefix("it is /") == true && error.detail?.hasSuffix("/secret.png") == true)
        #expect(error.reasonWithDetail.hasPrefix("lies outside the config's folder and images.directories (it is /"))
        #expect(folders.reason("../../../../../../../../etc/shadow")?.hasPrefix("lies outside") == true)
    }

    @Test("a missing file outside is refused as outside, not as missing: a refusal tells nobody which files exist")
    func missingOutsideIsOutside() throws {
        let folders = try Folders()
        try folders.link("kiosk/images/dir", to: "/etc")
        for source in ["../none.png", "/etc/none-such-file", "images/dir/none-such-file", "images/nowhere/../../../x.png"] {
            let error = try #require(caughtError(ImageSourceError.self) { _ = try folders.library.resolve(source) }, "\(source)")
            #expect(error.reason == "lies outside the config's folder and images.directories", "\(source)")
            #expect(error.detail?.hasPrefix("it would be /") == true, "\(source)")
        }
        #expect(folders.reason("images/none.png") == "cannot be read: No such file or directory")
    }

    @Test func anAbsolutePathOutsideIsRefused() throws {
        let folders = try Folders()
        #expect(folders.reason("/etc/shadow")?.hasPrefix("lies outside") == true)
        #expect(folders.reason(folders.root.appendingPathComponent("secret.png").path)?.hasPrefix("lies outside") == true)
    }

    @Test func aSymbolicLinkPointingOutsideIsRefusedAndOneInsideFollowed() throws {
        let folders = try Folders()
        try folders.link("kiosk/images/escape.png", to: folders.root.appendingPathComponent("secret.png").path)
        try folders.link("kiosk/images/dir", to: "/etc")
        try folders.link("kiosk/images/inside.png", to: "logo.png")
        #expect(folders.reason("images/escape.png")?.hasPrefix("lies outside") == true)
        #expect(folders.reason("images/dir/passwd")?.hasPrefix("lies outside") == true)
        #expect(try folders.library.resolve("images/inside.png").path.hasSuffix("/kiosk/images/logo.png"))
    }

    @Test func aFolderWhoseNameOnlyStartsLikeAListedOneIsOutside() throws {
        let folders = try Folders()
        #expect(folders.reason(folders.root.appendingPathComponent("photos-old/old.png").path)?.hasPrefix("lies outside") == true)
    }

    @Test func missingCorruptAndWrongFilesAreRefusedWithTheirReason() throws {
        let folders = try Folders()
        #expect(folders.reason("images/none.png") == "cannot be read: No such file or directory")
        try folders.write(Array("not an image".utf8), at: "kiosk/images/text.png")
        #expect(folders.reason("images/text.png") == "is not a PNG or JPEG image")
        let png = try PNGImage.encode(PixelBuffer(width: 64, height: 64))
        try folders.write(Array(png.prefix(png.count / 2)), at: "kiosk/images/cut.png")
        #expect(folders.reason("images/cut.png")?.hasPrefix("is not a valid PNG image") == true)
        #expect(folders.reason("images") == "is not a regular file")
        #expect(folders.reason("") == "must not be empty")
    }

    @Test func aBadSourceSetAtRunTimeThrowsAndTheOldImageStays() throws {
        let folders = try Folders()
        let logo = try folders.library.resolve("images/logo.png")
        let view = ImageView(id: "logo", frame: Rect(0, 0, 10, 10), source: "images/logo.png", image: logo)
        let error = caughtError(ImageSourceError.self) { try folders.library.setSource("/etc/shadow", of: view) }
        #expect(error?.description.hasPrefix(#""/etc/shadow" lies outside"#) == true)
        #expect(view.source == "images/logo.png" && view.image == logo)
        try folders.library.setSource("../photos/beach.png", of: view)
        #expect(view.source == "../photos/beach.png" && view.image?.path.hasSuffix("/photos/beach.png") == true)
    }

    @Test func aFileChangedOnDiskIsANewReference() throws {
        let folders = try Folders()
        let before = try folders.library.resolve("images/logo.png")
        try folders.write(try PNGImage.encode(PixelBuffer(width: 5, height: 5)), at: "kiosk/images/logo.png")
        let after = try folders.library.resolve("images/logo.png")
        #expect(after.size == Size(5, 5) && after != before)
    }

    @Test func theConfigsImagesAreCheckedWhenItLoadsNamingTheFileAndPlace() throws {
        let folders = try Folders()
        let config = """
            {"startScreen": "main", "images": {"directories": ["\(folders.photos)"]},
             "screens": [{"id": "main", "backgroundImage": "../photos/beach.png", "controls": [
              {"type": "image", "id": "logo", "frame": [0, 0, 100, 100], "source": "images/logo.png"},
              {"type": "image", "id": "gone", "frame": [0, 0, 100, 100], "source": "images/gone.png"},
              {"type": "button", "id": "b", "frame": [0, 0, 100, 40], "title": "x", "icon": "../secret.png"}]}]}
            """
        let path = FilePath(folders.kiosk + "/kiosk.json")
        let error = caughtError(KioskSetup.LoadError.self) { _ = try KioskSetup.decodeConfig(config, path: path) }
        let lines = try #require(error?.lines)
        #expect(lines.count == 2)
        #expect(lines.first == "\(path): screens[0].controls[1].source: \"images/gone.png\" cannot be read: No such file or directory (line 4)")
        #expect(lines.last?.hasPrefix("\(path): screens[0].controls[2].icon: \"../secret.png\" lies outside") == true)

        let good = config.replacingOccurrences(of: "images/gone.png", with: "images/logo.png")
            .replacingOccurrences(of: "../secret.png", with: "images/logo.png")
        let loaded = try KioskSetup.decodeConfig(good, path: path)
        #expect(loaded.images.files.count == 2)
        #expect(loaded.images.folder == folders.kiosk)
        let scene = SceneBuilder.build(loaded)
        let screen = try #require(scene.screen(withID: "main"))
        #expect(screen.backgroundImage?.path.hasSuffix("/photos/beach.png") == true)
        #expect((screen.control(withID: "logo") as? ImageView)?.image?.size == Size(3, 2))
        #expect((screen.control(withID: "b") as? Button)?.icon?.size == Size(3, 2))
    }
}
