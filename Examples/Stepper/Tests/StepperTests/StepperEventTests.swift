import Stepper
import SwiftKiosk
import SwiftKioskTesting
import Testing

/// What a finger does to a stepper, as the JSON lines a kiosk writes: a scene built in Swift
/// with one stepper, on the headless display and the virtual clock.
@Suite struct StepperEventTests {
    // The stepper spans 50…350 × 60…140: − is 50…130, the digits 130…270, + 270…350.
    static let minus = Point(90, 100), digits = Point(200, 100), plus = Point(310, 100)

    /// A tester around one stepper starting at `value` in 0...10.
    func tester(value: Int = 2, maximum: Int = 10) -> (KioskTester, Stepper) {
        let stepper = Stepper(id: "guests", frame: Rect(50, 60, 300, 80), value: value, minimum: 0, maximum: maximum)
        let scene = Scene(designSize: Size(400, 200), screens: [Screen(id: "main", controls: [stepper])])
        return (KioskTester(scene: scene), stepper)
    }

    @Test func aTapOnPlusStepsOnceAndCommitsWhenTheFingerLifts() throws {
        let (kiosk, stepper) = tester()
        var touches = TouchSequence()
        touches.tap(at: Self.plus)
        try kiosk.run(touches)
        #expect(kiosk.eventLines == [
            #"{"t": 150, "source": "guests", "event": "valueChanged", "value": {"value": 3}}"#,
            #"{"t": 150, "source": "guests", "event": "valueCommitted", "value": {"value": 3}}"#,
        ])
        #expect(stepper.value == 3)
    }

    @Test func aTapOnMinusAtTheMinimumChangesNothingAndReportsNothing() throws {
        let (kiosk, stepper) = tester(value: 0)
        var touches = TouchSequence()
        touches.tap(at: Self.minus)
        try kiosk.run(touches)
        #expect(kiosk.eventLines.isEmpty)
        #expect(stepper.value == 0)
    }

    @Test func holdingPlusStepsAtTheLongPressThenEveryRepeatIntervalUntilTheFingerLifts() throws {
        let (kiosk, stepper) = tester()
        var touches = TouchSequence()
        touches.longPress(at: Self.plus, for: .milliseconds(950))   // down at 100, long press at 600, up at 1050
        try kiosk.run(touches)
        #expect(kiosk.eventLines == [
            #"{"t": 600, "source": "guests", "event": "valueChanged", "value": {"value": 3}}"#,
            #"{"t": 700, "source": "guests", "event": "valueChanged", "value": {"value": 4}}"#,
            #"{"t": 800, "source": "guests", "event": "valueChanged", "value": {"value": 5}}"#,
            #"{"t": 900, "source": "guests", "event": "valueChanged", "value": {"value": 6}}"#,
            #"{"t": 1000, "source": "guests", "event": "valueChanged", "value": {"value": 7}}"#,
            #"{"t": 1050, "source": "guests", "event": "valueCommitted", "value": {"value": 7}}"#,
        ])
        #expect(stepper.value == 7)
        #expect(kiosk.isIdle)
    }

    @Test func repeatsStopAtTheMaximumWhichIsReportedOnce() throws {
        let (kiosk, stepper) = tester(value: 7, maximum: 9)
        var touches = TouchSequence()
        touches.longPress(at: Self.plus, for: .seconds(2))
        try kiosk.run(touches)
        #expect(kiosk.eventLines.filter { !$0.contains("valueChanged") } == [
            #"{"t": 700, "source": "guests", "event": "limitReached", "value": {"limit": "maximum", "value": 9}}"#,
            #"{"t": 2100, "source": "guests", "event": "valueCommitted", "value": {"value": 9}}"#,
        ])
        #expect(stepper.value == 9)
        #expect(kiosk.isIdle)
    }

    @Test func holdingMinusCountsDownToTheMinimum() throws {
        let (kiosk, stepper) = tester(value: 2)
        var touches = TouchSequence()
        touches.longPress(at: Self.minus, for: .seconds(1))
        try kiosk.run(touches)
        #expect(kiosk.events.filter { $0.kind == .valueChanged }.map { $0["value"]?.number } == [1, 0])
        #expect(kiosk.events.contains { $0.kind == .limitReached && $0["limit"] == "minimum" })
        #expect(stepper.value == 0)
    }

    @Test func aSwipeRightJumpsTenStepsAndASwipeLeftTenBack() throws {
        let (kiosk, stepper) = tester(value: 5, maximum: 50)
        var touches = TouchSequence()
        touches.swipe(from: Point(150, 100), to: Point(250, 100))
        try kiosk.run(touches)
        #expect(kiosk.events.map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(stepper.value == 15)

        touches = TouchSequence()
        touches.swipe(from: Point(250, 100), to: Point(150, 100))
        try kiosk.run(touches)
        #expect(kiosk.events.last?["value"] == .number(5))
        #expect(stepper.value == 5)
    }

    @Test func aSlowDragIsNeitherATapNorASwipeAndChangesNothing() throws {
        let (kiosk, stepper) = tester()
        var touches = TouchSequence()
        touches.drag(from: Self.plus, to: Point(310, 180), duration: .seconds(1))
        try kiosk.run(touches)
        #expect(kiosk.eventLines.isEmpty)
        #expect(stepper.value == 2)
    }

    @Test func settingTheValueInCodeClampsItAndReportsNothing() throws {
        let (kiosk, stepper) = tester()
        stepper.value = 42
        #expect(stepper.value == 10)
        try kiosk.run()
        #expect(kiosk.eventLines.isEmpty)
    }

    @Test func aStepRepaintsTheDigitsAloneAndReachingALimitTheButtonThatDims() {
        let stepper = Stepper(id: "guests", frame: Rect(50, 60, 300, 80), value: 5, minimum: 0, maximum: 10)
        let scene = Scene(designSize: Size(400, 200), screens: [Screen(id: "main", controls: [stepper])])
        _ = scene.takeDamage()
        stepper.value = 6
        #expect(scene.takeDamage().bounds == Rect(130, 60, 140, 80))
        stepper.value = 10
        #expect(scene.takeDamage().bounds == Rect(130, 60, 220, 80))   // the digits and the + button
    }
}
