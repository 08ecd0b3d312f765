import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// Texts bound to values follow them at run time, without a reload.
@Suite("Text templates at run time")
struct TemplateRuntimeTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40], "min": 0, "max": 100, "lower": 20, "upper": 80},
          {"type": "label", "id": "range", "frame": [40, 100, 420, 40], "text": "{price.lower:.2} – {price.upper:.2} €"},
          {"type": "button", "id": "pay", "frame": [40, 300, 200, 56], "title": "Pay {price.upper:.0} €"},
          {"type": "label", "id": "other", "frame": [40, 20, 420, 40], "text": "static"}]}]}
        """#

    func runtime() throws -> (SceneRuntime, Scene) {
        let config = try ConfigLoader.decode(Self.config, file: "k.json")
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let runtime = SceneRuntime(scene: scene, renderer: try KioskRenderFactory.renderer(width: 800, height: 480),
                                   properties: PropertyModel(config: config)) { _ in }
        return (runtime, scene)
    }

    @Test("a label and a button title show the slider's values from the start and follow a change")
    func follows() throws {
        let (runtime, scene) = try runtime()
        let label = try #require(scene.control(withID: "range") as? Label)
        let button = try #require(scene.control(withID: "pay") as? Button)
        #expect(label.text == "20.00 – 80.00 €")
        #expect(button.title == "Pay 80 €")
        _ = runtime.renderFrame(at: .zero)
        try scene.control(withID: "price")?.setValue([("upper", 95.5)])
        let damage = try #require(runtime.renderFrame(at: .zero))
        #expect(label.text == "20.00 – 95.50 €")
        #expect(button.title == "Pay 96 €")
        // The changed texts are repainted in the frame that moves the knob (the panel is the
        // design's size here): the label's and the button's areas, not the static label's.
        #expect(damage.intersects(label.frame) && damage.intersects(button.frame))
        #expect(!damage.intersects(try #require(scene.control(withID: "other")).frame))
        #expect(!scene.needsRedraw)
    }

    @Test("the owner may set a new template or plain text; the template is kept through the value's changes")
    func ownerSetsTemplate() throws {
        let (runtime, scene) = try runtime()
        let model = runtime.properties
        let other = try #require(scene.control(withID: "other") as? Label)
        model.make(try model.check([("text", "from {price.lower:.0}")], for: other, designSize: scene.designSize), on: other)
        _ = runtime.renderFrame(at: .zero)
        #expect(other.text == "from 20")
        try scene.control(withID: "price")?.setValue([("lower", 30)])
        _ = runtime.renderFrame(at: .zero)
        #expect(other.text == "from 30")
        #expect(model.properties(of: other)["text"] == "from {price.lower:.0}")
    }
}
