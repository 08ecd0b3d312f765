import Foundation
import Stepper
import SwiftKiosk
import SwiftKioskTesting
import Testing

/// The app's registry: the built-ins and the stepper, as `main.swift` hands it to `KioskCommand`.
let registry = ControlRegistry.standard.registering(StepperDescription.self)

/// A file of this package, by its path from the package's root.
func packageFile(_ path: String, testFile: String = #filePath) -> String {
    URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("../../\(path)").standardized.path
}

/// The stepper in a JSON config: it runs alongside the built-ins, and its mistakes are
/// reported like theirs, with the file, the JSON path and the line, by `KioskTester` and by
/// the app's own `check`.
@Suite struct StepperConfigTests {
    static let exampleJSON = packageFile("example.json")

    /// The problems `json` has, as `check` prints them, for the file "order.json".
    func problems(_ json: String) -> [String] {
        do {
            _ = try KioskTester(configText: json, file: "order.json", registry: registry)
            return []
        } catch {
            return (error as? KioskSetup.LoadError)?.lines ?? ["\(error)"]
        }
    }

    /// A config whose main screen holds `controls`.
    func screen(_ controls: String...) -> String {
        #"{"startScreen": "main", "screens": [{"id": "main", "controls": ["# + "\n"
            + controls.joined(separator: ",\n") + "\n]}]}"
    }

