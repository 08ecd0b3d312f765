import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing
@testable import KioskService

/// A text set at run time that names a string: checked as the config's texts are, so a
/// visitor never sees a raw key.
@Suite("String keys through set")
struct StringKeyPropertyTests {
    static let config = """
        {"languages": {"default": "en", "files": {"en": "en.json", "de": "de.json"}},
         "startScreen": "main", "screens": [{"id": "main", "controls": [
           {"type": "label", "id": "title", "frame": [0, 0, 400, 40], "text": "@menu.title"},
           {"type": "button", "id": "go", "frame": [0, 50, 100, 40], "title": "Go"}]}]}
        """
    static let files = [
        "en.json": #"{"menu": {"title": "Menu", "back": "Back"}, "only": "English only"}"#,
        "de.json": #"{"menu": {"title": "Speisekarte", "back": "Zurück"}}"#,
    ]

    func target(_ json: String = Self.config) throws -> ControlTestTarget {
        let files = Self.files
        let config = try ConfigLoader.decode(json, file: "k.json") { path in
            files[path].map { .success($0) } ?? .failure(FileReadProblem(reason: "No such file or directory"))
        }
        return ControlTestTarget(scene: SceneBuilder.build(config, designSize: Size(800, 480)), config: config)
    }

    func text(_ id: String, _ target: ControlTestTarget) -> String? {
        let control = target.scene?.control(withID: id)
        return (control as? Label)?.text ?? (control as? Button)?.title
    }

    @Test("a key that no string file has is refused with the config's message, and the text stays")
    func missingKey() throws {
        let target = try target()
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "@no.such.key"}}"#)
            == #"{"ok": false, "error": "text: string \"no.such.key\" is missing from \"en\" (en.json)"}"#)
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "@only"}}"#)
            == #"{"ok": false, "error": "text: string \"only\" is missing from \"de\" (de.json)"}"#)
        #expect(text("title", target) == "Menu")
    }

    @Test("a key that names a group of strings is refused")
    func groupKey() throws {
        let target = try target()
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "@menu"}}"#)
            == #"{"ok": false, "error": "text: \"@menu\" names a group of strings in \"en\" (en.json), not a string"}"#)
        #expect(target.reply(#"{"op": "set", "control": "go", "value": {"title": "@menu"}}"#).hasPrefix(#"{"ok": false"#))
        #expect(text("title", target) == "Menu")
    }

    @Test("a key every language has is taken, and so is @@, a text that starts with @")
    func goodKey() throws {
        let target = try target()
        #expect(target.reply(#"{"op": "set", "control": "go", "value": {"title": "@menu.back"}}"#).hasPrefix(#"{"ok": true"#))
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "@@home"}}"#).hasPrefix(#"{"ok": true"#))
    }

    @Test("without languages, a key is refused as the config would refuse it")
    func noLanguages() throws {
        let target = try ControlTestTarget(configJSON: #"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
              {"type": "label", "id": "title", "frame": [0, 0, 400, 40], "text": "Hello"}]}]}
            """#)
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "@menu.title"}}"#)
            == #"{"ok": false, "error": "text: \"@menu.title\" names a string, but the config has no \"languages\" (write \"@@menu.title\" for a text that starts with @)"}"#)
        #expect(text("title", target) == "Hello")
    }
}
