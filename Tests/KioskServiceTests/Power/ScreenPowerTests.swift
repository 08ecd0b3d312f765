import KioskCore
import KioskService
import Testing

@Suite("Screen power")
struct ScreenPowerTests {
    private let settings = ScreenPower.Settings(dimAfter: .seconds(30), dimLevel: 0.2, offAfter: .seconds(120))
    private func touch(_ phase: TouchPhase, slot: Int = 0, at seconds: Double) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, position: Point(10, 10), time: .seconds(seconds))
    }

    @Test("without input the screen dims, then goes off, each at its deadline, and then nothing is due")
    func dimsThenOff() {
        var power = ScreenPower(settings: settings, at: .zero)
        #expect(power.nextDeadline == .seconds(30))
        #expect(power.advance(to: .seconds(29)).isEmpty)
        #expect(power.advance(to: .seconds(30)) == [.init(state: .dimmed, time: .seconds(30))])
        #expect(power.nextDeadline == .seconds(120))
        #expect(power.advance(to: .seconds(500)) == [.init(state: .off, time: .seconds(120))])
        #expect(power.nextDeadline == nil)
    }

    @Test("a late advance reports both changes at their own times")
    func lateAdvance() {
        var power = ScreenPower(settings: settings, at: .zero)
        #expect(power.advance(to: .seconds(1000)).map(\.state) == [.dimmed, .off])
    }

    @Test("only off, or off before dim: the screen goes straight off")
    func offOnly() {
        var power = ScreenPower(settings: .init(offAfter: .seconds(10)), at: .zero)
        #expect(power.advance(to: .seconds(10)) == [.init(state: .off, time: .seconds(10))])
        var early = ScreenPower(settings: .init(dimAfter: .seconds(60), offAfter: .seconds(10)), at: .zero)
        #expect(early.advance(to: .seconds(100)).map(\.state) == [.off])
    }

    @Test("the touch that wakes a dark screen is swallowed until it lifts; the next touch goes through")
    func wakeTouchIsSwallowed() {
        var power = ScreenPower(settings: settings, at: .zero)
        _ = power.advance(to: .seconds(200))
        let down = power.handle(touch(.down, at: 201))
        #expect(down.consumed && down.change == .init(state: .on, time: .seconds(201)))
        #expect(power.handle(touch(.move, at: 201.1)).consumed)
        #expect(power.handle(touch(.up, at: 201.2)).consumed)
        #expect(!power.handle(touch(.down, at: 202)).consumed)
        #expect(!power.handle(touch(.up, at: 202.1)).consumed)
    }

    @Test("a second finger that lands while the waking finger is down is swallowed too")
    func secondFingerDuringWake() {
        var power = ScreenPower(settings: settings, at: .zero)
        _ = power.advance(to: .seconds(40))   // dimmed
        #expect(power.handle(touch(.down, slot: 0, at: 41)).consumed)
        #expect(power.handle(touch(.down, slot: 1, at: 41.1)).consumed)
        #expect(power.handle(touch(.up, slot: 0, at: 41.2)).consumed)
        #expect(power.handle(touch(.move, slot: 1, at: 41.3)).consumed)
        #expect(power.handle(touch(.up, slot: 1, at: 41.4)).consumed)
        #expect(!power.handle(touch(.down, slot: 1, at: 42)).consumed)
    }

    @Test("input while on restarts the countdown; a finger held down holds it")
    func activityRestartsTimers() {
        var power = ScreenPower(settings: settings, at: .zero)
        _ = power.handle(touch(.down, at: 20))
        #expect(power.nextDeadline == nil)
        _ = power.handle(touch(.up, at: 25))
        #expect(power.nextDeadline == .seconds(55))
        #expect(!power.activity(at: .seconds(50)).consumed)
        #expect(power.nextDeadline == .seconds(80))
    }

    @Test("keep awake holds the screen on and wakes it; released, the countdown starts again")
    func keepAwake() {
        var power = ScreenPower(settings: settings, at: .zero)
        _ = power.advance(to: .seconds(200))
        #expect(power.keepAwake(true, at: .seconds(201)) == .init(state: .on, time: .seconds(201)))
        #expect(power.nextDeadline == nil)
        #expect(power.sleep(at: .seconds(300)) == nil)
        _ = power.keepAwake(false, at: .seconds(400))
        #expect(power.nextDeadline == .seconds(430))
    }

    @Test("wake and sleep from outside; a pointer press that wakes is not also a click")
    func wakeAndSleep() {
        var power = ScreenPower(settings: .alwaysOn, at: .zero)
        #expect(power.nextDeadline == nil)
        #expect(power.sleep(at: .seconds(1)) == .init(state: .off, time: .seconds(1)))
        #expect(power.activity(at: .seconds(2)) == (true, .init(state: .on, time: .seconds(2))))
        #expect(power.wake(at: .seconds(3)) == nil)
    }
}