    @Test func theExampleConfigRunsWithItsSteppersBesideTheBuiltIns() throws {
        let kiosk = try KioskTester(configText: String(contentsOfFile: Self.exampleJSON, encoding: .utf8),
                                    file: "example.json", registry: registry)
        var touches = TouchSequence()
        touches.tap(at: Point(510, 220))   // + of "cups"
        touches.tap(at: Point(400, 422))   // the built-in "Order" button
        try kiosk.run(touches)
        #expect(kiosk.eventLines == [
            #"{"t": 150, "source": "cups", "event": "valueChanged", "value": {"value": 2}}"#,
            #"{"t": 150, "source": "cups", "event": "valueCommitted", "value": {"value": 2}}"#,
            #"{"t": 300, "source": "placeOrder", "event": "tapped"}"#,
        ])
        #expect(kiosk.scene?.control(withID: "sugar") is Stepper)
        #expect(kiosk.scene?.control(withID: "cupsLabel") is Label)
        try expectMatchesGolden(kiosk.screenshot(), named: "example-json-two-cups")
    }

    @Test func theConfigsSettingsReachTheControl() throws {
        let kiosk = try KioskTester(configText: screen(
            #"{"type": "stepper", "id": "n", "frame": [0, 0, 300, 80], "value": 4, "min": -5, "max": 5, "step": 2, "repeatInterval": 0.5}"#),
            registry: registry)
        try kiosk.run()
        let stepper = try #require(kiosk.scene?.control(withID: "n") as? Stepper)
        #expect([stepper.value, stepper.minimum, stepper.maximum, stepper.step] == [4, -5, 5, 2] as [Int])
        #expect(stepper.repeatInterval == .milliseconds(500))
    }

    @Test func theOwnerSetsTheValueAndTheDeclaredPropertiesAtRunTimeCheckedAsTheConfigIs() throws {
        let kiosk = try KioskTester(configText: screen(
            #"{"type": "stepper", "id": "n", "frame": [0, 0, 300, 80], "value": 4, "min": 0, "max": 9}"#,
            #"{"type": "label", "id": "total", "frame": [0, 100, 300, 40], "text": "{n.value} cups"}"#),
            registry: registry)
        let reply = try kiosk.request(#"{"op": "set", "control": "n", "value": {"value": 6, "font": "sans-serif 40", "enabled": false}}"#)
        #expect(reply.contains(#""value": {"value": 6}"#) && reply.contains(#""font": "sans-serif 40""#))
        try kiosk.step(until: .milliseconds(50))
        let stepper = try #require(kiosk.scene?.control(withID: "n") as? Stepper)
        #expect(stepper.value == 6 && stepper.font == "sans-serif 40" && !stepper.isEnabled)
        #expect((kiosk.scene?.control(withID: "total") as? Label)?.text == "6 cups")
        #expect(try kiosk.request(#"{"op": "set", "control": "n", "value": {"repeatInterval": 5}}"#)
                == #"{"ok": false, "error": "repeatInterval: must be between 0.02 and 2 (found 5)"}"#)
        #expect(stepper.repeatInterval == .milliseconds(100))
    }

    @Test func anUnknownKeyAWrongTypeAndAValueOutOfRangeAreReportedByPathAndLine() throws {
        let text = try String(contentsOfFile: packageFile("Tests/StepperTests/Fixtures/bad-stepper.json"), encoding: .utf8)
        #expect(problems(text.replacingOccurrences(of: "\r", with: "")) == Self.badStepperLines("order.json"))
    }

    /// What `bad-stepper.json` is reported with, as the file `file`.
    static func badStepperLines(_ file: String) -> [String] {
        [#"\#(file): screens[0].controls[0]: unknown key "valeu"; did you mean "value"? (line 6)"#,
         "\(file): screens[0].controls[1].step: expected a number, found a string (line 7)",
         "\(file): screens[0].controls[2].value: must be between 0 and 3 (found 5) (line 8)"]
    }

    @Test func limitsThatLeaveNoRoomAFractionalStepAndASlowRepeatAreReported() {
        #expect(problems(screen(
            #"{"type": "stepper", "id": "a", "frame": [0, 0, 300, 80], "min": 5, "max": 5}"#,
            #"{"type": "stepper", "id": "b", "frame": [0, 100, 300, 80], "step": 1.5, "repeatInterval": 3}"#,
            #"{"type": "stepper", "id": "c", "frame": [0, 200, 300, 80], "min": 2000000}"#)) == [
            "order.json: screens[0].controls[0].max: must be more than min (5) (line 2)",
            "order.json: screens[0].controls[1].step: must be a whole number (found 1.5) (line 3)",
            "order.json: screens[0].controls[1].repeatInterval: must be between 0.02 and 2 (found 3) (line 3)",
            "order.json: screens[0].controls[2].min: must be between -999999 and 999999 (found 2000000) (line 4)",
        ])
    }

    @Test func aMisspeltTypeSuggestsTheStepper() {
        #expect(problems(screen(#"{"type": "steper", "id": "a", "frame": [0, 0, 300, 80]}"#)) == [
            #"order.json: screens[0].controls[0].type: unknown control type "steper"; did you mean "stepper"? (line 2)"#,
        ])
    }

    // MARK: The app's own `check` (KioskCommand with the app's registry)

    @Test func checkAcceptsTheExampleConfig() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            exit(KioskCommand.main(arguments: ["check", packageFile("example.json")], registry: registry))
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.hasSuffix("example.json: OK (1 screens, 6 controls, 0 panels, 0 popups)\n"))
    }

    @Test func checkReportsTheStepperMistakesLineByLine() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardOutputContent]) {
            exit(KioskCommand.main(arguments: ["check", packageFile("Tests/StepperTests/Fixtures/bad-stepper.json")],
                                   registry: registry))
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output == Self.badStepperLines(packageFile("Tests/StepperTests/Fixtures/bad-stepper.json"))
            .map { $0 + "\n" }.joined())
    }

    @Test func theStandardRegistryDoesNotKnowTheStepper() async {
        let result = await #expect(processExitsWith: .exitCode(1), observing: [\.standardOutputContent]) {
            exit(KioskCommand.main(arguments: ["check", packageFile("example.json")]))
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(output.contains(#"unknown control type "stepper"; expected one of button, circularSlider, image, keypad, label, list, progressBar, rangeSlider, slider, textField, toggle"#))
    }
}
