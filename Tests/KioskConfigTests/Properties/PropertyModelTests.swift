import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// The owner's properties and the texts bound to values, on a scene and a config alone: no
/// service, no files, no fonts. Image files come from a table given to the model.
@Suite("Owner properties without the service")
struct PropertyModelTests {
    /// Image sources from a table: a name it holds is found (and decodes to `size`), any other
    /// lies outside, as the kiosk's library says of a file out of its folders.
    struct TableImages: ImageSources {
        var files: [String: Size]

        func locate(_ source: String) throws(ImageSourceError) -> ImageFile {
            guard files[source] != nil else {
                throw ImageSourceError(source: source, reason: "lies outside the config's folder and images.directories",
                                       detail: "it is /elsewhere/\(source)")
            }
            return ImageFile(source: source, path: "/kiosk/" + source)
        }

        func resolve(_ source: String) throws(ImageSourceError) -> ImageReference {
            ImageReference(path: try locate(source).path, size: files[source]!)
        }
    }

    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40], "min": 0, "max": 100, "lower": 20, "upper": 80},
          {"type": "label", "id": "range", "frame": [40, 100, 420, 40], "text": "{price.lower:.0} – {price.upper:.0} €"},
          {"type": "image", "id": "logo", "frame": [500, 20, 200, 100], "source": "start.png"}]}]}
        """#

    func model() throws -> (PropertyModel, Scene) {
        let config = try ConfigLoader.decode(Self.config, file: "k.json", readFile: reader([:]),
                                              inspectImage: images(["start.png": "image 64x32"]))
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let model = PropertyModel(config: config, imageSources: TableImages(files: ["logo.png": Size(64, 32)]),
                                  icons: .notInstalled)
        return (model, scene)
    }

    @Test("a label's template shows the slider's values and follows them when written again")
    func templateFollowsValues() throws {
        let (model, scene) = try model()
        let label = try #require(scene.control(withID: "range") as? Label)
        model.refreshTemplates(in: scene, after: nil)
        #expect(label.text == "20 – 80 €")
        try scene.control(withID: "price")?.setValue([("upper", 95)])
        model.refreshTemplates(in: scene, after: nil)
        #expect(label.text == "20 – 95 €")
    }

    @Test("an image source the sources hold is set; one they refuse is the config's message, its detail for the journal only")
    func imageSourcesInjected() throws {
        var refusals: [String] = []
        let config = try ConfigLoader.decode(Self.config, file: "k.json", readFile: reader([:]),
                                              inspectImage: images(["start.png": "image 64x32"]))
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let model = PropertyModel(config: config, imageSources: TableImages(files: ["logo.png": Size(64, 32)]),
                                  icons: .notInstalled)
        model.refusals = { refusals.append($0) }
        let logo = try #require(scene.control(withID: "logo"))
        model.make(try model.check([("source", "logo.png")], for: logo, designSize: scene.designSize), on: logo)
        #expect(model.properties(of: logo)["source"] == "logo.png")
        #expect(throws: ControlConfig.ChangeProblems([
            #"source: "../secret.png" lies outside the config's folder and images.directories"#])) {
            try model.check([("source", "../secret.png")], for: logo, designSize: scene.designSize)
        }
        #expect(refusals == [#"source: "../secret.png" lies outside the config's folder and images.directories: it is /elsewhere/../secret.png"#])
        #expect(model.properties(of: logo)["source"] == "logo.png", "a refused set changes nothing")
    }

    @Test("a set that defers its file lists it to be read, with a stand-in until then")
    func deferredFile() throws {
        let (model, scene) = try model()
        let logo = try #require(scene.control(withID: "logo"))
        let change = try model.check([("source", "logo.png")], for: logo, designSize: scene.designSize, images: .deferred)
        #expect(change.filesToLoad.map(\.file) == [ImageFile(source: "logo.png", path: "/kiosk/logo.png")])
        #expect(change.standIn(for: logo) != nil)
    }
}
