import KioskCore
import Testing
@testable import KioskWayland

private func ms(_ value: Double) -> Instant { .milliseconds(value) }

private func touches(_ events: [InputEvent]) -> [TouchEvent] {
    events.compactMap { if case .touch(let t) = $0 { return t } else { return nil } }
}

@Test("a recorded one-finger drag becomes down, moves and an up at the last position, each with a frame")
func oneFingerDrag() {
    var points = TouchPoints()
    // wl_touch as Weston sends it: down(id 7), frame, motion, frame, motion, frame, up, frame.
    var events = points.down(id: 7, x: 100, y: 200, time: ms(0))
    events += points.frame(readAt: ms(1))
    events += points.motion(id: 7, x: 110, y: 200, time: ms(8))
    events += points.frame(readAt: ms(9))
    events += points.motion(id: 7, x: 125.5, y: 201, time: ms(16))
    events += points.frame(readAt: ms(17))
    events += points.up(id: 7, time: ms(24))
    events += points.frame(readAt: ms(25))
    #expect(events == [
        .touch(TouchEvent(slot: 0, phase: .down, position: Point(100, 200), time: ms(0))), .touchFrame(ms(0)),
        .touch(TouchEvent(slot: 0, phase: .move, position: Point(110, 200), time: ms(8))), .touchFrame(ms(8)),
        .touch(TouchEvent(slot: 0, phase: .move, position: Point(125.5, 201), time: ms(16))), .touchFrame(ms(16)),
        .touch(TouchEvent(slot: 0, phase: .up, position: Point(125.5, 201), time: ms(24))), .touchFrame(ms(24)),
    ])
    #expect(points.count == 0)
}

@Test("each Wayland touch id gets the lowest free slot and keeps it until it lifts")
func everyIDGetsItsOwnSlot() {
    var points = TouchPoints()
    let first = touches(points.down(id: 40, x: 10, y: 10, time: ms(0)))
    let second = touches(points.down(id: -3, x: 20, y: 20, time: ms(0)))
    _ = points.frame(readAt: ms(0))
    #expect(first.map(\.slot) == [0] && second.map(\.slot) == [1])
    // The first finger lifts; a third takes slot 0 again while the second still has 1.
    _ = points.up(id: 40, time: ms(10))
    let third = touches(points.down(id: 41, x: 30, y: 30, time: ms(12)))
    let moved = touches(points.motion(id: -3, x: 25, y: 20, time: ms(12)))
    #expect(third.map(\.slot) == [0])
    #expect(moved == [TouchEvent(slot: 1, phase: .move, position: Point(25, 20), time: ms(12))])
}

@Test("two fingers moving in one wl_touch frame arrive as two moves and one frame")
func twoFingersInOneFrame() {
    var points = TouchPoints()
    _ = points.down(id: 1, x: 100, y: 100, time: ms(0))
    _ = points.down(id: 2, x: 300, y: 100, time: ms(0))
    _ = points.frame(readAt: ms(0))
    let events = points.motion(id: 1, x: 90, y: 100, time: ms(16)) + points.motion(id: 2, x: 310, y: 100, time: ms(16))
        + points.frame(readAt: ms(17))
    #expect(events.count == 3)
    #expect(touches(events).map(\.slot) == [0, 1])
    #expect(events.last == .touchFrame(ms(16)))
}

@Test("wl_touch.cancel takes every finger back at its last position, in slot order, then a frame")
func cancelEndsEveryFinger() {
    var points = TouchPoints()
    _ = points.down(id: 9, x: 50, y: 60, time: ms(0))
    _ = points.down(id: 4, x: 70, y: 80, time: ms(0))
    _ = points.motion(id: 9, x: 55, y: 60, time: ms(8))
    let events = points.cancelAll(time: ms(20))
    #expect(events == [
        .touch(TouchEvent(slot: 0, phase: .cancel, position: Point(55, 60), time: ms(20))),
        .touch(TouchEvent(slot: 1, phase: .cancel, position: Point(70, 80), time: ms(20))),
        .touchFrame(ms(20)),
    ])
    // Nothing is left to move, lift or cancel.
    #expect(points.motion(id: 9, x: 1, y: 1, time: ms(30)).isEmpty)
    #expect(points.up(id: 4, time: ms(30)).isEmpty)
    #expect(points.cancelAll(time: ms(30)).isEmpty)
}

@Test("motion and up for an id that is not down are ignored")
func unknownIDsAreIgnored() {
    var points = TouchPoints()
    #expect(points.motion(id: 5, x: 1, y: 1, time: ms(0)).isEmpty)
    #expect(points.up(id: 5, time: ms(0)).isEmpty)
}

@Test("a down for an id that is still down cancels the old touch first")
func repeatedDownTakesOver() {
    var points = TouchPoints()
    _ = points.down(id: 3, x: 10, y: 10, time: ms(0))
    let events = touches(points.down(id: 3, x: 40, y: 40, time: ms(5)))
    #expect(events.map(\.phase) == [.cancel, .down])
    #expect(events[0].position == Point(10, 10) && events[1].position == Point(40, 40))
}

@Test("surface coordinates become buffer pixels at the surface's scale")
func scaleTurnsLogicalIntoBufferPixels() {
    var points = TouchPoints()
    points.scale = 2
    let down = touches(points.down(id: 0, x: 100.25, y: 50, time: ms(0)))
    #expect(down.first?.position == Point(200.5, 100))
}

@Test("fingers beyond the 63 slots a Wayland seat may use are ignored until one lifts")
func slotsRunOut() {
    var points = TouchPoints()
    for id in 0..<63 { _ = points.down(id: Int32(id), x: 1, y: 1, time: ms(0)) }
    #expect(points.down(id: 100, x: 1, y: 1, time: ms(0)).isEmpty)
    _ = points.up(id: 10, time: ms(1))
    #expect(touches(points.down(id: 100, x: 1, y: 1, time: ms(2))).map(\.slot) == [10])
    #expect(points.count == 63)
}
