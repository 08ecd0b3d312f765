@testable import KioskControls
import KioskCore
import Testing
@testable import KioskUI

@Suite("Control values set from outside")
struct ControlValueTests {
    private func scene(_ controls: [Control]) -> Scene {
        Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: controls)])
    }

    @Test("a range slider reports lower and upper, and takes either or both, clamped as a drag would")
    func rangeSlider() throws {
        let slider = RangeSlider(id: "price", frame: Rect(0, 0, 400, 40), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let s = scene([slider])
        #expect(slider.currentValue.map { $0.map(\.name) } == ["lower", "upper"])
        try slider.setValue([("lower", .number(90)), ("upper", .number(95))])
        #expect((slider.lowerValue, slider.upperValue) == (90, 95))
        try slider.setValue([("upper", .number(500))])
        #expect(slider.upperValue == 100)
        try slider.setValue([("lower", .number(-5))])
        #expect(slider.lowerValue == 0)
        let kinds = s.drainEvents().map(\.kind)
        #expect(kinds == [.valueChanged, .valueCommitted, .valueChanged, .valueCommitted, .valueChanged, .valueCommitted])
    }

    @Test("an unchanged value sends nothing; sendsEvents false sends nothing either")
    func unchangedIsSilent() throws {
        let slider = RangeSlider(id: "price", frame: Rect(0, 0, 400, 40), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let s = scene([slider])
        try slider.setValue([("lower", .number(20))])
        try slider.setValue([("lower", .number(30))], sendsEvents: false)
        #expect(slider.lowerValue == 30)
        #expect(s.drainEvents().isEmpty)
    }

    @Test("unknown fields, wrong types and non-finite numbers are refused and change nothing")
    func refused() {
        let slider = RangeSlider(id: "price", frame: Rect(0, 0, 400, 40), minimum: 0, maximum: 100, lower: 20, upper: 80)
        #expect(throws: ControlValueError("'price' has no field 'middle' (its value has 'lower', 'upper')")) {
            try slider.setValue([("lower", .number(30)), ("middle", .number(50))])
        }
        #expect(throws: ControlValueError("'price'.lower must be a finite number (found a string)")) {
            try slider.setValue([("lower", .string("a"))])
        }
        #expect(throws: ControlValueError.self) { try slider.setValue([("upper", .number(.nan))]) }
        #expect((slider.lowerValue, slider.upperValue) == (20, 80))
        let label = Label(id: "title", frame: Rect(0, 0, 10, 10), theme: .standard, text: "x")
        #expect(label.currentValue == nil)
        #expect(throws: ControlValueError("'title' has no value to set")) { try label.setValue([]) }
    }

    @Test("a dial takes any angle as whole degrees 0…359")
    func dial() throws {
        let dial = CircularSlider(id: "volume", frame: Rect(0, 0, 200, 200), angle: 90)
        try dial.setValue([("angle", .number(450.7))])
        #expect(dial.angle == 90)
        try dial.setValue([("angle", .number(-90))])
        #expect(dial.angle == 270)
        #expect(dial.currentValue?.first?.name == "angle")
    }
}
