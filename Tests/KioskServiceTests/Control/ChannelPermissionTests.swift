import Foundation
import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI
@testable import KioskService

/// Who may do what over each channel: the socket everything, MQTT the ops of `mqtt.allow` and
/// never a file written.
@Suite("Channel permissions")
struct ChannelPermissionTests {
    static let broker = ControlPermissions.mqtt(allow: nil)

    func reply(_ target: ControlTestTarget, _ request: String, _ permissions: ControlPermissions) -> String {
        ControlRequestHandler(target: target).reply(to: request, permissions: permissions).line
    }

    @Test("by default the broker may send every op but reload; the refusal names the op and mqtt.allow and changes nothing")
    func defaultExcludesReload() throws {
        let target = try ControlTestTarget()
        target.reloadOutcome = .reloaded
        #expect(reply(target, #"{"id": 4, "op": "reload"}"#, Self.broker)
                == #"{"id": 4, "ok": false, "error": "op \"reload\" is not allowed over MQTT; mqtt.allow lists the ops it may send"}"#)
        #expect(target.reloads == 0)
        let allowed = Set(ControlOperationTable.standard.names).subtracting(["reload"])
        #expect(Self.broker.operations == allowed)
        #expect(reply(target, #"{"op": "reload"}"#, .everything) == #"{"ok": true}"#)   // the socket may
    }

    @Test("mqtt.allow replaces the default: what it lists is carried out, the rest refused")
    func allowList() throws {
        let target = try ControlTestTarget()
        target.reloadOutcome = .reloaded
        let permissions = ControlPermissions.mqtt(allow: ["get", "reload"])
        #expect(reply(target, #"{"op": "reload"}"#, permissions) == #"{"ok": true}"#)
        #expect(reply(target, #"{"op": "get", "control": "price"}"#, permissions).hasPrefix(#"{"ok": true"#))
        let before = target.snapshot
        #expect(reply(target, #"{"op": "set", "control": "price", "value": {"lower": 3}}"#, permissions)
                == #"{"ok": false, "error": "op \"set\" is not allowed over MQTT; mqtt.allow lists the ops it may send"}"#)
        #expect(target.snapshot == before)
        // An empty list: the broker may send nothing at all.
        #expect(reply(target, #"{"op": "ping"}"#, .mqtt(allow: [])).contains(#"op \"ping\" is not allowed over MQTT"#))
    }

    @Test("over MQTT a screenshot comes back in the reply; one naming a path is refused and writes nothing")
    func screenshotInTheReply() throws {
        let target = try ControlTestTarget()
        target.currentFrame = try PixelBuffer(width: 4, height: 2, format: .xrgb32)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-shot-\(getpid()).png").path
        #expect(reply(target, #"{"op": "screenshot", "path": "\#(path)"}"#, Self.broker)
                == #"{"ok": false, "error": "\"path\" is not allowed over MQTT: the kiosk writes no file for it "#
                + #"(leave \"path\" out and the reply carries the result)"}"#)
        #expect(!FileManager.default.fileExists(atPath: path))
        let shot = try JSONParser().parseValue(reply(target, #"{"op": "screenshot"}"#, Self.broker))
        #expect(shot["width"] == 4 && shot["height"] == 2)
        let png = try #require(shot["png"]?.stringValue.flatMap(Base64.decode))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test("requests the queue admits get the same refusals, before they take a place in it")
    func queueChecksFirst() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target)
        var replies: [String] = []
        queue.submit(Array(#"{"op": "reload"}"#.utf8), permissions: Self.broker) { replies.append($0.line) }
        #expect(replies == [#"{"ok": false, "error": "op \"reload\" is not allowed over MQTT; mqtt.allow lists the ops it may send"}"#])
        #expect(!queue.hasWaiting && target.reloads == 0)
    }
}
