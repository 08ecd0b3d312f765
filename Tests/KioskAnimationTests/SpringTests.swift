import KioskCore
import Testing
@testable import KioskAnimation

private let step120 = Duration.nanoseconds(1_000_000_000 / 120)

/// Steps `spring` from `start` towards `target` at 120 Hz until settled (or `limit` steps);
/// returns every position and the number of steps taken.
private func run(_ spring: Spring, from start: SpringState, to target: Double, tolerance: Double,
                 limit: Int = 2_000) -> (positions: [Double], steps: Int) {
    var state = start
    var positions = [state.position]
    var steps = 0
    while !spring.isSettled(state, target: target, tolerance: tolerance), steps < limit {
        state = spring.step(state, target: target, dt: step120)
        positions.append(state.position)
        steps += 1
    }
    return (positions, steps)
}

@Test("response and damping ratio convert to stiffness and damping as SwiftUI does")
func responseConversion() {
    let spring = Spring(response: .seconds(0.5), dampingRatio: 0.8)
    // ω = 2π / 0.5 s; k = ω²·m, c = 2·ζ·ω·m.
    let omega = 2 * Double.pi / 0.5
    #expect(abs(spring.stiffness - omega * omega) < 1e-9)
    #expect(abs(spring.damping - 2 * 0.8 * omega) < 1e-9)
    #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
    #expect(abs(spring.response.inSeconds - 0.5) < 1e-9)
}

@Test("the default spring is just short of critically damped")
func defaultSpring() {
    let spring = Spring()
    #expect(spring.dampingRatio > 0.99 && spring.dampingRatio <= 1)
}

@Test("a critically damped spring settles without overshoot")
func criticallyDampedSettles() {
    let spring = Spring(response: .seconds(0.4), dampingRatio: 1)
    let (positions, steps) = run(spring, from: SpringState(position: 0), to: 100, tolerance: 0.5)
    #expect(positions.allSatisfy { $0 <= 100 })
    // Never moves backwards either.
    #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 })
    // Critically damped, the distance left is (1 + ω·t)·e^(−ω·t): below 0.5 % after ω·t ≈ 7.4,
    // i.e. 0.47 s for ω = 2π / 0.4 s.
    #expect(steps > 40 && steps < 70, "settled after \(steps) steps")
}

@Test("an underdamped spring overshoots once and settles")
func underdampedOvershootsOnce() {
    let zeta = 0.7
    let spring = Spring(response: .seconds(0.4), dampingRatio: zeta)
    let tolerance = 0.5
    let (positions, steps) = run(spring, from: SpringState(position: 0), to: 100, tolerance: tolerance)
    #expect(steps < 2_000)
    // Count the times the value swings more than the tolerance beyond the target.
    var excursions = 0
    var outside = false
    for p in positions {
        let beyond = p > 100 + tolerance
        if beyond && !outside { excursions += 1 }
        outside = beyond
    }
    #expect(excursions == 1)
    // The swing back below the target (0.2 %) stays within the tolerance.
    let peakIndex = positions.firstIndex(of: positions.max()!)!
    #expect(positions[peakIndex...].allSatisfy { $0 >= 100 - tolerance })
    // The peak overshoot of a damped oscillator is e^(−πζ / √(1 − ζ²)) of the distance: 4.6 % here.
    let expected = 100 * (-Double.pi * zeta / (1 - zeta * zeta).squareRoot()).exponentialApproximation
    #expect(abs(positions.max()! - 100 - expected) < 0.05, "peak \(positions.max()!), expected \(100 + expected)")
}

@Test("a starting velocity carries the value past its start before the spring pulls it back")
func releaseVelocityCarriesOn() {
    let spring = Spring()
    var state = SpringState(position: 0, velocity: 500)
    var furthest = 0.0
    for _ in 0..<120 {
        state = spring.step(state, target: 0, dt: step120)
        furthest = max(furthest, state.position)
    }
    #expect(furthest > 10)
    #expect(abs(state.position) < 1)
}

@Test("a step is the exact solution of the spring equation")
func stepIsExact() {
    // Critically damped from rest: x(t) = target − d·(1 + ω·t)·e^(−ω·t).
    let spring = Spring(response: .seconds(0.5), dampingRatio: 1)
    let omega = spring.angularFrequency
    let state = spring.step(SpringState(position: 0), target: 1, dt: .milliseconds(250))
    let t = 0.25
    let exact = 1 - (1 + omega * t) * (-omega * t).exponentialApproximation
    #expect(abs(state.position - exact) < 1e-12, "\(state.position) vs \(exact)")
}

@Test("a spring follows the same path whatever the step size")
func stepSizeDoesNotChangeThePath() {
    let spring = Spring(response: .seconds(0.3), dampingRatio: 0.5)
    let start = SpringState(position: 0, velocity: 40)
    let once = spring.step(start, target: 1, dt: .milliseconds(100))
    var many = start
    for _ in 0..<100 { many = spring.step(many, target: 1, dt: .milliseconds(1)) }
    #expect(abs(once.position - many.position) < 1e-9)
    #expect(abs(once.velocity - many.velocity) < 1e-9)
}

@Test("a very stiff spring stepped over a long stall stays finite and arrives")
func longStepStaysStable() {
    // ω·dt ≈ 63: explicit integrators blow up here; the exact step cannot.
    let stiff = Spring(response: .seconds(0.02), dampingRatio: 0.3)
    let state = stiff.step(SpringState(position: 0), target: 1, dt: .milliseconds(200))
    #expect(state.position.isFinite && state.velocity.isFinite)
    #expect(abs(state.position - 1) < 1e-3)
}

@Test("an undamped spring keeps its energy for many periods")
func undampedSpringKeepsEnergy() {
    let spring = Spring(stiffness: 100, damping: 0)
    var state = SpringState(position: 1)
    for _ in 0..<(120 * 20) { state = spring.step(state, target: 0, dt: step120) }
    // Energy ∝ k·x² + m·v²; it starts at k·1².
    let energy = 100 * state.position * state.position + state.velocity * state.velocity
    #expect(abs(energy - 100) < 1e-6)
}

@Test("a dragged value springs back and lands exactly on its target")
func springValueLandsExactly() {
    let offset = SpringValue(value: 120, target: 0, velocity: -300, tolerance: 0.5)
    var steps = 0
    while !offset.isSettled, steps < 1_000 {
        offset.step(step120)
        steps += 1
    }
    #expect(offset.value == 0)
    #expect(offset.velocity == 0)
    #expect(steps < 120)
}

@Test("retargeting a spring value mid-flight keeps its position and velocity")
func springValueRetargets() {
    let value = SpringValue(value: 0, target: 100)
    for _ in 0..<10 { value.step(step120) }
    let before = value.state
    value.target = 0
    #expect(value.state == before)
    value.step(step120)
    // Still moving up for a moment: the velocity carried over.
    #expect(value.value > before.position)
}

@Test("a settled spring value stays put and costs nothing to step")
func settledValueStaysPut() {
    let value = SpringValue(value: 3)
    #expect(value.isSettled)
    value.step(step120)
    #expect(value.value == 3)
}

private extension Double {
    /// e^self by its Taylor series after halving the argument until small (the stdlib has no exp).
    var exponentialApproximation: Double {
        var x = self
        var halvings = 0
        while abs(x) > 0.01 { x /= 2; halvings += 1 }
        var sum = 1.0, term = 1.0
        for n in 1...12 { term *= x / Double(n); sum += term }
        for _ in 0..<halvings { sum *= sum }
        return sum
    }
}
