import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// `set` and `get` on properties: the owner changes what the screen says and shows, checked
/// as the config is, and a bad field changes nothing.
@Suite("Properties through set and get")
struct PropertySetTests {
    @Test("a label's text set at run time shows in the next frame, repaints only the label, and is announced as the owner's")
    func labelText() throws {
        let target = try ControlTestTarget()
        let scene = try #require(target.scene)
        _ = scene.takeDamage()
        _ = scene.drainEvents()
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": "Total: 9.60 €"}}"#)
                == #"{"ok": true, "control": "title", "properties": {"text": "Total: 9.60 €", "color": null, "#
                + #""font": "sans-serif bold 28", "align": null, "lines": null, "icon": null, "enabled": true, "visible": true}}"#)
        let label = try #require(scene.control(withID: "title") as? Label)
        #expect(label.text == "Total: 9.60 €")
        #expect(scene.takeDamage().bounds == label.paintBounds.integral)
        let events = scene.drainEvents()
        #expect(events.map(\.kind) == [.propertiesChanged])
        #expect(events.first?["text"] == .string("Total: 9.60 €"))
    }

    @Test("a button takes colours and enabled=false; its title follows; null gives the theme's colour back")
    func buttonColoursAndEnabled() throws {
        let target = try ControlTestTarget()
        let button = try #require(target.scene?.control(withID: "sayHello") as? Button)
        #expect(target.reply(##"{"op": "set", "control": "sayHello", "value": {"background": "#2E7D32", "enabled": false, "title": "Start"}}"##)
            .hasPrefix(#"{"ok": true"#))
        #expect(button.backgroundColor == Color(hex: "#2E7D32"))
        #expect(button.title == "Start")
        #expect(!button.isEnabled && !button.acceptsTouches)
        #expect(target.reply(#"{"op": "set", "control": "sayHello", "value": {"background": null}}"#).hasPrefix(#"{"ok": true"#))
        #expect(button.backgroundColor == nil)
        #expect(button.title == "Start")
    }

    @Test("a value and a property in one set: a bad property changes neither, with the config's message")
    func badFieldChangesNothing() throws {
        let target = try ControlTestTarget()
        let before = target.snapshot
        #expect(target.reply(#"{"op": "set", "control": "price", "value": {"lower": 50, "trackColor": "blue"}}"#)
                == #"{"ok": false, "error": "trackColor: invalid colour \"blue\": expected #RRGGBB or #RRGGBBAA"}"#)
        #expect(target.snapshot == before)
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"frame": [0, 0, 10, 10]}}"#)
                == #"{"ok": false, "error": "\"frame\" is not a value field or a property of \"title\" (properties: text, color, font, align, lines, icon, enabled, visible)"}"#)
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"lines": 0}}"#)
                == #"{"ok": false, "error": "lines: must be between 1 and 100 (found 0)"}"#)
        #expect(target.snapshot == before)
    }

    @Test("align replaces the older alignment key the config used, instead of clashing with it")
    func aliasReplaced() throws {
        let config = try ConfigLoader.decode(#"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
              {"type": "label", "id": "t", "frame": [0, 0, 200, 40], "text": "x", "alignment": "trailing"}]}]}
            """#, file: "k.json")
        let target = ControlTestTarget(scene: SceneBuilder.build(config), config: config)
        #expect(target.reply(#"{"op": "set", "control": "t", "value": {"align": "center"}}"#).hasPrefix(#"{"ok": true"#))
        #expect((target.scene?.control(withID: "t") as? Label)?.alignment == .center)
    }

    @Test("kiosk ctl's words: a number given for text is the text it reads as")
    func numberAsText() throws {
        let target = try ControlTestTarget()
        #expect(target.reply(#"{"op": "set", "control": "title", "value": {"text": 42}}"#).hasPrefix(#"{"ok": true"#))
        #expect((target.scene?.control(withID: "title") as? Label)?.text == "42")
    }

    @Test("a control made in code has enabled and visible; its other settings are Swift's")
    func madeInCode() throws {
        let scene = Scene(designSize: Size(400, 300), screens: [
            Screen(id: "main", controls: [Label(id: "note", frame: Rect(0, 0, 200, 40), text: "hi")]),
        ])
        let target = ControlTestTarget(scene: scene)
        #expect(target.reply(#"{"op": "set", "control": "note", "value": {"visible": false}}"#).hasPrefix(#"{"ok": true"#))
        #expect(scene.control(withID: "note")?.isHidden == true)
        #expect(target.reply(#"{"op": "set", "control": "note", "value": {"text": "x"}}"#)
                == #"{"ok": false, "error": "\"text\" is not a value field or a property of \"note\" (properties: enabled, visible)"}"#)
        #expect(target.reply(#"{"op": "set", "control": "note", "value": {"enabled": "no"}}"#)
                == #"{"ok": false, "error": "enabled: expected a boolean, found a string"}"#)
    }

    @Test("get with no control lists the properties the owner changed, by control")
    func getAll() throws {
        let target = try ControlTestTarget()
        _ = target.reply(##"{"op": "set", "control": "angle", "value": {"arcStartColor": "#FF0000", "angle": 45}}"##)
        #expect(target.reply(#"{"op": "get"}"#).contains(##""properties": {"angle": {"arcStartColor": "#FF0000"}}"##))
        #expect(target.reply(#"{"op": "get", "control": "angle"}"#)
                == #"{"ok": true, "control": "angle", "value": {"angle": 45}, "properties": {"color": null, "font": null, "#
                + ##""arcStartColor": "#FF0000", "arcEndColor": null, "enabled": true, "visible": true}}"##)
    }
}
