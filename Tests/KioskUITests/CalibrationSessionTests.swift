import Testing
import KioskCore
import KioskUI

@Suite("Calibration session")
struct CalibrationSessionTests {
    func tap(_ session: CalibrationSession, _ p: Point, at ms: Double) {
        session.handle(raw: TouchEvent(slot: 0, phase: .down, position: p, time: .milliseconds(ms)))
        session.handle(raw: TouchEvent(slot: 0, phase: .up, position: p, time: .milliseconds(ms + 50)))
    }

    @Test("four taps on the targets of a true panel give the identity")
    func identity() throws {
        let session = CalibrationSession(screenSize: Size(800, 480))
        var progress: [Int] = []
        session.onProgress = { progress.append($0) }
        for (i, t) in session.targets.enumerated() { tap(session, t, at: Double(i) * 500) }
        #expect(session.isComplete)
        #expect(progress == [1, 2, 3, 4])
        let m = try #require(session.matrix(panel: Size(800, 480), rotation: .none))
        for (v, e) in zip(m, [1.0, 0, 0, 0, 1, 0]) { #expect(abs(v - e) < 1e-9) }
    }

    @Test("a panel mounted at 90° whose sensor reads 5 % short is corrected in panel coordinates")
    func rotatedAndShort() throws {
        let panel = Size(480, 800)
        let session = CalibrationSession(screenSize: DisplayRotation.quarter.screenSize(forPanel: panel))
        let toPanel = DisplayRotation.quarter.screenToPanel(panel: panel)
        // The sensor reports 95 % of the true panel x.
        for (i, t) in session.targets.enumerated() {
            let truth = toPanel.apply(t)
            tap(session, Point(truth.x * 0.95, truth.y), at: Double(i) * 500)
        }
        let m = try #require(session.matrix(panel: panel, rotation: .quarter))
        #expect(abs(m[0] - 1 / 0.95) < 1e-9)
        #expect(abs(m[1]) < 1e-9 && abs(m[2]) < 1e-9 && abs(m[4] - 1) < 1e-9)
    }

    @Test("a second finger and a cancelled touch are not recorded")
    func onlyFirstFinger() {
        let session = CalibrationSession(screenSize: Size(800, 480))
        session.handle(raw: TouchEvent(slot: 0, phase: .down, position: Point(80, 48), time: .zero))
        session.handle(raw: TouchEvent(slot: 1, phase: .down, position: Point(500, 300), time: .zero))
        session.handle(raw: TouchEvent(slot: 1, phase: .up, position: Point(500, 300), time: .milliseconds(10)))
        session.handle(raw: TouchEvent(slot: 0, phase: .cancel, position: Point(80, 48), time: .milliseconds(20)))
        #expect(session.touched.isEmpty)
        session.handle(raw: TouchEvent(slot: 0, phase: .down, position: Point(81, 47), time: .milliseconds(30)))
        session.handle(raw: TouchEvent(slot: 0, phase: .move, position: Point(80, 48), time: .milliseconds(40)))
        session.handle(raw: TouchEvent(slot: 0, phase: .up, position: Point(0, 0), time: .milliseconds(50)))
        #expect(session.touched == [Point(80, 48)])   // where the finger was, not the up's stale position
    }
}
