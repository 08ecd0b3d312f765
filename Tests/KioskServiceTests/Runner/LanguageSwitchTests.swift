import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing
@testable import KioskService

/// A language switch at run time: every text, the popups' too, in one frame; the event; the
/// socket op; the state file; the idle return.
@Suite("Language switch")
struct LanguageSwitchTests {
    static func config(resetOnIdle: Bool = true) -> String {
        """
        {"languages": {"default": "en", "files": {"en": "en.json", "de": "de.json"}, "resetOnIdle": \(resetOnIdle)},
         "display": {"designSize": [800, 480]}, "startScreen": "main", "idle": {"after": 30, "screen": "main"},
         "screens": [{"id": "main", "controls": [
           {"type": "label", "id": "title", "frame": [0, 0, 400, 40], "text": "@menu.title"},
           {"type": "label", "id": "count", "frame": [0, 200, 400, 40], "text": "@cart.count"},
           {"type": "button", "id": "de", "frame": [0, 50, 100, 40], "title": "Deutsch", "action": {"setLanguage": "de"}},
           {"type": "slider", "id": "qty", "frame": [0, 100, 400, 40], "min": 0, "max": 10, "value": 2}]}],
         "popups": [{"id": "thanks", "template": "p.json", "title": "@thanks", "buttons": [{"id": "ok", "title": "OK"}]}]}
        """
    }

    static let files = [
        "en.json": #"{"menu": {"title": "Menu"}, "cart": {"count": "{qty.value} items"}, "thanks": "Thank you"}"#,
        "de.json": #"{"menu": {"title": "Speisekarte"}, "cart": {"count": "{qty.value} Artikel"}, "thanks": "Danke"}"#,
        "p.json": #"{"box": {"frame": [200, 110, 400, 260]}, "title": {"frame": [24, 20, 352, 36]}, "text": {"frame": [24, 64, 352, 110]}, "buttons": {"frame": [24, 192, 352, 48]}}"#,
    ]

    func kiosk(resetOnIdle: Bool = true) throws -> KioskTester {
        let files = Self.files
        let config = try ConfigLoader.decode(Self.config(resetOnIdle: resetOnIdle), file: "k.json") { path in
            files[path].map { .success($0) } ?? .failure(FileReadProblem(reason: "No such file or directory"))
        }
        let k = KioskTester(config: config)
        try k.step(until: .zero)
        return k
    }

    func text(_ id: String, _ k: KioskTester) -> String? { (k.scene?.control(withID: id) as? Label)?.text }

    @Test("the kiosk starts in the default language, templates in strings included")
    func startsInTheDefault() throws {
        let k = try kiosk()
        #expect(text("title", k) == "Menu")
        #expect(text("count", k) == "2 items")
        #expect(k.scene?.language.code == "en")
    }

    @Test("a tap on a setLanguage button shows every text in the new language in the next frame and says so")
    func tapSwitches() throws {
        let k = try kiosk()
        var touches = TouchSequence()
        touches.tap(at: Point(50, 70))
        // Not until nothing waits: the idle return would bring English back.
        try k.run(touches, until: .seconds(1))
        #expect(text("title", k) == "Speisekarte")
        #expect(text("count", k) == "2 Artikel")
        #expect(k.scene?.language.code == "de")
        let event = try #require(k.events.first { $0.kind == .languageChanged })
        #expect(event.jsonLine.contains(#""source": "kiosk", "event": "languageChanged", "value": {"language": "de"}"#))
        #expect(event.origin == .touch)
    }

    @Test("a popup on screen takes its words in the new language at once; one shown later has them too")
    func popups() throws {
        let k = try kiosk()
        #expect(try k.request(#"{"op": "showPopup", "popup": "thanks"}"#).contains(#""ok": true"#))
        try k.step(until: .seconds(1))
        let dialog = try #require(k.scene?.registeredOverlay(withID: "thanks") as? PopupDialog)
        #expect(dialog.content.title == "Thank you")
        #expect(try k.request(#"{"op": "setLanguage", "language": "de"}"#).contains(#""language": "de""#))
        try k.step(until: .seconds(2))
        #expect(dialog.content.title == "Danke")
    }

    @Test("the socket refuses a language the config lacks and the one shown, and get reports the language")
    func socket() throws {
        let k = try kiosk()
        #expect(try k.request(#"{"op": "setLanguage", "language": "fr"}"#).contains(#"no language \"fr\" (the kiosk has en, de)"#))
        #expect(try k.request(#"{"op": "setLanguage", "language": "en"}"#).contains(#"the language is \"en\" already"#))
        #expect(try k.request(#"{"op": "get"}"#).contains(#""language": "en""#))
    }

    @Test("a template in a string file follows the value it inserts in the language shown")
    func templatesFollow() throws {
        let k = try kiosk()
        _ = try k.request(#"{"op": "setLanguage", "language": "de"}"#)
        _ = try k.request(#"{"op": "set", "control": "qty", "value": {"value": 7}}"#)
        try k.step(until: .seconds(1))
        #expect(text("count", k) == "7 Artikel")
    }

    @Test("the idle return goes back to the default language with resetOnIdle, and keeps it without")
    func idleReturn() throws {
        let k = try kiosk()
        _ = try k.request(#"{"op": "setLanguage", "language": "de"}"#)
        try k.step(until: .seconds(40))
        #expect(k.scene?.language.code == "en")
        #expect(text("title", k) == "Menu")

        let keeps = try kiosk(resetOnIdle: false)
        _ = try keeps.request(#"{"op": "setLanguage", "language": "de"}"#)
        try keeps.step(until: .seconds(40))
        #expect(keeps.scene?.language.code == "de")
    }

    @Test("the language is kept in the state and put back without an event")
    func stateKeepsIt() throws {
        let k = try kiosk()
        _ = try k.request(#"{"op": "setLanguage", "language": "de"}"#)
        try k.step(until: .seconds(1))
        let scene = try #require(k.scene)
        let state = SavedState.capture(from: scene)
        #expect(state.language == "de")
        let bytes = StateFile.encode(state)
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""language": "de""#))
        #expect(StateFile.decode(bytes).state?.language == "de")

        let fresh = try kiosk()
        let restored = state.restore(into: try #require(fresh.scene))
        #expect(restored.problems.isEmpty)
        #expect(fresh.scene?.language.code == "de")
        var wrong = state
        wrong.language = "fr"
        #expect(wrong.restore(into: try #require(try kiosk().scene)).problems
                == [#"language: no language "fr" in the config; starting in "en""#])
    }
}
