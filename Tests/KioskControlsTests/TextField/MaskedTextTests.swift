import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing
@testable import KioskService

/// A masked field's text (a PIN) leaves the kiosk only in `submitted`, to the owner that
/// checks it; on every other channel it is its length (issue 31, item 6).
@Suite("A masked field's text stays secret")
struct MaskedTextTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "textField", "id": "pin", "frame": [40, 40, 300, 60], "maxLength": 6, "mask": true},
          {"type": "textField", "id": "table", "frame": [40, 120, 300, 60]},
          {"type": "keypad", "id": "pad", "frame": [400, 40, 300, 400], "field": "pin"},
          {"type": "label", "id": "hint", "frame": [40, 200, 300, 40], "text": "{pin.length} of 6"}]}]}
        """#

    func typed(_ digits: [Int]) throws -> (ControlTestTarget, Scene, [ControlEvent]) {
        let target = try ControlTestTarget(configJSON: Self.config)
        let scene = try #require(target.scene)
        let pad = try #require(scene.control(withID: "pad") as? Keypad)
        for d in digits { pad.enter(.digit(d)) }
        pad.enter(.submit)
        return (target, scene, scene.drainEvents())
    }

    @Test("each key's textChanged says only the length; submitted carries the text, and its length for channels that must not")
    func events() throws {
        let (_, _, events) = try typed([4, 2, 7, 1])
        let changes = events.filter { $0.kind == .textChanged }
        #expect(changes.map(\.jsonLine) == (1...4).map { #"{"t": 0, "source": "pin", "event": "textChanged", "origin": "owner", "value": {"length": \#($0)}}"# })
        let submitted = try #require(events.last)
        #expect(submitted.jsonLine == #"{"t": 0, "source": "pin", "event": "submitted", "origin": "owner", "value": {"text": "4271"}}"#)
        #expect(submitted.disclosed.jsonLine == #"{"t": 0, "source": "pin", "event": "submitted", "origin": "owner", "value": {"length": 4}}"#)
        #expect(!events.dropLast().contains { $0.jsonLine.contains("4271") || $0.disclosedValue != nil })
    }

    @Test("an unmasked field's events carry its text, and disclose it as it is")
    func unmasked() throws {
        let target = try ControlTestTarget(configJSON: Self.config)
        let table = try #require(target.scene?.control(withID: "table") as? TextField)
        table.insert("12")
        table.submit()
        let events = try #require(target.scene).drainEvents()
        #expect(events.map(\.jsonLine) == [#"{"t": 0, "source": "table", "event": "textChanged", "origin": "owner", "value": {"text": "12"}}"#,
                                          #"{"t": 0, "source": "table", "event": "submitted", "origin": "owner", "value": {"text": "12"}}"#])
        #expect(events.allSatisfy { $0.disclosedValue == nil && $0.disclosed == $0 })
    }

    @Test("get, set's reply and subscribe's state give the length, never the text")
    func ownerReads() throws {
        let (target, _, _) = try typed([4, 2, 7, 1])
        #expect(target.reply(#"{"op": "get", "control": "pin"}"#).hasPrefix(#"{"ok": true, "control": "pin", "value": {"length": 4}, "#))
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"text": "99"}}"#)
                == #"{"ok": true, "control": "pin", "value": {"length": 2}}"#)
        let state = target.reply(#"{"op": "subscribe"}"#)
        #expect(state.contains(#""pin": {"length": 2}"#) && !state.contains("99"))
        #expect(!target.reply(#"{"op": "get"}"#).contains("99"))
    }

    @Test("MQTT's events topic carries a masked field's submitted as its length unless maskedText allows the text")
    func mqttEventsTopic() throws {
        let (_, _, events) = try typed([4, 2, 7, 1])
        let submitted = try #require(events.last)
        let line = submitted.jsonLine
        #expect(MQTTService.line(of: submitted, line, maskedText: false)
                == #"{"t": 0, "source": "pin", "event": "submitted", "origin": "owner", "value": {"length": 4}}"#)
        #expect(MQTTService.line(of: submitted, line, maskedText: true) == line)
        let changed = try #require(events.first)
        #expect(MQTTService.line(of: changed, changed.jsonLine, maskedText: true) == changed.jsonLine)
    }

    /// A one-screen config with `mqtt` settings of a broker and `extra` keys.
    static func withMQTT(_ extra: String) -> String {
        #"{"startScreen": "main", "screens": [{"id": "main"}], "mqtt": {"url": "mqtt://127.0.0.1""#
            + (extra.isEmpty ? "" : ", " + extra) + "}}"
    }

    @Test("mqtt.maskedText is read, false by default, and must be a boolean")
    func maskedTextSetting() throws {
        let on = try ConfigLoader.decode(Self.withMQTT(#""maskedText": true"#), file: "k.json")
        #expect(on.mqtt?.maskedText == true)
        let off = try ConfigLoader.decode(Self.withMQTT(""), file: "k.json")
        #expect(off.mqtt?.maskedText == false)
        #expect(problems(in: Self.withMQTT(#""maskedText": "yes""#))
                == [#"demo.json: mqtt.maskedText: expected true or false, found a string (line 1)"#])
    }

    @Test("a template shows a masked field's length; naming its text is a config problem at the template")
    func templates() throws {
        let (target, scene, events) = try typed([4, 2, 7])
        let model = try #require(target.properties)
        model.refreshTemplates(in: scene, after: events)
        #expect((scene.control(withID: "hint") as? Label)?.text == "3 of 6")
        let json = Self.config.replacingOccurrences(of: "{pin.length} of 6", with: "PIN {pin.text}")
        #expect(problems(in: json).map { $0.replacingOccurrences(of: #"\(it has length, [^)]*\)"#, with: "(…)", options: .regularExpression) }
                == [#"demo.json: screens[0].controls[3].text: {pin.text}: "pin" has no value field or property "text" (…) (line 5)"#])
    }
}
