import Stepper
import SwiftKiosk
import SwiftKioskTesting
import Testing

/// What the stepper looks like, frozen at chosen moments of the virtual clock (`until`).
@Suite struct StepperDrawingTests {
    func kiosk(value: Int) -> KioskTester {
        let stepper = Stepper(id: "guests", frame: Rect(50, 60, 300, 80), theme: Theme(font: "sans-serif bold 32"),
                              value: value, minimum: 0, maximum: 10)
        return KioskTester(scene: Scene(designSize: Size(400, 200), screens: [Screen(id: "main", controls: [stepper])]))
    }

    @Test func whileHeldThePlusButtonShowsPressedAndTheNewDigitsSlideIn() throws {
        let kiosk = kiosk(value: 4)
        var touches = TouchSequence()
        touches.longPress(at: Point(310, 100), for: .seconds(1))
        // 40 ms after the long press stepped to 5: the digits are still on their way up.
        try kiosk.run(touches, until: .milliseconds(640))
        try expectMatchesGolden(kiosk.screenshot(), named: "stepper-held")
    }

    @Test func atTheMaximumThePlusSignIsDimmed() throws {
        let kiosk = kiosk(value: 10)
        try kiosk.run()
        try expectMatchesGolden(kiosk.screenshot(), named: "stepper-at-maximum")
    }
}
