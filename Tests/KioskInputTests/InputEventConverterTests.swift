import KioskCore
import Testing

@testable import KioskInput

/// The libinput-event → InputEvent rules, fed with the plain values LibinputEventReader would
/// read out of libinput.
@Suite("Converting libinput's reports")
struct InputEventConverterTests {
    let panel = Size(800, 480)
    /// The program started 5 s after boot: libinput times before that are negative instants.
    let origin: Int64 = 5_000_000_000
    let touchscreen = 0x1000
    let otherScreen = 0x2000

    func converter() -> InputEventConverter { InputEventConverter(panelSize: panel, clockOrigin: origin) }

    /// 5 s + `ms` after boot, in libinput's microseconds.
    func usec(_ ms: UInt64) -> UInt64 { 5_000_000 + ms * 1000 }

    @Test func libinputEventTimeBecomesProgramTime() {
        #expect(Instant(libinputMicroseconds: 5_000_123, clockOrigin: origin) == Instant(nanoseconds: 123_000))
        #expect(Instant(libinputMicroseconds: 4_000_000, clockOrigin: origin) == Instant(nanoseconds: -1_000_000_000))
        var c = converter()
        let events = c.convert(.touchFrame(usec: usec(16)))
        #expect(events == [.touchFrame(.milliseconds(16))])
    }

