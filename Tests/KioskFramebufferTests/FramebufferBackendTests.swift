import KioskBackend
import KioskCore
import KioskLoop
import Testing
@testable import KioskFramebuffer

/// What the backend told the runner.
private final class Recorder {
    var done: [Instant] = []
}

private func start(_ device: MemoryFramebuffer) throws -> (FramebufferBackend, Recorder) {
    let backend = try FramebufferBackend(device: device)
    let recorder = Recorder()
    try backend.start(loop: try EventLoop(), events: BackendEvents(
        frameDone: { recorder.done.append($0) }, outputChanged: { _ in }, input: { _ in }, closed: { _ in }))
    return (backend, recorder)
}

/// A frame of the device's size in one colour, with `spots` in others.
private func frame(_ device: MemoryFramebuffer, _ color: UInt32, spots: [(Int, Int, UInt32)] = []) throws -> PixelBuffer {
    let f = try PixelBuffer(width: device.info.variable.xres, height: device.info.variable.yres, format: .xrgb32)
    for y in 0..<f.height { for x in 0..<f.width { f.setPixel(x: x, y: y, color) } }
    for (x, y, c) in spots { f.setPixel(x: x, y: y, c) }
    return f
}

private func damage(_ rects: Rect...) -> DamageRegion {
    var region = DamageRegion()
    for r in rects { region.add(r) }
    return region
}

private let refresh = Duration.nanoseconds(16_666_667)
private let whole = damage(Rect(0, 0, 8, 4))

/// Presents `f` at `time` and lets its refresh interval pass.
private func show(_ backend: FramebufferBackend, _ f: PixelBuffer, _ region: DamageRegion, at time: Instant) {
    backend.present(f, damage: region, at: time)
    backend.advance(to: time + refresh)
}

@Suite("Framebuffer backend")
struct FramebufferBackendTests {
    @Test("with memory for two screens the virtual height is raised and every frame is panned to")
    func doubleBuffered() throws {
        let device = MemoryFramebuffer()
        let (backend, recorder) = try start(device)
        #expect(device.info.variable.yresVirtual == 8)
        #expect(device.unblanked)
        #expect(backend.name == "fbdev /dev/fb-test (Memory FB) 8x4@60 16 bpp RGB565 double-buffered timer-paced")
        let a = try frame(device, 0x0010_2030)
        backend.present(a, damage: whole, at: .zero)
        #expect(device.pans == [0, 4])
        #expect(device.shows(a, in: .rgb565))
        #expect(backend.nextDeadline == Instant.zero + refresh)
        backend.advance(to: .milliseconds(10))
        #expect(recorder.done.isEmpty)
        backend.advance(to: .milliseconds(17))
        #expect(recorder.done == [Instant.zero + refresh])
        #expect(backend.nextDeadline == nil)   // idle: nothing to wake up for
    }

    @Test("a page that comes back into use gets the damage it missed, so the screen always shows the last frame")
    func pagesCatchUp() throws {
        let device = MemoryFramebuffer()
        let (backend, _) = try start(device)
        let a = try frame(device, 0x0000_00FF)
        let b = try frame(device, 0x0000_00FF, spots: [(0, 0, 0x00FF_0000)])
        let c = try frame(device, 0x0000_00FF, spots: [(0, 0, 0x00FF_0000), (7, 3, 0x0000_FF00)])
        show(backend, a, whole, at: .zero)
        show(backend, b, damage(Rect(0, 0, 1, 1)), at: .milliseconds(100))
        #expect(device.shows(b, in: .rgb565))
        let before = backend.statistics.bytesCopied
        show(backend, c, damage(Rect(7, 3, 1, 1)), at: .milliseconds(200))
        #expect(device.shows(c, in: .rgb565))
        // The page with frame a needed b's spot and c's, two pixels of two bytes, nothing else.
        #expect(backend.statistics.bytesCopied - before == 4)
        #expect(device.pans == [0, 4, 0, 4])
        #expect(backend.statistics.framesPresented == 3 && backend.statistics.flipsCompleted == 3)
    }

    @Test("DRM's fbdev emulation refuses a taller screen: one page, drawn in place, the first frame whole")
    func singleBuffered() throws {
        let device = MemoryFramebuffer(memoryPages: 1)
        device.acceptsTallerScreen = false
        let (backend, recorder) = try start(device)
        #expect(backend.name.hasSuffix("single-buffered timer-paced"))
        #expect(device.info.variable.yresVirtual == 4 && device.pans.isEmpty)
        let a = try frame(device, 0x0080_8080)
        show(backend, a, damage(Rect(2, 2, 1, 1)), at: .zero)
        #expect(device.shows(a, in: .rgb565))
        #expect(backend.statistics.bytesCopied == 8 * 4 * 2)
        let b = try frame(device, 0x0080_8080, spots: [(2, 2, 0)])
        show(backend, b, damage(Rect(2, 2, 1, 1)), at: .milliseconds(50))
        #expect(device.shows(b, in: .rgb565))
        #expect(backend.statistics.bytesCopied == 8 * 4 * 2 + 2)
        #expect(backend.statistics.fullFrameBytes == 2 * 8 * 4 * 2)
        #expect(recorder.done.count == 2)
    }

