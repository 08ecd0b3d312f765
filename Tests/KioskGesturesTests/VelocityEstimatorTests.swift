import KioskCore
import Testing
@testable import KioskGestures

@Suite("Velocity estimate")
struct VelocityEstimatorTests {
    /// Samples of a finger moving at `velocity` px/s from `origin`, every `stepMs`.
    func constantDrag(velocity: Point, from startMs: Double, to endMs: Double, stepMs: Double,
                      origin: Point = Point(100, 200), window: Duration = .milliseconds(100)) -> VelocityEstimator {
        var estimator = VelocityEstimator(window: window)
        var t = startMs
        while t <= endMs {
            estimator.add(origin + velocity * ((t - startMs) / 1000), at: ms(t))
            t += stepMs
        }
        return estimator
    }

    @Test("a constant-speed drag gives exactly that speed",
          arguments: [Point(1000, 0), Point(0, -250), Point(300, 400), Point(-1234.5, 42)])
    func constantSpeed(velocity: Point) {
        let estimator = constantDrag(velocity: velocity, from: 0, to: 200, stepMs: 8)
        #expect(isClose(estimator.velocity(at: ms(200)), velocity, within: 1e-6))
    }

    @Test("the estimate is the same at the last sample and a little after it")
    func queryAfterLastSample() {
        let estimator = constantDrag(velocity: Point(600, 0), from: 0, to: 160, stepMs: 16)
        // The release usually comes one report period after the last move.
        #expect(isClose(estimator.velocity(at: ms(176)), Point(600, 0), within: 1e-6))
    }

    @Test("only samples inside the window count, so a speed-up is seen at once")
    func windowExcludesOlderSamples() {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        // 200 ms slow (100 px/s), then 100 ms fast (2000 px/s).
        for i in 0...20 { estimator.add(Point(Double(i), 0), at: ms(Double(i) * 10)) }
        for i in 1...10 { estimator.add(Point(20 + Double(i) * 20, 0), at: ms(200 + Double(i) * 10)) }
        #expect(isClose(estimator.velocity(at: ms(300)), Point(2000, 0), within: 1e-6))
    }

    @Test("a finger that stopped before the query has zero velocity")
    func stoppedFinger() {
        let estimator = constantDrag(velocity: Point(1500, 0), from: 0, to: 100, stepMs: 10)
        #expect(estimator.velocity(at: ms(201)) == .zero)
    }

    @Test("fewer than two samples in the window give zero velocity")
    func tooFewSamples() {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        #expect(estimator.velocity(at: ms(0)) == .zero)
        estimator.add(Point(0, 0), at: ms(0))
        #expect(estimator.velocity(at: ms(10)) == .zero)
        estimator.add(Point(50, 0), at: ms(150))
        // The first sample is now outside the window: one sample left.
        #expect(estimator.velocity(at: ms(160)) == .zero)
    }

    @Test("samples at the same instant give zero velocity instead of dividing by zero")
    func sameInstant() {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        estimator.add(Point(0, 0), at: ms(10))
        estimator.add(Point(30, 0), at: ms(10))
        #expect(estimator.velocity(at: ms(10)) == .zero)
    }

    @Test("least squares averages out a pixel of jitter")
    func jitter() {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        for i in 0...12 {
            let jitter = i.isMultiple(of: 2) ? 1.0 : -1.0
            estimator.add(Point(Double(i) * 4 + jitter, 0), at: ms(Double(i) * 8))   // 500 px/s
        }
        #expect(abs(estimator.velocity(at: ms(96)).x - 500) < 15)
    }

    @Test("samples older than the window are dropped as new ones arrive")
    func pruning() {
        let estimator = constantDrag(velocity: Point(100, 0), from: 0, to: 1000, stepMs: 1)
        #expect(estimator.samples.count == 101)
        #expect(estimator.samples.first?.time == ms(900))
    }

    @Test("a sample from the past starts the history afresh")
    func timeGoingBackwards() {
        var estimator = constantDrag(velocity: Point(1000, 0), from: 100, to: 200, stepMs: 10)
        estimator.add(Point(0, 0), at: ms(50))
        #expect(estimator.samples.count == 1)
        #expect(estimator.velocity(at: ms(50)) == .zero)
        estimator.add(Point(0, 10), at: ms(60))
        #expect(isClose(estimator.velocity(at: ms(60)), Point(0, 1000)))
    }

    @Test("reset forgets every sample")
    func reset() {
        var estimator = constantDrag(velocity: Point(1000, 0), from: 0, to: 100, stepMs: 10)
        estimator.reset()
        #expect(estimator.samples.isEmpty)
        #expect(estimator.velocity(at: ms(100)) == .zero)
    }
}
