import KioskControls
import KioskCore
import KioskGestures
import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// The button drawn by the real renderer, at rest and pressed.
@Suite("Button goldens")
struct ButtonGoldenTests {
    @Test("button at rest and pressed")
    func button() throws {
        let rest = Button(id: "a", frame: Rect(10, 10, 160, 48), title: "Hello")
        let pressed = Button(id: "b", frame: Rect(190, 10, 160, 48), title: "नमस्ते")
        let frame = try renderControls([rest, pressed], size: Size(360, 68),
                                       touches: [.pressed(slot: 0, location: Point(250, 30), time: .zero)])
        #expect(pressed.pressedAmount == 1)
        expectMatchesGolden(frame, named: "buttons")
    }
}
