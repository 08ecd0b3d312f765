import KioskAnimation
import KioskCore
import Testing

/// The scroll physics on the virtual clock: 1/120 s steps, no wall clock anywhere.
@Suite("Kinetic scroll")
struct KineticScrollTests {
    static let step = FixedStepClock.standardStep

    /// 200 rows of 96 in a 540 tall viewport.
    func content(offset: Double = 0) -> KineticScroll {
        KineticScroll(contentLength: 200 * 96, viewportLength: 540, offset: offset)
    }

    /// Steps until it rests; returns the offsets after each step.
    func glide(_ scroll: inout KineticScroll, limit: Int = 2000) -> [Double] {
        var offsets: [Double] = []
        while scroll.step(Self.step), offsets.count < limit { offsets.append(scroll.offset) }
        offsets.append(scroll.offset)
        return offsets
    }

    @Test("the content follows the finger exactly within its ends")
    func followsTheFinger() {
        var scroll = content(offset: 1000)
        scroll.grab()
        scroll.drag(translation: -120)   // the finger moved up: the content too
        #expect(scroll.offset == 1120)
        scroll.drag(translation: 35)
        #expect(scroll.offset == 965)
        #expect(scroll.phase == .dragging(anchor: 1000))
    }

    @Test("a fling glides on, slowing down exponentially at UIScrollView's rate, and rests")
    func exponentialDeceleration() throws {
        var scroll = content(offset: 2000)
        scroll.grab()
        scroll.release(fingerVelocity: -2000)   // flung upwards: the offset grows
        #expect(scroll.phase == .gliding)
        #expect(scroll.velocity == 2000)
        // After half a second (60 steps) the velocity is e^(−0.5/0.4995) of what it was.
        for _ in 0..<60 { scroll.step(Self.step) }
        let expected = 2000 * Trig.exp(-0.5 / KineticScroll.glideTimeConstant)
        #expect(abs(scroll.velocity - expected) < 0.5, "\(scroll.velocity) vs \(expected)")
        let travelled = 2000 * KineticScroll.glideTimeConstant * (1 - Trig.exp(-0.5 / KineticScroll.glideTimeConstant))
        #expect(abs(scroll.offset - 2000 - travelled) < 0.5)
        let rest = glide(&scroll)
        #expect(scroll.phase == .resting && scroll.velocity == 0)
        // v·τ in all, less the tail below the stop velocity.
        let total = scroll.offset - 2000
        #expect(total > 2000 * 0.4995 - 15 && total < 2000 * 0.4995, "\(total)")
        #expect(rest.count < 400, "rests within about 3 s: \(rest.count) steps")
        #expect(zip(rest, rest.dropFirst()).allSatisfy { $1 >= $0 }, "never turns back")
    }

    @Test("the same fling gives the same offsets in one go or step by step")
    func deterministic() {
        var a = content(offset: 500), b = content(offset: 500)
        a.grab(); a.release(fingerVelocity: 3000)
        b.grab(); b.release(fingerVelocity: 3000)
        let first = glide(&a), second = glide(&b)
        #expect(first == second)
    }

    @Test("a slow release rests where the finger left it")
    func slowReleaseRests() {
        var scroll = content(offset: 300)
        scroll.grab()
        scroll.drag(translation: -10)
        scroll.release(fingerVelocity: -5)
        #expect(scroll.phase == .resting)
        let moves = scroll.step(Self.step)
        #expect(!moves)
        #expect(scroll.offset == 310)
    }

    @Test("pulling past the top resists like a rubber band and never pulls a viewport away")
    func rubberBand() {
        var scroll = content()
        scroll.grab()
        scroll.drag(translation: 100)
        // (1 − 1 / (100 × 0.55 / 540 + 1)) × 540
        let stretch: Double = 100 * 0.55 / 540
        let expected = -(1 - 1 / (stretch + 1)) * 540
        #expect(abs(scroll.offset - expected) < 1e-9)
        #expect(scroll.offset > -55 && scroll.offset < 0, "resists: \(scroll.offset)")
        var last = scroll.offset
        for pull in stride(from: 200.0, through: 20_000, by: 200) {
            scroll.drag(translation: pull)
            #expect(scroll.offset < last, "a longer pull pulls further")
            #expect(scroll.offset > -540)
            last = scroll.offset
        }
    }

