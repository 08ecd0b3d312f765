import KioskBackend
import KioskCore
import KioskLoop
@testable import KioskDRM
@testable import KioskFramebuffer
@testable import KioskWayland

/// A backend's pacing with its device faked, as the table drives it: what the runner does to
/// it, what the device says, and what the runner heard back.
protocol PacedOutput: AnyObject {
    /// True when nothing reports a frame done and a timer does it (``OutputPacer/Completion``).
    var isTimerPaced: Bool { get }
    func present(at time: Instant)
    /// The device is done with the frame at `time` (a timer-paced output: the loop reaches it).
    func outputDone(at time: Instant)
    func pause()
    func resume() throws
    func stop()
    func finishPendingFrame()
    var nextDeadline: Instant? { get }
    var statistics: PresentStatistics { get }
    /// The `frameDone` times the runner heard, in order.
    var done: [Instant] { get }
}

/// Which backend a row of the table runs on.
enum BackendKind: String, Sendable, CaseIterable, CustomStringConvertible {
    case headless, framebuffer, framebufferVsync = "framebuffer vsync", drm, wayland

    var description: String { rawValue }

    func make() throws -> PacedOutput {
        switch self {
        case .headless: try PacedHeadless()
        case .framebuffer: try PacedFramebuffer()
        case .framebufferVsync: try PacedVsyncFramebuffer()
        case .drm: try PacedDRM()
        case .wayland: try PacedWayland()
        }
    }
}

/// What the runner hears from a backend.
final class RunnerEar {
    var done: [Instant] = []
    var events: BackendEvents {
        BackendEvents(frameDone: { [unowned self] in done.append($0) }, outputChanged: { _ in }, input: { _ in },
                      closed: { _ in })
    }
}

let frameSize = (width: 8, height: 4)

private func wholeFrame() throws -> (PixelBuffer, DamageRegion) {
    let frame = try PixelBuffer(width: frameSize.width, height: frameSize.height, format: .xrgb32)
    return (frame, DamageRegion(frame.bounds))
}

/// Shared by the backends that are a ``DisplayBackend`` the runner drives directly.
class PacedDisplay: PacedOutput {
    let backend: DisplayBackend
    let ear = RunnerEar()
    let loop: EventLoop
    let frame: PixelBuffer
    let damage: DamageRegion
    var isTimerPaced: Bool { false }

    init(_ backend: DisplayBackend) throws {
        self.backend = backend
        loop = try EventLoop()
        (frame, damage) = try wholeFrame()
        try backend.start(loop: loop, events: ear.events)
    }

    func present(at time: Instant) { backend.present(frame, damage: damage, at: time) }
    func outputDone(at time: Instant) { backend.advance(to: time) }
    func pause() { backend.pause() }
    func resume() throws { try backend.resume() }
    func stop() { backend.stop() }
    func finishPendingFrame() { backend.finishPendingFrame() }
    var nextDeadline: Instant? { backend.nextDeadline }
    var statistics: PresentStatistics { backend.statistics }
    var done: [Instant] { ear.done }
}

/// The in-memory display: its virtual vertical blank is the timer.
final class PacedHeadless: PacedDisplay {
    init() throws {
        try super.init(try HeadlessBackend(width: frameSize.width, height: frameSize.height, refreshInterval: refresh))
    }
    override var isTimerPaced: Bool { true }
}

/// `/dev/fbN` without FBIO_WAITFORVSYNC, in memory: pans, and the timer.
final class PacedFramebuffer: PacedDisplay {
    let device = FakeFramebuffer()

    init() throws { try super.init(try FramebufferBackend(device: device)) }
    override var isTimerPaced: Bool { true }
}

/// The time a test says it is: the loop's clock, for a backend that reads it when a report
/// has no stamp of its own (the framebuffer's vertical blank).
final class TestClock {
    var now = Instant.zero
}

/// `/dev/fbN` with FBIO_WAITFORVSYNC: each blank passes at once on the waiter's thread, and the
/// backend hears of it when the loop runs, which the test does when the output is "done".
final class PacedVsyncFramebuffer: PacedDisplay {
    let framebuffer: FramebufferBackend
    let device: FakeFramebuffer
    let clock: TestClock

    init() throws {
        let device = FakeFramebuffer()
        device.verticalBlank = {}
        self.device = device
        let clock = TestClock()
        self.clock = clock
        framebuffer = try FramebufferBackend(device: device, now: { clock.now })
        try super.init(framebuffer)
    }

    override func outputDone(at time: Instant) {
        clock.now = time
        var turns = 0
        while framebuffer.blanksOutstanding > 0 && framebuffer.pacer.phase != .stopped && turns < 100 {
            _ = try? loop.runOnce(timeout: .seconds(5))
            turns += 1
        }
    }
}

/// DRM on a fake card: flips are queued, and their events come when the test says.
final class PacedDRM: PacedDisplay {
    let card: FakeCard

    init() throws {
        let card = FakeCard(width: frameSize.width, height: frameSize.height)
        self.card = card
        try super.init(try DRMBackend(card: card, outputName: "Fake-1 8x4@60", refreshInterval: refresh,
                                      modesetting: .atomic, format: .xrgb8888, clockOrigin: 0,
                                      monotonicTimestamps: true, now: nil, startPaused: false))
    }

    /// The flip's event, stamped by the kernel (CLOCK_MONOTONIC; the origin is 0).
    override func outputDone(at time: Instant) { card.completeFlip(at: time) }
}

/// Wayland's frames on a fake surface: commits are taken, and frame callbacks come when the
/// test says. (``WaylandBackend`` itself needs a compositor: scripts/wayland-test.sh.)
final class PacedWayland: PacedOutput {
    let surface = FakeSurface(width: frameSize.width, height: frameSize.height)
    let presenter: SurfacePresenter
    let ear = RunnerEar()
    let frame: PixelBuffer
    let damage: DamageRegion
    var isTimerPaced: Bool { false }

    init() throws {
        presenter = SurfacePresenter(surface: surface, now: { .zero })
        presenter.pacer.start(events: ear.events)
        (frame, damage) = try wholeFrame()
    }

    func present(at time: Instant) {
        presenter.present(frame, damage: damage, at: time,
                          mode: OutputMode(width: frameSize.width, height: frameSize.height))
    }
    func outputDone(at time: Instant) { presenter.frameCallbackDone(at: time) }
    // What WaylandBackend's pause, resume, stop and finishPendingFrame do.
    func pause() { presenter.pause() }
    func resume() { presenter.resume() }
    func stop() { presenter.stop() }
    func finishPendingFrame() { presenter.finishPendingFrame() }
    var nextDeadline: Instant? { presenter.pacer.nextDeadline }
    var statistics: PresentStatistics { presenter.pacer.statistics }
    var done: [Instant] { ear.done }
}
