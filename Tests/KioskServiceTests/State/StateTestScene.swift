import Foundation
import KioskControls
import KioskCore
import KioskUI
@testable import KioskService

/// The scene of the state tests: a range slider `price` (0…10, 2…8) and a dial `angle` on
/// `main`, a button to `details`, and a range slider `size` in the panel `filters`.
enum StateTestScene {
    /// The price slider's knob centres: x = 40 + 20 + 38 · value, y = 220.
    static func priceKnob(_ value: Double) -> Point { Point(60 + 38 * value, 220) }

    static func make() -> Scene {
        let price = RangeSlider(id: "price", frame: Rect(40, 200, 420, 40), minimum: 0, maximum: 10, lower: 2, upper: 8)
        let angle = CircularSlider(id: "angle", frame: Rect(520, 120, 240, 240), angle: 90)
        let title = Label(id: "title", frame: Rect(24, 16, 400, 40), text: "State")
        let go = Button(id: "go", frame: Rect(40, 400, 160, 56), title: "Details", action: .switchScreen("details"))
        let back = Button(id: "back", frame: Rect(40, 400, 160, 56), title: "Back", action: .back())
        let scene = Scene(designSize: Size(800, 480), screens: [
            Screen(id: "main", controls: [title, price, angle, go]),
            Screen(id: "details", controls: [back]),
        ])
        let size = RangeSlider(id: "size", frame: Rect(40, 72, 720, 40), minimum: 0, maximum: 10, lower: 2, upper: 8)
        scene.register(Panel(id: "filters", style: PanelStyle(edge: .bottom, extent: 0.5), controls: [size]))
        return scene
    }

    static func value(_ scene: Scene, _ id: String, _ field: String) -> Double? {
        scene.control(withID: id)?.currentValue?.first { $0.name == field }?.value.number
    }

    /// A fresh folder for one test's files.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
