import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

@Suite struct ImageConfigTests {
    static let json = """
        {"startScreen": "main", "images": {"directories": ["/srv/photos"], "cacheMB": 64},
         "screens": [{"id": "main", "backgroundImage": "bg.jpg", "backgroundFit": "contain", "controls": [
          {"type": "image", "id": "logo", "frame": [10, 10, 100, 50], "source": "images/logo.png", "fit": "none"},
          {"type": "image", "id": "photo", "frame": [10, 100, 100, 50], "source": "images/logo.png"},
          {"type": "button", "id": "go", "frame": [10, 200, 160, 48], "title": "Go", "icon": "images/go.png"}]},
          {"id": "plain", "backgroundImage": "bg.jpg"}]}
        """
    static let files = ["bg.jpg": "image 800x480", "images/logo.png": "image 40x20", "images/go.png": "image 32x32"]

    static func decoded() throws -> KioskConfiguration {
        try ConfigLoader.decode(json, file: "demo.json", readFile: reader(files), inspectImage: images(files))
    }

    @Test func imageKeysAreReadWithTheirDefaults() throws {
        let config = try Self.decoded()
        let controls = config.screens[0].controls
        #expect(controls[0].base as? ImageConfig == ImageConfig(id: "logo", frame: Rect(10, 10, 100, 50),
                                                                 source: "images/logo.png", fit: ImageFit.none))
        #expect((controls[1].base as? ImageConfig)?.fit == .contain)
        #expect((controls[2].base as? ButtonConfig)?.icon == "images/go.png")
        #expect(config.screens[0].backgroundImage == "bg.jpg" && config.screens[0].backgroundFit == .contain)
        #expect(config.screens[1].backgroundFit == .cover)
        #expect(config.images.directories == ["/srv/photos"] && config.images.cacheMegabytes == 64)
        #expect(config.images.cacheBytes == 64 << 20)
        #expect(ImageSettings().cacheMegabytes == 32 && ImageSettings().directories.isEmpty)
    }

    @Test func eachFileIsInspectedOnceAndTheSceneShowsWhatWasFound() throws {
        var asked: [String] = []
        let inspector: ConfigLoader.ImageInspector = { source, directories in
            asked.append(source)
            #expect(directories == ["/srv/photos"])
            return images(Self.files)(source, directories)
        }
        let config = try ConfigLoader.decode(Self.json, file: "demo.json", readFile: reader(Self.files), inspectImage: inspector)
        #expect(asked == ["bg.jpg", "images/logo.png", "images/go.png"])
        #expect(config.images.files["images/logo.png"]?.size == Size(40, 20))

        let scene = SceneBuilder.build(config)
        let main = try #require(scene.screen(withID: "main"))
        #expect(main.backgroundImage?.path == "/kiosk/bg.jpg" && main.backgroundFit == .contain)
        let logo = try #require(main.control(withID: "logo") as? ImageView)
        #expect(logo.source == "images/logo.png" && logo.image?.size == Size(40, 20) && logo.fit == ImageFit.none)
        #expect((main.control(withID: "go") as? Button)?.icon?.path == "/kiosk/images/go.png")
    }

    @Test func withoutAnInspectorImagesCannotBeRead() {
        let problems = problemsWithoutImages(Self.json)
        #expect(problems.first == #"demo.json: screens[0].backgroundImage: "bg.jpg" cannot be read: images need an image inspector (line 2)"#)
        #expect(problems.count == 3)
    }

    func problemsWithoutImages(_ json: String) -> [String] {
        do {
            _ = try ConfigLoader.decode(json, file: "demo.json", readFile: reader(Self.files))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }
}
