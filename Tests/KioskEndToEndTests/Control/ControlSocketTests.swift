import Foundation
import KioskControls
import KioskLoop
import KioskTestSupport
import Testing

/// A headless kiosk on the real clock in a child process, driven through its control socket by
/// `kiosk ctl` and by raw clients. Serialized: each test runs a kiosk of its own, and the two
/// shared cores are better spent one kiosk at a time.
@Suite("Control socket, end to end", .serialized)
struct ControlSocketTests {
    @Test("a subscriber can tell which events its state holds: the reply's seq is the last, every event after has a higher one")
    func subscriptionSequence() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let first = try SocketClient(path: kiosk.socketPath)
        let before = try #require(try first.request(#"{"op": "subscribe"}"#).flatMap(Self.sequence))
        // A set and a subscribe in one write: both carried out before any frame. The state
        // shows the set; its events are the state's, not the new subscriber's.
        let late = try SocketClient(path: kiosk.socketPath)
        try late.sendRaw(#"{"op": "set", "control": "price", "value": {"lower": 40}}"# + "\n" + #"{"op": "subscribe"}"# + "\n")
        #expect(try late.readLine()?.hasPrefix(#"{"ok": true, "control": "price""#) == true)
        let state = try #require(try late.readLine())
        #expect(state.contains(#""price": {"lower": 40, "upper": 80}"#), "\(state)")
        let held = try #require(Self.sequence(state))
        // The first subscriber got the set's two events, numbered on from its state.
        let setEvents = try (0..<2).map { _ in try #require(try first.readLine().flatMap(EventLine.init)) }
        #expect(setEvents.map(\.seq) == [before + 1, before + 2], "\(setEvents)")
        #expect(held >= before + 2)
        #expect(try kiosk.ctl("set", "price", "lower=50").status == 0)
        let next = try #require(try late.readLine().flatMap(EventLine.init))
        #expect(next.value["lower"] == 50 && (next.seq ?? 0) > held, "the late subscriber's first event: \(next)")
        #expect(kiosk.stop() == 0)
    }

    /// The `seq` of a subscribe reply.
    static func sequence(_ reply: String) -> Int? {
        (try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["seq"] as? Int
    }

    @Test("kiosk ctl pings, gets, sets (with the drag's events on a subscriber) and takes a screenshot")
    func ctl() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let events = try SocketClient(path: kiosk.socketPath)
        // The subscriber is answered with the state it starts from, then gets the events.
        let state = try #require(try events.request(#"{"op": "subscribe", "id": "ev"}"#))
        #expect(state.hasPrefix(#"{"id": "ev", "ok": true, "screen": "main", "#
                + #""overlays": [], "values": {"price": {"lower": 20, "upper": 80}, "angle": {"angle": 90}, "#
                + #""size": {"lower": 2, "upper": 8}}, "language": "en", "power": "on", "keepAwake": false, "seq": "#), "\(state)")

        let ping = try kiosk.ctl("ping")
        #expect(ping.status == 0 && ping.lines == [#"{"ok": true}"#])
        let get = try kiosk.ctl("get", "price")
        #expect(get.lines == [#"{"ok": true, "control": "price", "value": {"lower": 20, "upper": 80}, "properties": {"trackColor": null, "highlightColor": null, "knobColor": null, "enabled": true, "visible": true}}"#])
        let set = try kiosk.ctl("set", "price", "lower=30", "upper=70.5")
        #expect(set.status == 0 && set.lines == [#"{"ok": true, "control": "price", "value": {"lower": 30, "upper": 70.5}}"#])
        // The events of the set, in the --events format, right after it.
        let changed = try #require(try events.readLine().flatMap(EventLine.init))
        let committed = try #require(try events.readLine().flatMap(EventLine.init))
        #expect(changed.source == "price" && changed.event == "valueChanged" && changed.value == ["lower": 30, "upper": 70.5])
        #expect(committed.event == "valueCommitted")
        #expect(changed.origin == "owner" && committed.origin == "owner")

        let refused = try kiosk.ctl("set", "price", "middle=3")
        #expect(refused.status == 1)
        #expect(refused.errorLines == [#"kiosk ctl: "middle" is not a value field or a property of "price" (value: lower, upper; properties: trackColor, highlightColor, knobColor, enabled, visible)"#])
        let usage = try kiosk.ctl("set", "price")
        #expect(usage.status == 2)

        let png = kiosk.directory.appendingPathComponent("shot.png").path
        let shot = try kiosk.ctl("screenshot", png)
        #expect(shot.status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let nowhere = kiosk.directory.appendingPathComponent("no-such-folder/shot.png").path
        let unwritable = try kiosk.ctl("screenshot", nowhere)
        #expect(unwritable.status == 1)
        #expect(unwritable.errorLines == ["kiosk ctl: \(nowhere): No such file or directory"])
        #expect(kiosk.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: kiosk.socketPath))   // removed on the way out
    }

    @Test("kiosk ctl events prints the state first (screen, overlays, values), then every event, the owner's with origin owner")
    func ctlEvents() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        #expect(try kiosk.ctl("set", "angle", "angle=45").status == 0)
        #expect(try kiosk.ctl("show-panel", "filters").status == 0)
        let output = kiosk.directory.appendingPathComponent("events.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let ctl = Process()
        ctl.executableURL = KioskProcess.binary
        ctl.arguments = ["ctl", "--socket", kiosk.socketPath, "events"]
        ctl.standardOutput = try FileHandle(forWritingTo: output)
        try ctl.run()
        defer { if ctl.isRunning { ctl.terminate() } }
        func printed() -> [String] {
            ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        try kiosk.waitUntil("kiosk ctl events prints the state") { !printed().isEmpty }
        #expect(try kiosk.ctl("dismiss").status == 0)
        #expect(try kiosk.ctl("switch-screen", "details").status == 0)
        try kiosk.waitUntil("kiosk ctl events prints the screen change and the panel gone") {
            printed().contains { $0.contains("screenChanged") } && printed().contains { $0.contains("panelDismissed") }
        }
        #expect(kiosk.stop() == 0)
        ctl.waitUntilExit()
        #expect(ctl.terminationStatus == 0)
        let lines = printed()
        // The set's two events at least are in the state (the panel's panelShown too once it is in).
        #expect(lines.first?.hasPrefix(#"{"ok": true, "screen": "main", "overlays": ["filters"], "values": {"price": {"lower": 20, "#
                + #""upper": 80}, "angle": {"angle": 45}, "size": {"lower": 2, "upper": 8}}, "language": "en", "power": "on", "keepAwake": false, "seq": "#) == true,
                "\(lines.first ?? "")")
        #expect((lines.first.flatMap(Self.sequence) ?? 0) >= 2)
        let events = lines.dropFirst().compactMap(EventLine.init)
        #expect(events.count == lines.count - 1)   // every later line is an event
        let screen = try #require(events.first { $0.event == "screenChanged" })
        #expect(screen.source == "kiosk" && screen.strings["screen"] == "details" && screen.origin == "owner")
        #expect(events.contains { $0.source == "filters" && $0.event == "panelDismissed" && $0.origin == "owner" })
    }

    @Test("a set on a slider in a panel never shown goes out as events and into the state file, as one on a screen")
    func setInPanelNeverShownIsKept() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json").path
        let kiosk = try ControlledKiosk(extraArguments: ["--state", state])
        try kiosk.start()
        let events = try SocketClient(path: kiosk.socketPath)
        _ = try events.request(#"{"op": "subscribe"}"#)
        #expect(try kiosk.ctl("set", "size", "lower=5").status == 0)
        let changed = try #require(try events.readLine().flatMap(EventLine.init))
        let committed = try #require(try events.readLine().flatMap(EventLine.init))
        #expect(changed.source == "size" && changed.event == "valueChanged" && changed.value == ["lower": 5, "upper": 8])
        #expect(committed.source == "size" && committed.event == "valueCommitted")
        #expect(kiosk.stop() == 0)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(saved.contains(#""size": {"lower": 5, "upper": 8}"#))
    }

    @Test("many clients at once each get their own replies, in order")
    func manyClients() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let clients = try (0..<24).map { _ in try SocketClient(path: kiosk.socketPath) }
        for round in 0..<5 {
            for (i, client) in clients.enumerated() { try client.send(#"{"op": "ping", "id": \#(i * 100 + round)}"#) }
        }
        for (i, client) in clients.enumerated() {
            for round in 0..<5 { #expect(try client.readLine() == #"{"id": \#(i * 100 + round), "ok": true}"#) }
        }
        // A request split across writes is one request.
        try clients[0].sendRaw(#"{"op": "#)
        #expect(try clients[0].request(#""ping"}"#) == #"{"ok": true}"#)
        kiosk.stop()
    }

    @Test("a burst of 2000 requests on one connection: each carried out, one reply each, in order; another client is answered meanwhile")
    func burst() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let flood = try SocketClient(path: kiosk.socketPath)
        var burst = ""
        for i in 0..<2000 {
            burst += i % 2 == 0 ? #"{"id": \#(i), "op": "set", "control": "angle", "value": {"angle": \#(i % 360)}}"#
                                : #"{"id": \#(i), "op": "get", "control": "angle"}"#
            burst += "\n"
        }
        // Written from a thread of its own: the kiosk stops reading a client that is too far
        // ahead of its replies, and this thread reads them.
        let fd = flood.socket.rawValue, bytes = Array(burst.utf8)
        let writer = Thread {
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                guard n > 0 else { return }
                offset += n
            }
        }
        writer.start()
        let other = try SocketClient(path: kiosk.socketPath)
        #expect(try other.request(#"{"op": "ping", "id": "meanwhile"}"#) == #"{"id": "meanwhile", "ok": true}"#)
        // The kiosk stops reading a client that is too far ahead instead of refusing it: every
        // request is carried out, in order (the last set wins).
        for i in 0..<2000 {
            let line = try #require(try flood.readLine())
            #expect(line.hasPrefix(#"{"id": \#(i), "ok": true"#), "reply \(i): \(line)")
        }
        #expect(try flood.request(#"{"op": "get", "control": "angle"}"#) == #"{"ok": true, "control": "angle", "value": {"angle": 198}, "properties": {"color": null, "font": null, "arcStartColor": null, "arcEndColor": null, "enabled": true, "visible": true}}"#)
        #expect(kiosk.stop() == 0)
    }

    @Test("a subscriber that never reads is disconnected when its buffer is full; others still get replies")
    func clientThatNeverReads() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let sleeper = try SocketClient(path: kiosk.socketPath)
        try sleeper.send(#"{"op": "subscribe"}"#)   // and never reads again
        let driver = try SocketClient(path: kiosk.socketPath)
        // Thousands of commits (a valueCommitted each; they do not coalesce): far more than the
        // kernel's socket buffer and the kiosk's 256 KiB for the sleeper together.
        var round = 0
        try kiosk.waitUntil("the sleeper's disconnection") {
            for i in 0..<200 {
                try driver.send(#"{"op": "set", "control": "price", "value": {"lower": \#((round * 200 + i) % 2 == 0 ? 10 : 11)}}"#)
            }
            for _ in 0..<200 { #expect(try driver.readLine()?.contains(#""ok": true"#) == true) }
            round += 1
            return kiosk.stderr.contains("disconnected: not reading")
        }
        let other = try SocketClient(path: kiosk.socketPath)
        #expect(try other.request(#"{"op": "ping", "id": 1}"#) == #"{"id": 1, "ok": true}"#)
        #expect(try driver.request(#"{"op": "ping", "id": 2}"#) == #"{"id": 2, "ok": true}"#)
        #expect(kiosk.stop() == 0)
    }

    @Test("a socket file nobody listens on is replaced; a live one is refused, naming the path")
    func staleAndLiveSockets() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kiosk.sock").path
        do {
            // Bound and closed without unlinking: what a kiosk that crashed leaves behind.
            let stale = try UnixSocket.listen(at: path)
            _ = stale
        }
        #expect(FileManager.default.fileExists(atPath: path))
        let kiosk = try ControlledKiosk(socketPath: path)
        try kiosk.start()
        #expect(try kiosk.ctl("ping").status == 0)

        let second = try KioskProcess.run(["run", "--config", "config/demo.json", "--backend", "headless", "--clock", "real",
                                           "--socket", path, "--until", "100"])
        #expect(second.status == 1)
        #expect(second.stderr.contains("\(path): another process is listening on this socket"))
        #expect(try kiosk.ctl("ping").status == 0)   // the first one is undisturbed
        kiosk.stop()
    }

    @Test("the socket is 0660 and owned by ipc.group; a group that does not exist is an error naming it")
    func modeAndGroup() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("g.sock").path
        let error = caughtError(UnixSocket.Failure.self) { _ = try UnixSocket.listen(at: path, group: "no-such-group-here") }
        #expect(error?.description == "\(path): no group 'no-such-group-here' (ipc.group)")
        #expect(!FileManager.default.fileExists(atPath: path))
        let socket = try UnixSocket.listen(at: path, group: "root")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o660)
        #expect((attributes[.groupOwnerAccountID] as? Int) == 0)
        _ = socket
    }

    @Test("SIGHUP with a bad config changes nothing; with a good one the scene is new and the values stay")
    func hangUpReload() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let events = try SocketClient(path: kiosk.socketPath)
        _ = try events.request(#"{"op": "subscribe"}"#)
        #expect(try kiosk.ctl("set", "price", "lower=33").status == 0)
        _ = try events.readLine(); _ = try events.readLine()   // the set's two events

        let good = try String(contentsOfFile: kiosk.configPath, encoding: .utf8)
        try good.replacingOccurrences(of: #""startScreen": "main""#, with: #""startScreen": "mian""#)
            .write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        kiosk.sendHangUp()
        let failed = try #require(try events.readLine())
        #expect(failed.contains(#""source": "kiosk", "event": "reloadFailed""#))
        #expect(failed.contains(#"startScreen: no screen with id \"mian\""#))
        #expect(kiosk.stderr.contains("startScreen: no screen with id \"mian\""))
        #expect(try kiosk.ctl("get", "price").lines == [#"{"ok": true, "control": "price", "value": {"lower": 33, "upper": 80}, "properties": {"trackColor": null, "highlightColor": null, "knobColor": null, "enabled": true, "visible": true}}"#])

        // The good config, edited: the price label has new text; the value survives the new scene.
        try good.replacingOccurrences(of: #""text": "Price range""#, with: #""text": "Cost range""#)
            .write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        kiosk.sendHangUp()
        #expect(try events.readLine()?.contains(#""source": "kiosk", "event": "reloaded""#) == true)
        #expect(try kiosk.ctl("get").stdout.contains(#""screen": "main""#))
        #expect(try kiosk.ctl("get", "price").lines == [#"{"ok": true, "control": "price", "value": {"lower": 33, "upper": 80}, "properties": {"trackColor": null, "highlightColor": null, "knobColor": null, "enabled": true, "visible": true}}"#])
        // The same through the socket: a reload op that fails names every problem.
        try "{".write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        let reply = try kiosk.ctl("reload")
        #expect(reply.status == 1)
        #expect(reply.errorLines.first == "kiosk ctl: the config has a problem; the kiosk goes on unchanged")
        #expect(reply.errorLines.dropFirst().first?.contains("kiosk.json:1:2: ") == true)
        #expect(kiosk.stop() == 0)
    }
}
