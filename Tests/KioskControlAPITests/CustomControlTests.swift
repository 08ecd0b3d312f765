import Testing
import KioskCore
import KioskGestures
import KioskTestSupport
import KioskUI
import KioskService
import SwiftKioskTesting

/// A control written outside the package takes taps, long presses, pans and swipes through
/// the scene and reports events of its own kinds, as the built-ins do.
@Suite("Custom controls")
struct CustomControlTests {
    @Test("a tap on a custom lamp sends its own toggled event and the light springs up, then the scene idles")
    func tapSwitchesTheLamp() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 80, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        k.down(60, 40, at: 10)
        k.up(at: 60)
        try k.step(until: 1500)
        #expect(k.eventLines == [#"{"t": 60, "source": "wifi", "event": "toggled", "value": {"on": true}}"#])
        #expect(lamp.calls == ["began", "tapped", "ended"])
        #expect(abs(lamp.light.value - 1) < 0.01)
        #expect(!k.scene!.isAnimating)
    }

    @Test("a double tap reaches the control right after its second tap; both taps toggled at once, as two taps do")
    func doubleTapOrder() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 80, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        k.down(60, 40, at: 10)
        k.up(at: 60)
        k.down(62, 41, at: 200)
        k.up(at: 250)
        try k.step(until: 1500)
        #expect(lamp.calls == ["began", "tapped", "ended", "began", "tapped", "doubleTapped", "ended"])
        #expect(k.eventLines == [#"{"t": 60, "source": "wifi", "event": "toggled", "value": {"on": true}}"#,
                            #"{"t": 250, "source": "wifi", "event": "toggled", "value": {"on": false}}"#])
    }

    @Test("a value set from outside switches the lamp and reports it; a restored one reports nothing; a wrong field changes nothing")
    func valueFromOutside() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 80, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        try k.step(until: 20)
        try lamp.setValue([("on", true)])
        try k.step(until: 100)
        // Set from outside a touch: the owner's, and the line says so.
        #expect(k.eventLines.last == #"{"t": 16.667, "source": "wifi", "event": "toggled", "origin": "owner", "value": {"on": true}}"#)
        #expect(SavedState.capture(from: k.scene!).value(of: "wifi")
                == SavedState.SavedValue(id: "wifi", fields: [("on", true)]))
        let restored = SavedState(screen: nil, values: [SavedState.SavedValue(id: "wifi", fields: [("on", false)])])
        #expect(restored.restore(into: k.scene!).problems.isEmpty)
        try k.step(until: 200)
        #expect(!lamp.isOn && k.eventLines.count == 1)
        #expect(throws: ControlValueError("'wifi'.on must be a boolean (found a string)")) {
            try lamp.setValue([("on", "yes")])
        }
        #expect(throws: ControlValueError("'wifi' has no field 'off' (its value has 'on')")) {
            try lamp.setValue([("off", true)])
        }
    }

    @Test("a fast flick to the left reaches the control as a swipe, after the pan's moves and before the lift")
    func swipeOrder() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 200, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        k.down(60, 40, at: 10)
        k.up(at: 40)   // on
        k.drag(fromX: 200, toX: 40, y: 40, startingAt: 500, moves: 5)
        try k.step(until: 1000)
        #expect(lamp.calls == ["began", "tapped", "ended", "began", "moved", "swiped left", "ended"])
        #expect(!lamp.isOn)
        #expect(k.eventLines.map { $0.contains("\"on\": false") } == [false, true])
    }

    @Test("a slow drag that stops before lifting is a pan without a swipe")
    func slowDragIsNoSwipe() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 200, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        k.down(40, 40, at: 10)
        k.move(80, 40, at: 100)
        k.move(80, 40, at: 300)
        k.up(at: 400)
        try k.step(until: 600)
        #expect(lamp.calls == ["began", "moved", "ended"])
        #expect(k.eventLines.isEmpty)
    }

    @Test("holding a stepper adds one at the long press and one every 100 ms until the finger lifts")
    func longPressRepeats() throws {
        let stepper = Stepper(id: "count", frame: Rect(20, 100, 120, 48))
        let k = KioskTester(screen: [stepper], size: Size(320, 240))
        k.down(80, 124, at: 0)
        k.up(at: 880)   // long press at 500, then a repeat about every 100 ms of steps after it
        try k.step(until: 1000)
        #expect(stepper.value == 4)
        #expect(k.eventLines.last == #"{"t": 880, "source": "count", "event": "valueCommitted", "value": {"value": 4}}"#)
        #expect(k.eventLines.dropLast().allSatisfy { $0.contains("\"valueChanged\"") })
        #expect(!k.scene!.isAnimating)
    }

    @Test("a long press reaches the control before the lift, and is no tap")
    func tapVersusLongPress() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 20, 80, 40))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        k.down(60, 40, at: 0)
        k.up(at: 700)
        try k.step(until: 800)
        #expect(lamp.calls == ["began", "longPressed", "ended"])
        #expect(k.eventLines.isEmpty)
    }

    @Test("scrubbing a stepper sends its coalescing kind at most once per frame, with the latest value")
    func customKindCoalesces() throws {
        let stepper = Stepper(id: "count", frame: Rect(20, 100, 280, 48))
        let k = KioskTester(screen: [stepper], size: Size(320, 240))
        k.down(30, 124, at: 0)
        for i in 1...30 { k.move(30 + Double(i) * 5, 124, at: Double(i) * 2) }   // 500 Hz, 150 px in 60 ms
        k.up(at: 100)
        try k.step(until: 200)
        #expect(stepper.value == 15)
        #expect(k.eventLines.count <= 5)
        #expect(k.eventLines.allSatisfy { $0.contains("\"scrubbed\"") })
        #expect(k.eventLines.last?.hasSuffix(#""value": {"value": 15}}"#) == true)
    }

    @Test("a kind is its name: built-in and custom kinds compare and encode by their raw value")
    func kindsAreNames() {
        let read: ControlEvent.Kind = "valueChanged"
        #expect(read == .valueChanged && read.coalesces)
        #expect(ControlEvent.Kind(rawValue: "toggled") == .toggled)
        #expect(!ControlEvent.Kind.toggled.coalesces && ControlEvent.Kind.scrubbed.coalesces)
        let event = ControlEvent(time: .milliseconds(5), source: "wifi", kind: .toggled, value: [("on", true)])
        #expect(event.description == #"{"t": 5, "source": "wifi", "event": "toggled", "value": {"on": true}}"#)
        #expect(event["on"]?.bool == true && event["off"] == nil)
    }
}
