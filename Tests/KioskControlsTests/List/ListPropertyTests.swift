import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A list whose rows hold other controls, through the control socket: the list's own
/// properties and its rows' controls are set like any other.
@Suite("List properties through set and get")
struct ListPropertyTests {
    static let config = ##"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "list", "id": "exhibits", "frame": [0, 0, 400, 300], "rowHeight": 60, "rows": [
            {"controls": [{"type": "label", "id": "name0", "frame": [10, 10, 200, 40], "text": "Clocks"},
                          {"type": "slider", "id": "volume0", "frame": [220, 10, 160, 40]}]},
            {"controls": [{"type": "toggle", "id": "audio1", "frame": [220, 10, 80, 40]}]}]}]}]}
        """##

    @Test("a list with rows of other control types takes a set of its background, as the config would")
    func listBackground() throws {
        let target = try ControlTestTarget(configJSON: Self.config)
        let reply = target.reply(##"{"op": "set", "control": "exhibits", "value": {"background": "#203040"}}"##)
        #expect(reply.hasPrefix(#"{"ok": true, "control": "exhibits""#), "\(reply)")
        let list = try #require(target.scene?.control(withID: "exhibits") as? KioskControls.List)
        #expect(list.background == Color(hex: "#203040"))
        #expect(target.reply(##"{"op": "set", "control": "exhibits", "value": {"background": "blue"}}"##).hasPrefix(#"{"ok": false"#))
    }

    @Test("a row's slider and label are set by id")
    func rowControls() throws {
        let target = try ControlTestTarget(configJSON: Self.config)
        #expect(target.reply(#"{"op": "set", "control": "volume0", "value": {"value": 0.25}}"#).hasPrefix(#"{"ok": true"#))
        #expect(target.reply(#"{"op": "set", "control": "name0", "value": {"text": "Watches"}}"#).hasPrefix(#"{"ok": true"#))
        #expect((target.scene?.control(withID: "name0") as? Label)?.text == "Watches")
    }
}