    @Test("stop puts back the mode and the bytes the screen showed at start")
    func stopRestores() throws {
        let device = MemoryFramebuffer()
        let before = device.bytes
        let (backend, _) = try start(device)
        show(backend, try frame(device, 0x00FF_FFFF), whole, at: .zero)
        show(backend, try frame(device, 0x0000_0000), whole, at: .milliseconds(20))
        backend.stop()
        #expect(device.info.variable == device.original.variable)
        let line = device.info.fixed.lineLength
        for y in 0..<4 {
            let row = y * line
            #expect(Array(device.bytes[row..<(row + 16)]) == Array(before[row..<(row + 16)]), "row \(y)")
        }
        backend.stop()   // idempotent
    }

    @Test("while paused frames are dropped and done at once; after resume every page is written whole")
    func pauseAndResume() throws {
        let device = MemoryFramebuffer()
        let (backend, recorder) = try start(device)
        show(backend, try frame(device, 0x0000_00FF), whole, at: .zero)
        backend.pause()
        let untouched = device.bytes
        backend.present(try frame(device, 0x00FF_0000), damage: whole, at: .milliseconds(40))
        #expect(recorder.done.last == .milliseconds(40))
        #expect(device.bytes == untouched)
        #expect(backend.statistics.framesDropped == 1)
        // The other VT's console moved the pan meanwhile.
        try device.pan(x: 0, y: 0)
        try backend.resume()
        let copied = backend.statistics.bytesCopied
        let c = try frame(device, 0x0000_FF00)
        show(backend, c, damage(Rect(0, 0, 1, 1)), at: .milliseconds(100))
        #expect(backend.statistics.bytesCopied - copied == 8 * 4 * 2)
        #expect(device.shows(c, in: .rgb565))
    }

    @Test("a pan the driver refuses is counted; the frame is still done after its refresh interval")
    func refusedPan() throws {
        let device = MemoryFramebuffer()
        let (backend, recorder) = try start(device)
        device.canPan = false
        show(backend, try frame(device, 0), whole, at: .zero)
        #expect(backend.statistics.flipFailures == 1)
        #expect(backend.statistics.lastError?.contains("FBIOPAN_DISPLAY") == true)
        #expect(recorder.done == [Instant.zero + refresh])
    }

    @Test("colours come out right in the order the driver reports: BGR565")
    func bgrColours() throws {
        let bgr = try PixelLayout(bitsPerPixel: 16, red: .init(offset: 0, length: 5), green: .init(offset: 5, length: 6),
                                  blue: .init(offset: 11, length: 5))
        let device = MemoryFramebuffer(layout: bgr)
        let (backend, _) = try start(device)
        #expect(backend.name.contains("16 bpp BGR565"))
        show(backend, try frame(device, 0x00FF_0000, spots: [(1, 0, 0x0000_00FF)]), whole, at: .zero)
        #expect(device.visiblePixel(x: 0, y: 0) == 0x001F)
        #expect(device.visiblePixel(x: 1, y: 0) == 0xF800)
    }

    @Test("a missing node and a node that is not a framebuffer are refused with what to check")
    func badDevices() {
        #expect {
            try FramebufferBackend(devicePath: "/nonexistent/fb0")
        } throws: { error in
            "\(error)" == "cannot open the framebuffer: /nonexistent/fb0: open: No such file or directory"
                + " (is a framebuffer driver loaded? ls /dev/fb*; pick one with --fb-device)"
        }
        #expect {
            try FramebufferBackend(devicePath: "/dev/null")
        } throws: { error in
            "\(error)" == "/dev/null is not a framebuffer device (FBIOGET_FSCREENINFO: Inappropriate ioctl for device"
                + " (errno 25)); pick one with --fb-device /dev/fbN"
        }
        #expect(!FramebufferBackend.isFramebuffer("/dev/null"))
    }

    @Test("screen power: off is FBIOBLANK powerdown, on unblanks, dim asks nothing; stop unblanks a dark screen")
    func blanking() throws {
        let device = MemoryFramebuffer()
        let (backend, _) = try start(device)
        show(backend, try frame(device, 0), whole, at: .zero)
        backend.setScreenPower(.dimmed(0.3))
        #expect(device.blanks == ["unblank"])
        backend.setScreenPower(.off)
        #expect(device.poweredDown)
        backend.setScreenPower(.on)
        #expect(!device.poweredDown)
        backend.setScreenPower(.off)
        backend.stop()
        #expect(device.blanks == ["unblank", "powerdown", "unblank", "powerdown", "unblank"])
    }
}
