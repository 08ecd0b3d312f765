import Foundation
import Testing

/// The plain `kiosk` (the standard registry) rejects a config with an app's own control by its
/// type's name (the app's side: KioskCLITests/CustomControlCommandTests).
@Suite("An app's own control on the command line")
struct CustomControlCommandTests {
    @Test func thePlainKioskRejectsTheControlByName() throws {
        let url = try KioskProcess.temporaryDirectory().appendingPathComponent("kiosk.json")
        try """
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "indicator", "id": "door", "frame": [100, 100, 200, 100], "lit": false, "color": "#FF0000"}
        ]}]}
        """.write(to: url, atomically: true, encoding: .utf8)
        let path = url.path
        let output = try KioskProcess.run(["check", path])
        #expect(output.status == 1)
        #expect(output.lines == [#"\#(path): screens[0].controls[0].type: unknown control type "indicator"; expected one of button, circularSlider, image, keypad, label, list, progressBar, rangeSlider, slider, textField, toggle (line 2)"#])
    }
}
