import Testing
import KioskCore

@Suite("Calibration solver")
struct CalibrationSolverTests {
    let targets = [Point(0.1, 0.1), Point(0.9, 0.1), Point(0.9, 0.9), Point(0.1, 0.9)]

    @Test("touches that hit the targets exactly give the identity")
    func identity() throws {
        let m = try #require(CalibrationSolver.solve(touched: targets, targets: targets))
        for (v, e) in zip(m, [1.0, 0, 0, 0, 1, 0]) { #expect(abs(v - e) < 1e-9) }
    }

    @Test("a sensor that reads scaled and shifted is undone")
    func scaledAndShifted() throws {
        // The sensor reports x' = 0.9x + 0.05, y' = 1.1y − 0.02.
        let touched = targets.map { Point(0.9 * $0.x + 0.05, 1.1 * $0.y - 0.02) }
        let m = try #require(CalibrationSolver.solve(touched: touched, targets: targets))
        for (p, t) in zip(touched, targets) {
            #expect(abs(m[0] * p.x + m[1] * p.y + m[2] - t.x) < 1e-9)
            #expect(abs(m[3] * p.x + m[4] * p.y + m[5] - t.y) < 1e-9)
        }
    }

    @Test("a sensor with swapped axes is undone")
    func swappedAxes() throws {
        let touched = targets.map { Point($0.y, $0.x) }
        let m = try #require(CalibrationSolver.solve(touched: touched, targets: targets))
        for (v, e) in zip(m, [0.0, 1, 0, 1, 0, 0]) { #expect(abs(v - e) < 1e-9) }
    }

    @Test("touches all on one line cannot calibrate")
    func degenerate() {
        let line = [Point(0.1, 0.1), Point(0.2, 0.2), Point(0.3, 0.3), Point(0.4, 0.4)]
        #expect(CalibrationSolver.solve(touched: line, targets: targets) == nil)
        #expect(CalibrationSolver.solve(touched: Array(targets.prefix(2)), targets: Array(targets.prefix(2))) == nil)
    }
}
