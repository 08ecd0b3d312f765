import KioskControls
import KioskCore
import KioskGestures
import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// Labels drawn by the real renderer: scripts and alignments.
@Suite("Label goldens")
struct LabelGoldenTests {
    @Test("labels: Devanagari and Latin, three alignments")
    func labels() throws {
        let labels = [
            Label(id: "a", frame: Rect(10, 5, 300, 36), text: "नमस्ते — हिन्दी", font: "sans-serif 22"),
            Label(id: "b", frame: Rect(10, 45, 300, 30), text: "centre", alignment: .center),
            Label(id: "c", frame: Rect(10, 80, 300, 30), text: "trailing", color: Color(hex: "#F0A000"), alignment: .trailing),
        ]
        expectMatchesGolden(try renderControls(labels, size: Size(320, 115)), named: "labels")
    }
}
