import Foundation
import Testing

/// The touch-script format as `kiosk run --input` reads it (the format itself:
/// KioskBackendTests/TouchScriptTests).
@Suite("Touch script")
struct TouchScriptTests {
    let down = #"{"t": 0, "type": "down", "id": 0, "x": 10, "y": 20}"#

    @Test("kiosk run refuses a CRLF script with a time past the limit with exit 1 and the line, instead of trapping")
    func commandLine() throws {
        let url = try KioskProcess.temporaryDirectory().appendingPathComponent("touches.jsonl")
        try (down + "\r\n" + #"{"t": 1e13, "type": "up", "id": 0}"# + "\r\n").write(to: url, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--input", url.path])
        #expect(out.status == 1)
        #expect(out.stderr.contains("\(url.path):2: \"t\" must be a number of milliseconds from 0 to 1000000000"))
        #expect(out.stdout.isEmpty)
    }
}