    @Test func aTouchUpIsReportedAtTheSlotsLastPosition() {
        var c = converter()
        var events: [InputEvent] = []
        events += c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(100, 200), usec: usec(0)))
        events += c.convert(.touchFrame(usec: usec(0)))
        events += c.convert(.touchMotion(device: touchscreen, seatSlot: 0, position: Point(150, 210), usec: usec(8)))
        events += c.convert(.touchFrame(usec: usec(8)))
        events += c.convert(.touchUp(device: touchscreen, seatSlot: 0, usec: usec(16)))
        events += c.convert(.touchFrame(usec: usec(16)))
        #expect(
            events == [
                .touch(TouchEvent(slot: 0, phase: .down, position: Point(100, 200), time: .milliseconds(0))),
                .touchFrame(.milliseconds(0)),
                .touch(TouchEvent(slot: 0, phase: .move, position: Point(150, 210), time: .milliseconds(8))),
                .touchFrame(.milliseconds(8)),
                .touch(TouchEvent(slot: 0, phase: .up, position: Point(150, 210), time: .milliseconds(16))),
                .touchFrame(.milliseconds(16)),
            ])
    }

    @Test func twoFingersInOneFrameKeepTheirSeatSlots() {
        var c = converter()
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(10, 10), usec: usec(0)))
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 1, position: Point(700, 400), usec: usec(0)))
        _ = c.convert(.touchMotion(device: touchscreen, seatSlot: 1, position: Point(690, 390), usec: usec(8)))
        let lifts = c.convert(.touchUp(device: touchscreen, seatSlot: 1, usec: usec(9)))
            + c.convert(.touchUp(device: touchscreen, seatSlot: 0, usec: usec(9)))
        #expect(
            lifts == [
                .touch(TouchEvent(slot: 1, phase: .up, position: Point(690, 390), time: .milliseconds(9))),
                .touch(TouchEvent(slot: 0, phase: .up, position: Point(10, 10), time: .milliseconds(9))),
            ])
    }

    @Test func libinputsCancelCarriesTheLastPosition() {
        var c = converter()
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 4, position: Point(30, 40), usec: usec(0)))
        #expect(
            c.convert(.touchCancel(device: touchscreen, seatSlot: 4, usec: usec(5)))
                == [.touch(TouchEvent(slot: 4, phase: .cancel, position: Point(30, 40), time: .milliseconds(5)))])
    }

    @Test func aSeatSlotOfMinusOneIsSlotZero() {
        var c = converter()
        let down = c.convert(.touchDown(device: touchscreen, seatSlot: -1, position: Point(1, 2), usec: usec(0)))
        #expect(down == [.touch(TouchEvent(slot: 0, phase: .down, position: Point(1, 2), time: .zero))])
        #expect(c.convert(.touchUp(device: touchscreen, seatSlot: -1, usec: usec(1))).count == 1)
    }

    @Test func eventsForSlotsThatAreNotDownAreDropped() {
        var c = converter()
        #expect(c.convert(.touchMotion(device: touchscreen, seatSlot: 0, position: Point(1, 1), usec: usec(0))) == [])
        #expect(c.convert(.touchUp(device: touchscreen, seatSlot: 0, usec: usec(0))) == [])
        #expect(c.convert(.touchCancel(device: touchscreen, seatSlot: 0, usec: usec(0))) == [])
    }

    @Test func unpluggingATouchscreenCancelsItsFingersThenReportsTheRemoval() {
        var c = converter()
        _ = c.convert(.deviceAdded(device: touchscreen, name: "Panel", capabilities: [.touch]))
        _ = c.convert(.deviceAdded(device: otherScreen, name: "Second", capabilities: [.touch]))
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(10, 20), usec: usec(0)))
        _ = c.convert(.touchDown(device: otherScreen, seatSlot: 1, position: Point(50, 60), usec: usec(4)))
        _ = c.convert(.touchMotion(device: touchscreen, seatSlot: 0, position: Point(12, 22), usec: usec(7)))
        let events = c.convert(.deviceRemoved(device: touchscreen, name: "Panel"))
        // libinput's device events have no time: the cancel gets the latest time seen.
        #expect(
            events == [
                .touch(TouchEvent(slot: 0, phase: .cancel, position: Point(12, 22), time: .milliseconds(7))),
                .touchFrame(.milliseconds(7)),
                .deviceRemoved(name: "Panel"),
            ])
        #expect(c.touches.activeSlots == [1], "the other screen's finger is still down")
        #expect(c.deviceNames == ["Second"])
    }

    @Test func unpluggingAfterLibinputCancelledEverythingReportsOnlyTheRemoval() {
        var c = converter()
        _ = c.convert(.deviceAdded(device: touchscreen, name: "Panel", capabilities: [.touch]))
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(10, 20), usec: usec(0)))
        _ = c.convert(.touchCancel(device: touchscreen, seatSlot: 0, usec: usec(3)))
        #expect(c.convert(.deviceRemoved(device: touchscreen, name: "Panel")) == [.deviceRemoved(name: "Panel")])
    }

    @Test func aReplugedTouchscreenWorksAgain() {
        var c = converter()
        _ = c.convert(.deviceAdded(device: touchscreen, name: "Panel", capabilities: [.touch]))
        _ = c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(10, 20), usec: usec(0)))
        _ = c.convert(.deviceRemoved(device: touchscreen, name: "Panel"))
        // libinput may reuse the freed struct's address for the new device.
        let added = c.convert(.deviceAdded(device: touchscreen, name: "Panel", capabilities: [.touch]))
        let down = c.convert(.touchDown(device: touchscreen, seatSlot: 0, position: Point(5, 5), usec: usec(100)))
        let up = c.convert(.touchUp(device: touchscreen, seatSlot: 0, usec: usec(110)))
        #expect(added == [.deviceAdded(name: "Panel", capabilities: .touch)])
        #expect(down == [.touch(TouchEvent(slot: 0, phase: .down, position: Point(5, 5), time: .milliseconds(100)))])
        #expect(up == [.touch(TouchEvent(slot: 0, phase: .up, position: Point(5, 5), time: .milliseconds(110)))])
        #expect(c.deviceNames == ["Panel"])
    }

    @Test func theDeviceListFollowsAddsAndRemovalsInOrder() {
        var c = converter()
        _ = c.convert(.deviceAdded(device: 1, name: "Keyboard", capabilities: [.keyboard]))
        _ = c.convert(.deviceAdded(device: 2, name: "Touch", capabilities: [.touch]))
        _ = c.convert(.deviceAdded(device: 3, name: "Mouse", capabilities: [.pointer]))
        _ = c.convert(.deviceRemoved(device: 2, name: "Touch"))
        #expect(c.deviceNames == ["Keyboard", "Mouse"])
    }

    @Test func relativePointerMotionStartsAtTheCentreAccumulatesAndStopsAtTheEdges() {
        var c = converter()
        #expect(c.convert(.pointerMotion(delta: Point(10, -5), usec: usec(1))) == [.pointerMotion(Point(410, 235), .milliseconds(1))])
        #expect(c.convert(.pointerMotion(delta: Point(2.5, 0), usec: usec(2))) == [.pointerMotion(Point(412.5, 235), .milliseconds(2))])
        #expect(c.convert(.pointerMotion(delta: Point(5000, 5000), usec: usec(3))) == [.pointerMotion(Point(799, 479), .milliseconds(3))])
        #expect(c.convert(.pointerMotion(delta: Point(-10000, 0), usec: usec(4))) == [.pointerMotion(Point(0, 479), .milliseconds(4))])
        // Pushed past the edge, it does not owe the overshoot on the way back.
        #expect(c.convert(.pointerMotion(delta: Point(3, -9), usec: usec(5))) == [.pointerMotion(Point(3, 470), .milliseconds(5))])
    }

    @Test func absolutePointerMotionIsAPanelPosition() {
        var c = converter()
        #expect(c.convert(.pointerMotionAbsolute(position: Point(412, 300), usec: usec(1))) == [.pointerMotion(Point(412, 300), .milliseconds(1))])
        // After an absolute jump, relative motion continues from there.
        #expect(c.convert(.pointerMotion(delta: Point(1, 1), usec: usec(2))) == [.pointerMotion(Point(413, 301), .milliseconds(2))])
    }

    @Test func theLeftButtonIsReportedAtThePointersPositionAndOtherButtonsAreNot() {
        var c = converter()
        _ = c.convert(.pointerMotionAbsolute(position: Point(100, 300), usec: usec(1)))
        #expect(c.convert(.pointerButton(button: 0x110, pressed: true, usec: usec(2))) == [.pointerButton(pressed: true, Point(100, 300), .milliseconds(2))])
        #expect(c.convert(.pointerButton(button: 0x111, pressed: true, usec: usec(3))) == [], "BTN_RIGHT")
        #expect(c.convert(.pointerButton(button: 0x110, pressed: false, usec: usec(4))) == [.pointerButton(pressed: false, Point(100, 300), .milliseconds(4))])
    }

    @Test func keysPassThroughWithTheirEvdevCode() {
        var c = converter()
        #expect(c.convert(.key(code: 28, pressed: true, usec: usec(1))) == [.key(code: 28, pressed: true, .milliseconds(1))])
        #expect(c.convert(.key(code: 28, pressed: false, usec: usec(2))) == [.key(code: 28, pressed: false, .milliseconds(2))])
    }

    static let capabilityCases: [(Set<DeviceCapability>, InputCapabilities)] = [
        ([.touch], .touch),
        ([.pointer], .pointer),
        ([.keyboard], .keyboard),
        ([.pointer, .gesture], .pointer),  // a touchpad
        ([.keyboard, .pointer], [.keyboard, .pointer]),  // a keyboard with a trackpoint
        ([.tabletTool], []),  // drawing tablets are not translated
        ([.switch], []),  // a lid switch
    ]

    @Test(arguments: capabilityCases)
    func devicesAnnounceWhatTheRuntimeCanUseOfThem(libinput: Set<DeviceCapability>, reported: InputCapabilities) {
        var c = converter()
        #expect(c.convert(.deviceAdded(device: 1, name: "d", capabilities: libinput)) == [.deviceAdded(name: "d", capabilities: reported)])
    }

    @Test func capabilitiesReadWellInLogs() {
        #expect("\(InputCapabilities.touch)" == "touch")
        #expect("\([InputCapabilities.pointer, .keyboard] as InputCapabilities)" == "pointer+keyboard")
        #expect("\(InputCapabilities())" == "none")
    }
}
