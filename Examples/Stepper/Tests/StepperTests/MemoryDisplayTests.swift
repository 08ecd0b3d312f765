import Stepper
import SwiftKiosk
import SwiftKioskBackend
import Testing

/// A display of the app's own, written against the implementor tier (SwiftKioskBackend) alone,
/// as Documentation/SwiftKiosk.docc/WritingABackend.md shows: frames go into memory, completed
/// one refresh after they were presented by the shared OutputPacer.
final class MemoryDisplay: DisplayBackend {
    let mode = OutputMode(width: 320, height: 240)
    let pacer = OutputPacer(completion: .afterRefresh(OutputPacer.fallbackRefreshInterval))
    private(set) var lastFrame: PixelBuffer?
    private(set) var stopped = false

    var name: String { "memory 320x240" }
    var output: OutputMode? { mode }
    var deliversInput: Bool { true }
    var statistics: PresentStatistics { pacer.statistics }
    var nextDeadline: Instant? { pacer.nextDeadline }

    func start(loop: EventLoop, events: BackendEvents) throws { pacer.start(events: events) }
    func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        guard pacer.admit(at: time) else { return }
        lastFrame = frame
        pacer.copy(damage) { rect in Int(rect.width * rect.height) * 4 }
        pacer.shown(fullFrameBytes: mode.width * mode.height * 4, at: time)
    }
    func advance(to time: Instant) { pacer.advance(to: time) }
    func finishPendingFrame() { pacer.finishPendingFrame() }
    func stop() {
        stopped = true
        pacer.stop()
    }
}

@Suite("A display of the app's own")
struct MemoryDisplayTests {
    @Test("Kiosk runs the stepper on a display the app wrote and stops it at the end")
    func stepperOnMemoryDisplay() throws {
        let display = MemoryDisplay()
        let kiosk = Kiosk(designSize: Size(320, 240), display: .custom { _ in display }) { size in
            Scene(designSize: size, screens: [Screen(id: "main", controls: [
                Stepper(id: "cups", frame: Rect(20, 90, 280, 60), value: 2, minimum: 0, maximum: 5),
            ])])
        }
        kiosk.until = Instant.milliseconds(100)   // the real clock: an app cannot pick the virtual one here
        #expect(try kiosk.run() == 0)
        #expect(display.statistics.framesPresented >= 1)
        #expect(display.lastFrame?.width == 320)
        #expect(display.stopped)
    }
}
