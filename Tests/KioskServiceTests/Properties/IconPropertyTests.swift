import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// An icon set by name at run time (`kiosk ctl set lamp icon=light_mode`): looked up in the
/// machine's icon font as the config's are, an unknown name refused with a suggestion and the
/// old icon kept. Needs `fonts-material-design-icons-iconfont` (scripts/install-deps.sh).
@Suite("Icon properties through set")
struct IconPropertyTests {
    static let json = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "button", "id": "lamp", "frame": [10, 10, 160, 48], "title": "Light", "icon": "lightbulb"},
          {"type": "label", "id": "temp", "frame": [10, 100, 200, 40], "text": "21 °C", "icon": "thermostat"}]}]}
        """#

    static func target() throws -> ControlTestTarget {
        let config = try ConfigLoader.decode(json, file: "k.json", readFile: ConfigLoader.noFiles,
                                             fonts: MachineFonts.installed)
        let target = ControlTestTarget(scene: SceneBuilder.build(config, designSize: Size(800, 480)), config: config)
        target.properties = PropertyModel(config: config)
        return target
    }

    @Test("the installed icon font's map has the names, with their code points")
    func installedMap() {
        let icons = MachineFonts.installed.icons
        #expect(icons.isInstalled)
        #expect(icons.codePoints.count > 2000)
        #expect(icons.codePoints["lightbulb"] == "\u{E0F0}")
    }

    @Test("a new icon name on a button and a label shows that icon, repaints the control and is announced")
    func newIcon() throws {
        let target = try Self.target()
        let scene = try #require(target.scene)
        let lamp = try #require(scene.control(withID: "lamp") as? Button)
        let temp = try #require(scene.control(withID: "temp") as? Label)
        _ = scene.takeDamage()
        _ = scene.drainEvents()
        let reply = target.reply(#"{"op": "set", "control": "lamp", "value": {"icon": "light_mode"}}"#)
        #expect(reply.hasPrefix(#"{"ok": true"#) && reply.contains(#""icon": "light_mode""#), "\(reply)")
        #expect(lamp.iconGlyph == IconGlyph(name: "light_mode", scalar: "\u{E518}"))
        #expect(scene.takeDamage().bounds == lamp.paintBounds.integral)
        #expect(scene.drainEvents().map(\.kind) == [.propertiesChanged])
        #expect(target.reply(#"{"op": "set", "control": "temp", "value": {"icon": "ac_unit", "text": "16 °C"}}"#)
                .hasPrefix(#"{"ok": true"#))
        #expect(temp.icon?.name == "ac_unit" && temp.text == "16 °C")
        #expect(target.reply(#"{"op": "get", "control": "temp"}"#).contains(#""icon": "ac_unit""#))
    }

    @Test("a title change keeps the icon; null removes it")
    func keepAndRemove() throws {
        let target = try Self.target()
        let lamp = try #require(target.scene?.control(withID: "lamp") as? Button)
        #expect(target.reply(#"{"op": "set", "control": "lamp", "value": {"title": "Lamp"}}"#).hasPrefix(#"{"ok": true"#))
        #expect(lamp.iconGlyph?.name == "lightbulb" && lamp.title == "Lamp")
        #expect(target.reply(#"{"op": "set", "control": "lamp", "value": {"icon": null}}"#).hasPrefix(#"{"ok": true"#))
        #expect(lamp.iconGlyph == nil)
    }

    @Test("an unknown icon name is refused with the closest name, and the icon stays")
    func unknownName() throws {
        let target = try Self.target()
        let lamp = try #require(target.scene?.control(withID: "lamp") as? Button)
        let reply = target.reply(#"{"op": "set", "control": "lamp", "value": {"icon": "lightbulp"}}"#)
        #expect(reply.contains(#"icon: \"lightbulp\": no icon of that name; did you mean \"lightbulb\"?"#), "\(reply)")
        #expect(lamp.iconGlyph?.name == "lightbulb")
    }
}