    @Test("pulled past the bottom, it resists the same way from the last row")
    func rubberBandAtTheEnd() {
        var scroll = content(offset: 200 * 96 - 540)
        scroll.grab()
        scroll.drag(translation: -100)
        let stretch: Double = 100 * 0.55 / 540
        let band = (1 - 1 / (stretch + 1)) * 540
        let expected: Double = 200 * 96 - 540 + band
        #expect(abs(scroll.offset - expected) < 1e-9)
    }

    @Test("released past an end it springs back without overshooting, and rests exactly there")
    func springsBack() throws {
        var scroll = content()
        scroll.grab()
        scroll.drag(translation: 150)
        scroll.release(fingerVelocity: 0)
        #expect(scroll.phase == .springing(target: 0))
        let path = glide(&scroll)
        #expect(scroll.offset == 0 && scroll.phase == .resting)
        #expect(path.allSatisfy { $0 <= 0 }, "critically damped: no bounce past the top")
        #expect(path.count < 120, "back within a second: \(path.count) steps")
    }

    @Test("a glide into an end goes past it, turns round on the spring and rests at the end")
    func glideIntoTheEnd() {
        let end = 200.0 * 96 - 540
        var scroll = content(offset: end - 100)
        scroll.grab()
        scroll.release(fingerVelocity: -3000)
        let path = glide(&scroll)
        #expect(path.max()! > end, "over-scrolls")
        #expect(path.max()! < end + 540)
        #expect(scroll.offset == end && scroll.phase == .resting)
    }

    @Test("a finger landing during a glide catches it where it is")
    func catchStops() {
        var scroll = content(offset: 1000)
        scroll.grab()
        scroll.release(fingerVelocity: -4000)
        for _ in 0..<20 { scroll.step(Self.step) }
        let there = scroll.offset
        let caught = scroll.grab()
        #expect(caught, "it was moving: this touch caught it")
        #expect(scroll.offset == there && scroll.velocity == 0)
        let moves = scroll.step(Self.step)
        #expect(!moves)
        scroll.release(fingerVelocity: 0)
        #expect(scroll.phase == .resting && scroll.offset == there)
        let caughtAgain = scroll.grab()
        #expect(!caughtAgain, "a list at rest is not caught")
    }

    @Test("a finger catching an over-scrolled list holds it there without a jump")
    func catchOverScrolled() {
        var scroll = content()
        scroll.grab()
        scroll.drag(translation: 200)
        scroll.release(fingerVelocity: 0)
        for _ in 0..<5 { scroll.step(Self.step) }
        let there = scroll.offset
        #expect(there < 0)
        scroll.grab()
        scroll.drag(translation: 0)
        #expect(abs(scroll.offset - there) < 1e-6)
        scroll.drag(translation: 30)
        #expect(scroll.offset < there && scroll.offset > there - 30, "still resisting")
    }

    @Test("content shorter than the viewport has no room: a fling springs back to the top")
    func shortContent() {
        var scroll = KineticScroll(contentLength: 300, viewportLength: 540)
        #expect(scroll.maximumOffset == 0)
        scroll.grab()
        scroll.drag(translation: -40)
        #expect(scroll.offset > 0 && scroll.offset < 40)
        scroll.release(fingerVelocity: -2000)
        _ = glide(&scroll)
        #expect(scroll.offset == 0)
    }

    @Test("nothing runs away: infinite and NaN inputs leave a finite, resting scroll")
    func badNumbers() {
        var scroll = KineticScroll(contentLength: .infinity, viewportLength: .nan, offset: .nan)
        #expect(scroll.offset == 0)
        scroll = content()
        scroll.grab()
        scroll.drag(translation: .nan)
        scroll.release(fingerVelocity: .infinity)
        #expect(scroll.offset.isFinite)
        scroll.grab()
        scroll.release(fingerVelocity: -1e12)
        #expect(scroll.velocity == KineticScroll.maximumVelocity)
        _ = glide(&scroll)
        #expect(scroll.phase == .resting && scroll.offset.isFinite)
    }
}
