import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// The toggle on the virtual clock: a tap flips it, a drag takes the thumb along and the lift
/// sends it to the nearer side, a fling to the side of its velocity; the spring turns round
/// from where the thumb is, whoever retargets it; a cancelled drag springs back; the value goes
/// out when it changes and only then.
@Suite("Toggle")
struct ToggleTests {
    /// 120x60 at (100, 100): an inset of 60/11, so the thumb travels exactly 60 px; its centre
    /// is at x 130 when off and 190 when on, y 130.
    func toggle(on: Bool = false) -> Toggle { Toggle(id: "light", frame: Rect(100, 100, 120, 60), isOn: on) }

    func values(_ ui: SceneHarness, _ kind: ControlEvent.Kind = .valueCommitted) -> [Bool] {
        ui.events(from: "light", kind).compactMap { $0["on"]?.bool }
    }

    @Test("the geometry: the thumb is the track's height less its inset, and travels the rest of the width")
    func geometry() {
        let toggle = toggle()
        #expect(abs(toggle.travel - 60) < 1e-9)
        #expect(toggle.thumbRect(at: 0).center.x == 130 && abs(toggle.thumbRect(at: 1).center.x - 190) < 1e-9)
        #expect(toggle.currentValue?.map(\.name) == ["on"])
    }

