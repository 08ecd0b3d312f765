import Stepper
import SwiftKiosk
import SwiftKioskTesting
import Testing

/// The scene built in Swift (`example demo`): observers keep the total in step with the
/// stepper, and the same events leave the process as JSON lines.
@Suite struct TicketCounterTests {
    static let plus = Point(510, 220)

    @Test func theTotalFollowsTheStepperThroughAnObserver() throws {
        let kiosk = KioskTester(scene: TicketCounter.makeScene())
        var touches = TouchSequence()
        touches.tap(at: Self.plus)
        touches.tap(at: Self.plus)
        try kiosk.run(touches)
        let total = try #require(kiosk.scene?.control(withID: "total") as? Label)
        #expect(total.text == "3 × €12 = €36")
        #expect(kiosk.events.filter { $0.kind == .valueChanged }.map { $0["value"]?.number } == [2, 3])
    }

    @Test func anObserverAddedFromOutsideHearsTheStepperOwnKindAndCanBeRemoved() throws {
        let scene = TicketCounter.makeScene()
        let tickets = try #require(scene.control(withID: "tickets") as? Stepper)
        var limits: [String] = []
        let token = tickets.addObserver(for: .limitReached) { limits.append($0["limit"]?.string ?? "") }
        let kiosk = KioskTester(scene: scene)
        var touches = TouchSequence()
        touches.longPress(at: Self.plus, for: .seconds(2))
        try kiosk.run(touches)
        #expect(limits == ["maximum"])
        #expect(tickets.value == 10)

        #expect(tickets.removeObserver(token))
        tickets.value = 1
        try kiosk.run(touches)
        #expect(limits == ["maximum"])
    }

    @Test func theTicketCounterLooksRightAfterTwoTaps() throws {
        let kiosk = KioskTester(scene: TicketCounter.makeScene())
        var touches = TouchSequence()
        touches.tap(at: Self.plus)
        touches.tap(at: Self.plus)
        try kiosk.run(touches)
        try expectMatchesGolden(kiosk.screenshot(), named: "ticket-counter-3")
    }
}
