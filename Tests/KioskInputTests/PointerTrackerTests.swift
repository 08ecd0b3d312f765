import KioskCore
import KioskInput
import Testing

@Suite("Pointer position")
struct PointerTrackerTests {
    @Test func aNewPointerIsInTheMiddleOfThePanel() {
        #expect(PointerTracker(panelSize: Size(800, 480)).position == Point(400, 240))
    }

    @Test func absolutePositionsOutsideThePanelAreClamped() {
        var pointer = PointerTracker(panelSize: Size(800, 480))
        #expect(pointer.move(to: Point(-3, 900)) == Point(0, 479))
        #expect(pointer.move(to: Point(800, 480)) == Point(799, 479))
    }

    @Test func anEmptyPanelPinsThePointerAtTheOrigin() {
        var pointer = PointerTracker(panelSize: .zero)
        #expect(pointer.move(by: Point(5, 5)) == .zero)
    }
}