    @Test("a tap flips it at once (valueChanged, valueCommitted), the thumb springs over in about half a second, then the scene rests")
    func tapFlips() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.tap(130, 130, at: 10)
        #expect(toggle.isOn)
        #expect(ui.kinds(from: "light") == [.valueChanged, .valueCommitted])
        #expect(values(ui) == [true])
        var positions: [Double] = []
        ui.onStep = { _ in positions.append(toggle.thumbPosition) }
        let steps = try #require(ui.stepsUntilIdle(limit: 240))
        #expect((20...80).contains(steps), "\(steps) steps")
        #expect(toggle.thumbPosition == 1)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $1 >= $0 }, "no bounce back: \(positions)")
        _ = ui.scene.takeDamage()
        ui.stepOnce()
        #expect(ui.scene.takeDamage().isEmpty)
        #expect(values(ui) == [true], "the thumb's motion sends nothing")
    }

    @Test("a step repaints the toggle and nothing else")
    func damageIsTheToggle() {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        toggle.isOn = true
        ui.stepOnce()
        let damage = ui.scene.takeDamage()
        #expect(!damage.isEmpty)
        #expect(toggle.paintBounds.integral.contains(damage.bounds), "\(damage)")
    }

    @Test("a second tap mid-flight turns the thumb round from where it is, without a jump")
    func interruptedSpring() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        var positions: [Double] = []
        ui.onStep = { _ in positions.append(toggle.thumbPosition) }
        ui.tap(130, 130, at: 10)
        ui.touch(.down, 160, 130, at: 110)
        ui.run(until: 150)
        let there = toggle.thumbPosition
        #expect(there > 0.2 && there < 0.95, "\(there)")
        ui.touch(.up, at: 150)
        #expect(!toggle.isOn)
        #expect(abs(toggle.thumbPosition - there) < 0.1, "no jump at the tap")
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 0)
        let biggestStep = zip(positions, positions.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(biggestStep < 0.1, "the thumb never jumps: \(biggestStep)")
        #expect(values(ui) == [true, false])
    }

    @Test("a sideways drag takes the thumb along, with nothing reported until the lift; past half-way it goes on")
    func dragPastHalfway() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        for (i, x) in [140.0, 150, 160, 170].enumerated() { ui.touch(.move, x, 130, at: 100 + 100 * Double(i)) }
        #expect(abs(toggle.thumbPosition - 40.0 / 60) < 1e-9, "the finger's 40 px: none lost to the slop")
        #expect(toggle.isHeld && !toggle.isOn)
        #expect(ui.events(from: "light", .valueChanged).isEmpty)
        ui.touch(.up, at: 600)
        #expect(toggle.isOn)
        #expect(values(ui) == [true])
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 1 && !toggle.isHeld)
    }

    @Test("a slow drag let go short of half-way springs back and reports nothing")
    func dragShortOfHalfway() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        ui.touch(.move, 145, 130, at: 100)
        ui.touch(.move, 155, 130, at: 300)
        ui.touch(.up, at: 500)
        #expect(!toggle.isOn)
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 0)
        #expect(ui.events.filter { $0.source == "light" }.isEmpty)
    }

    @Test("a drag stays within the track, however far the finger goes, and back")
    func dragIsClamped() {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        ui.touch(.move, 400, 135, at: 50)
        #expect(toggle.thumbPosition == 1)
        ui.touch(.move, 20, 200, at: 100)
        #expect(toggle.thumbPosition == 0)
        ui.touch(.move, 145, 130, at: 150)
        #expect(abs(toggle.thumbPosition - 0.25) < 1e-9)
    }

    @Test("a fling goes to the side of its velocity, though the thumb is nearer the other, and carries the finger's speed")
    func flingGoesWithItsVelocity() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        for i in 1...3 { ui.touch(.move, 130 + 8 * Double(i), 130, at: 8 * Double(i)) }   // 1000 px/s
        #expect(toggle.thumbPosition < 0.5)
        ui.touch(.up, at: 30)
        #expect(toggle.isOn)
        #expect(values(ui) == [true])
        let before = toggle.thumbPosition
        ui.stepOnce()
        #expect(toggle.thumbPosition - before > 0.05, "moving at the finger's speed at once")
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 1)
        // And back, flung left from the on side.
        ui.touch(.down, 190, 130, at: 2000)
        for i in 1...3 { ui.touch(.move, 190 - 8 * Double(i), 130, at: 2000 + 8 * Double(i)) }
        ui.touch(.up, at: 2030)
        #expect(!toggle.isOn)
        #expect(values(ui) == [true, false])
    }

    @Test("a drag that begins while the thumb springs catches it where it is")
    func dragCatchesTheSpring() {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        toggle.isOn = true
        ui.run(until: 100)
        let there = toggle.thumbPosition
        ui.touch(.down, 160, 130, at: 100)
        ui.run(until: 120)
        ui.touch(.move, 172, 130, at: 120)
        let caught = toggle.thumbPosition
        #expect(abs(caught - (there + 12.0 / 60)) < 0.1, "\(there) → \(caught)")
        ui.run(until: 300)
        #expect(toggle.thumbPosition == caught, "the finger holds it: the spring is stopped")
    }

    @Test("a value set from outside while the thumb springs turns it round from where it is; a restored one is shown at once")
    func setWhileAnimating() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        var positions: [Double] = []
        ui.onStep = { _ in positions.append(toggle.thumbPosition) }
        ui.tap(130, 130, at: 10)
        ui.run(until: 120)
        let there = toggle.thumbPosition
        try toggle.setValue([("on", .bool(false))])
        #expect(!toggle.isOn && toggle.thumbPosition == there)
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(values(ui) == [true, false])
        #expect(toggle.thumbPosition == 0)
        #expect((zip(positions, positions.dropFirst()).map { abs($1 - $0) }.max() ?? 0) < 0.1)

        try toggle.setValue([("on", .bool(true))], sendsEvents: false)
        #expect(toggle.thumbPosition == 1)
        #expect(!ui.scene.isAnimating)
        try toggle.setValue([("on", .bool(true))])
        ui.stepOnce()
        #expect(values(ui) == [true, false], "a restored value says nothing, nor does one that changes nothing")
        #expect(throws: ControlValueError("'light'.on must be true or false (found a number)")) {
            try toggle.setValue([("on", .number(1))])
        }
        #expect(throws: ControlValueError.self) { try toggle.setValue([("checked", .bool(false))]) }
        #expect(toggle.isOn)
    }

    @Test("an owner's value while a finger drags: reported at once, the thumb stays under the finger, the lift decides")
    func ownerSetDuringDrag() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        ui.touch(.move, 150, 130, at: 50)
        let held = toggle.thumbPosition
        try toggle.setValue([("on", .bool(true))])
        #expect(toggle.isOn && toggle.thumbPosition == held)
        ui.touch(.move, 135, 130, at: 300)
        ui.touch(.up, at: 500)
        #expect(!toggle.isOn, "let go nearer off")
        #expect(values(ui) == [true, false])
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 0)
    }

    @Test("a drag cancelled (the toggle disabled under the finger) springs back to its side and reports nothing")
    func cancelSpringsBack() throws {
        let toggle = toggle()
        let ui = SceneHarness([toggle])
        ui.touch(.down, 130, 130, at: 0)
        ui.touch(.move, 175, 130, at: 50)
        #expect(toggle.thumbPosition == 0.75)
        toggle.isEnabled = false
        #expect(!toggle.isHeld)
        _ = try #require(ui.stepsUntilIdle(limit: 240))
        #expect(toggle.thumbPosition == 0 && !toggle.isOn)
        ui.touch(.up, at: 300)
        #expect(ui.events.filter { $0.source == "light" }.isEmpty)
        // Disabled, a tap does nothing.
        ui.tap(130, 130, at: 400)
        #expect(!toggle.isOn)
    }

    @Test("a finger just outside a small toggle still takes it; one inside a neighbour's frame does not")
    func touchTarget() {
        let small = Toggle(id: "small", frame: Rect(100, 100, 48, 28))
        #expect(small.touchDistance(to: Point(120, 110)) == 0)
        #expect(small.touchDistance(to: Point(120, 95)) == 5)
        #expect(small.touchDistance(to: Point(120, 80)) == nil)
        let button = Button(id: "below", frame: Rect(100, 130, 48, 40), title: "")
        let ui = SceneHarness([small, button])
        ui.tap(120, 131, at: 10)
        #expect(!small.isOn)
        #expect(ui.events(from: "below", .tapped).count == 1)
        ui.tap(120, 129, at: 500)
        #expect(small.isOn)
    }

    @Test("it keeps sideways drags from a scroll container; an up or down drag is the container's")
    func dragOwnership() {
        let toggle = toggle()
        #expect(toggle.keepsDrag(along: .horizontal))
        #expect(!toggle.keepsDrag(along: .vertical))
        #expect(!DragOwnership.containerTakesOver(.horizontal, translation: Point(20, 3), from: toggle))
        #expect(DragOwnership.containerTakesOver(.vertical, translation: Point(3, 20), from: toggle))
    }

    @Test("on a swipeable page, a sideways drag on the toggle carries its thumb and the pages stay")
    func keepsTheDragOnAPage() throws {
        let toggle = toggle()
        let ui = SceneHarness(screen: [toggle])
        ui.scene.add(screen: Screen(id: "second"))
        #expect(ui.scene.addPageGroup(["main", "second"]) != nil)
        ui.drag(from: Point(130, 130), to: Point(40, 130), at: 0, steps: 10)   // leftwards: the pages' way on
        ui.drag(from: Point(130, 130), to: Point(200, 130), at: 1000, steps: 10)
        #expect(toggle.isOn)
        #expect(values(ui) == [true])
        #expect(ui.scene.currentScreen.id == "main")
        #expect(ui.scene.pageSwipePosition == nil)
    }

    @Test("a disabled toggle is drawn faded; a held thumb is drawn pressed")
    func looks() {
        let toggle = toggle(on: true)
        let ui = SceneHarness([toggle])
        let canvas = RecordingCanvas()
        toggle.render(canvas, in: toggle.paintBounds)
        #expect(canvas.calls.first == .fill(.roundedRect(toggle.frame, radius: 30), .solid(Theme.standard.accent)))
        ui.touch(.down, 190, 130, at: 0)
        #expect(toggle.isHeld)
        ui.touch(.up, at: 40)
        #expect(!toggle.isHeld && !toggle.isOn)
        toggle.offColor = Color(hex: "#303030")
        _ = ui.stepsUntilIdle(limit: 240)
        let off = RecordingCanvas()
        toggle.render(off, in: toggle.paintBounds)
        #expect(off.calls.first == .fill(.roundedRect(toggle.frame, radius: 30), .solid(Color(hex: "#303030")!)))
    }
}
