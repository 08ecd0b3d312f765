import Testing
import KioskBackend
import KioskCore
import KioskLoop
import KioskService
import KioskUI

/// A display of an app's own, written against the backend seam alone: frames into memory,
/// paced by the shared `OutputPacer` as a 60 Hz panel would be.
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

@Suite("A display of an app's own")
struct CustomDisplayTests {
    @Test("Kiosk runs a scene on a display an app wrote, paced by OutputPacer, and stops it at the end")
    func customDisplay() throws {
        let display = MemoryDisplay()
        let label = Label(id: "hello", frame: Rect(10, 10, 200, 40), text: "Hello")
        let kiosk = Kiosk(designSize: Size(320, 240), display: .custom { _ in display }) { size in
            Scene(designSize: size, screens: [Screen(id: "main", controls: [label])])
        }
        kiosk.clock = .virtual
        kiosk.until = .milliseconds(100)
        #expect(try kiosk.run() == 0)
        #expect(display.statistics.framesPresented >= 1)
        #expect(display.lastFrame?.width == 320)
        #expect(display.stopped)
    }
}
