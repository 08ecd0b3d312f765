import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI

/// `idle`, a screen's `advanceAfter`, a popup's `modal` and `autoClose` reach the scene.
@Suite("Timed settings in the config")
struct TimedSettingsTests {
    static let json = #"""
        {"startScreen": "welcome", "idle": {"after": 90, "screen": "welcome"},
         "screens": [{"id": "welcome", "advanceAfter": 8000}, {"id": "menu"}],
         "popups": [{"id": "pin", "template": "popups/dialog.json", "title": "PIN", "modal": true, "autoClose": 30000,
                     "buttons": [{"id": "ok", "title": "OK"}]},
                    {"id": "hello", "template": "popups/dialog.json", "title": "Hi", "buttons": [{"id": "ok", "title": "OK"}]}]}
        """#

    @Test("the config's timings are on the scene it builds; what it leaves out stays off")
    func reachTheScene() throws {
        let config = try ConfigLoader.decode(Self.json, file: "kiosk.json", readFile: reader(["popups/dialog.json": minimalTemplate]))
        #expect(config.idle == IdleSettings(after: 90, screen: "welcome"))
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        #expect(scene.idleReturn == IdleReturn(after: .seconds(90), screen: "welcome"))
        #expect(scene.screen(withID: "welcome")?.advanceAfter == .seconds(8))
        #expect(scene.screen(withID: "menu")?.advanceAfter == nil)
        let pin = try #require(scene.registeredOverlay(withID: "pin") as? PopupDialog)
        #expect(pin.isModal && pin.autoClose == .seconds(30))
        let hello = try #require(scene.registeredOverlay(withID: "hello") as? PopupDialog)
        #expect(!hello.isModal && hello.autoClose == nil)
    }

    @Test("pages become a group on the scene, with dots in the theme's text colour")
    func pages() throws {
        let json = #"""
            {"startScreen": "a", "theme": {"text": "#FFCC00"}, "pages": ["a", "b", "c"],
             "screens": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "other"}]}
            """#
        let config = try ConfigLoader.decode(json, file: "kiosk.json", readFile: reader([:]))
        #expect(config.pages == PagesSettings(groups: [["a", "b", "c"]]))
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let group = try #require(scene.pageGroups.first)
        #expect(group.screens.map(\.id) == ["a", "b", "c"])
        #expect(group.currentDotColor == Color(hex: "#FFCC00"))
        #expect(scene.screen(withID: "other")?.pages == nil)
        let two = try ConfigLoader.decode(#"""
            {"startScreen": "a", "pages": [["a", "b"], ["c", "other"]],
             "screens": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "other"}]}
            """#, file: "kiosk.json", readFile: reader([:]))
        #expect(SceneBuilder.build(two, designSize: Size(800, 480)).pageGroups.map { $0.screens.map(\.id) } == [["a", "b"], ["c", "other"]])
    }
}
