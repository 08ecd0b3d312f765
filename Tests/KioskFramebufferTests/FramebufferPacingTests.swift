import KioskBackend
import KioskCore
import KioskLoop
import Synchronization
@preconcurrency import Glibc
import Testing
@testable import KioskFramebuffer

/// Counts the blanks the backend's thread waited for.
private final class BlankCounter: Sendable {
    let count = Atomic<Int>(0)
}

@Suite("Framebuffer pacing")
struct FramebufferPacingTests {
    private func start(_ device: MemoryFramebuffer, loop: EventLoop) throws -> (FramebufferBackend, () -> [Instant]) {
        let backend = try FramebufferBackend(device: device)
        var done: [Instant] = []
        try backend.start(loop: loop, events: BackendEvents(
            frameDone: { done.append($0) }, outputChanged: { _ in }, input: { _ in }, closed: { _ in }))
        return (backend, { done })
    }

    private func frame(_ device: MemoryFramebuffer) throws -> PixelBuffer {
        try PixelBuffer(width: device.info.variable.xres, height: device.info.variable.yres, format: .xrgb32)
    }

    @Test("a driver with a vertical blank paces frames by it, waited for on another thread, with no deadline")
    func pacedByTheBlank() throws {
        let device = MemoryFramebuffer()
        let blanks = BlankCounter()
        device.verticalBlank = { blanks.count.add(1, ordering: .relaxed) }
        let loop = try EventLoop()
        let (backend, done) = try start(device, loop: loop)
        #expect(backend.name.hasSuffix("double-buffered vsync-paced"))
        backend.present(try frame(device), damage: DamageRegion(Rect(0, 0, 8, 4)), at: .milliseconds(5))
        // Nothing for the loop's clock to wait for: the blank arrives as a descriptor.
        #expect(backend.nextDeadline == nil)
        #expect(done().isEmpty)
        // Bounded (10 s): a blank that never comes fails the expectation below instead of hanging.
        for _ in 0..<50 where done().isEmpty { _ = try loop.runOnce(timeout: .milliseconds(200)) }
        #expect(done() == [.milliseconds(5)])   // no clock given: stamped with the present's time
        #expect(blanks.count.load(ordering: .relaxed) == 1)
        // The next frame may come, and is paced the same way.
        backend.present(try frame(device), damage: DamageRegion(Rect(0, 0, 1, 1)), at: .milliseconds(22))
        for _ in 0..<50 where done().count < 2 { _ = try loop.runOnce(timeout: .milliseconds(200)) }
        #expect(device.pans == [0, 4, 0])
        backend.stop()
    }

    @Test("idle, the waiting thread asks for no blank and the loop has nothing to do")
    func idleWaitsForNothing() throws {
        let device = MemoryFramebuffer()
        let blanks = BlankCounter()
        device.verticalBlank = { blanks.count.add(1, ordering: .relaxed) }
        let loop = try EventLoop()
        let (backend, _) = try start(device, loop: loop)
        #expect(try loop.runOnce(timeout: .zero) == 0)
        #expect(blanks.count.load(ordering: .relaxed) == 0)
        #expect(backend.nextDeadline == nil)
        backend.stop()
    }

    @Test("DRM's fbdev emulation is never asked for the blank (it answers at once): the timer paces")
    func emulationIsTimerPaced() throws {
        let device = MemoryFramebuffer(driver: "cirrusdrmfb")
        device.verticalBlank = {}
        let (backend, done) = try start(device, loop: try EventLoop())
        #expect(device.verticalBlankProbes == 0)
        #expect(backend.name.hasSuffix("timer-paced"))
        backend.present(try frame(device), damage: DamageRegion(Rect(0, 0, 8, 4)), at: .zero)
        #expect(backend.nextDeadline == .zero + .nanoseconds(16_666_667))
        backend.advance(to: .milliseconds(17))
        #expect(done() == [.zero + .nanoseconds(16_666_667)])
    }

    @Test("a driver without FBIO_WAITFORVSYNC is timer-paced")
    func noBlankIsTimerPaced() throws {
        let device = MemoryFramebuffer()
        let (backend, _) = try start(device, loop: try EventLoop())
        #expect(device.verticalBlankProbes == 1)
        #expect(backend.name.hasSuffix("double-buffered timer-paced"))
    }

    @Test("a frame finished early (a VT switch) does not let its late blank complete the next frame")
    func lateBlankIsNotTheNextFramesBlank() throws {
        let device = MemoryFramebuffer()
        let release = BlankGate()
        device.verticalBlank = { release.pass() }
        let loop = try EventLoop()
        let (backend, done) = try start(device, loop: loop)
        backend.present(try frame(device), damage: DamageRegion(Rect(0, 0, 8, 4)), at: .zero)
        backend.pause()
        try backend.resume()   // finishes the frame in flight at once
        #expect(done().count == 1)
        backend.present(try frame(device), damage: DamageRegion(Rect(0, 0, 8, 4)), at: .milliseconds(40))
        release.open()   // the first blank passes, then the second
        for _ in 0..<50 where done().count < 2 { _ = try loop.runOnce(timeout: .milliseconds(200)) }
        #expect(done().count == 2)
        // Both blanks were waited for before the second frame counted as done.
        #expect(release.passed.load(ordering: .relaxed) == 2)
        backend.stop()
    }
}

/// Holds the waiting thread until the test opens it.
private final class BlankGate: Sendable {
    let isOpen = Atomic<Bool>(false)
    let passed = Atomic<Int>(0)

    func pass() {
        while !isOpen.load(ordering: .acquiring) { sched_yield() }
        passed.add(1, ordering: .relaxed)
    }

    func open() { isOpen.store(true, ordering: .releasing) }
}
