import Foundation
import KioskCore
import KioskRender
import KioskTestSupport
import Testing

/// A picture set through the socket is decoded off the loop: the loop goes on answering and
/// drawing while a large file is read, and the sender's replies come in order, each once its
/// picture is ready (issue 29, item 1).
@Suite("Pictures set at run time, end to end", .serialized)
struct ImageSetSocketTests {
    /// An 8192x4096 PNG (the largest side, 128 MiB decoded: within `ImageLimits`) that
    /// compresses to little, as a photo of a plain wall would: each decode takes the time of
    /// its pixels, hundreds of milliseconds.
    static func writeLargePicture(to path: String, stripe: Int) throws {
        let picture = try PixelBuffer(width: 8192, height: 4096, format: .xrgb32)
        for y in stride(from: stripe, to: 4096, by: 64) {
            for x in 0..<8192 { picture.setPixel(x: x, y: y, 0xFF20_80C0) }
        }
        try Data(PNGImage.encode(picture)).write(to: URL(fileURLWithPath: path))
    }

    @Test("eight pipelined sets of a large picture: another client is answered meanwhile, the sender's replies come in order after each decode")
    func largeSetsLeaveTheLoopFree() throws {
        let kiosk = try ControlledKiosk()
        for (i, name) in ["wall0.png", "wall1.png"].enumerated() {
            try Self.writeLargePicture(to: kiosk.directory.appendingPathComponent(name).path, stripe: i * 8)
        }
        try kiosk.editConfig { config in
            var screens = config["screens"] as! [[String: Any]]
            var controls = screens[0]["controls"] as! [[String: Any]]
            controls.append(["type": "image", "id": "wall", "frame": [600, 20, 180, 90], "source": "wall1.png"])
            screens[0]["controls"] = controls
            config["screens"] = screens
        }
        try kiosk.start()
        let owner = try SocketClient(path: kiosk.socketPath)
        let other = try SocketClient(path: kiosk.socketPath)
        for i in 0..<8 {
            try owner.send(#"{"id": \#(i), "op": "set", "control": "wall", "value": {"source": "wall\#((i + 1) % 2).png"}}"#)
        }
        // The sender's next request sees what its sets did: it waits for them.
        try owner.send(#"{"id": 8, "op": "get", "control": "wall"}"#)
        usleep(100_000)   // the eight have arrived and the first is being decoded
        #expect(try other.request(#"{"op": "ping", "id": "other"}"#) == #"{"id": "other", "ok": true}"#)
        // On a loop that decodes in line, all eight replies were out before the ping was read.
        var early: [String] = []
        while let line = try? owner.readLine(timeout: 0) { early.append(line) }
        #expect(early.count < 8, "the ping waited for every decode: \(early)")
        var replies = early
        while replies.count < 9, let line = try owner.readLine() { replies.append(line) }
        #expect(Array(replies.prefix(8)) == (0..<8).map { #"{"id": \#($0), "ok": true, "control": "wall", "properties": {"source": "wall\#(($0 + 1) % 2).png", "fit": null, "enabled": true, "visible": true}}"# })
        #expect(replies.last?.hasPrefix(#"{"id": 8, "ok": true, "control": "wall", "properties": {"source": "wall0.png""#) == true,
                "\(replies.last ?? "")")
        #expect(!kiosk.stderr.contains("drawImage"), "\(kiosk.stderr)")
        #expect(kiosk.stop() == 0)
    }
}
