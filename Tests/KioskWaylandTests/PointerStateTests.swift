import KioskCore
import Testing
@testable import KioskWayland

private func ms(_ value: Double) -> Instant { .milliseconds(value) }

private func pointer(scale: Int = 1, panel: Size = Size(800, 480)) -> PointerState {
    var state = PointerState()
    state.scale = scale
    state.panelSize = panel
    return state
}

@Test("a recorded click-drag: enter, press, motion, release become the events PointerFinger turns into one finger")
func clickDrag() {
    var state = pointer()
    var events = state.enter(x: 136, y: 220, time: ms(0))
    events += state.button(PointerState.leftButton, pressed: true, time: ms(10))
    events += state.motion(x: 150, y: 220, time: ms(26))
    events += state.motion(x: 170, y: 221, time: ms(42))
    events += state.button(PointerState.leftButton, pressed: false, time: ms(50))
    #expect(events == [
        .pointerMotion(Point(136, 220), ms(0)),
        .pointerButton(pressed: true, Point(136, 220), ms(10)),
        .pointerMotion(Point(150, 220), ms(26)),
        .pointerMotion(Point(170, 221), ms(42)),
        .pointerButton(pressed: false, Point(170, 221), ms(50)),
    ])
}

@Test("only the left button is a finger; right, middle and repeated presses say nothing")
func onlyTheLeftButtonCounts() {
    var state = pointer()
    _ = state.enter(x: 10, y: 10, time: ms(0))
    #expect(state.button(0x111, pressed: true, time: ms(1)).isEmpty)   // BTN_RIGHT
    #expect(state.button(0x112, pressed: true, time: ms(1)).isEmpty)   // BTN_MIDDLE
    #expect(state.button(PointerState.leftButton, pressed: true, time: ms(2)).count == 1)
    #expect(state.button(PointerState.leftButton, pressed: true, time: ms(3)).isEmpty)
}

@Test("leaving the surface with the button held lifts the finger where the pointer was")
func leaveWhilePressedReleases() {
    var state = pointer()
    _ = state.enter(x: 100, y: 100, time: ms(0))
    _ = state.button(PointerState.leftButton, pressed: true, time: ms(1))
    _ = state.motion(x: 120, y: 100, time: ms(2))
    #expect(state.leave(time: ms(5)) == [.pointerButton(pressed: false, Point(120, 100), ms(5))])
    // Gone: motion means nothing until the pointer enters again.
    #expect(state.motion(x: 1, y: 1, time: ms(6)).isEmpty)
    #expect(state.button(PointerState.leftButton, pressed: false, time: ms(7)).isEmpty)
}

@Test("leaving without a press says nothing")
func leaveWithoutPress() {
    var state = pointer()
    _ = state.enter(x: 100, y: 100, time: ms(0))
    #expect(state.leave(time: ms(1)).isEmpty)
}

@Test("a drag past the surface's edge (the implicit grab) stays on the panel's last pixel")
func motionOutsideIsClamped() {
    var state = pointer(panel: Size(800, 480))
    _ = state.enter(x: 790, y: 10, time: ms(0))
    #expect(state.motion(x: 900, y: -40, time: ms(1)) == [.pointerMotion(Point(799, 0), ms(1))])
}

@Test("surface coordinates become buffer pixels at the surface's scale")
func pointerScale() {
    var state = pointer(scale: 2, panel: Size(1600, 960))
    #expect(state.enter(x: 400.5, y: 100, time: ms(0)) == [.pointerMotion(Point(801, 200), ms(0))])
}
