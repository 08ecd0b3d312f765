@preconcurrency import Glibc
import KioskBackend
import KioskCore
@testable import KioskDRM
@testable import KioskFramebuffer
@testable import KioskWayland

/// A DRM card in memory: dumb buffers are plain memory, a flip is queued until the test
/// completes it (its event, stamped by the "kernel"), master comes and goes, and no event ever
/// arrives by itself (a backend that waits for one gives up, as on a hung device).
final class FakeCard: KMSScanout {
    let path = "/dev/dri/fake"
    let buffers: [ScanoutBuffer]
    var flipCompleted: ((_ seconds: UInt32, _ microseconds: UInt32) -> Void)?
    private(set) var flips: [Int] = []
    private(set) var modesets: [Int] = []
    private(set) var isMaster = true
    private(set) var released = false
    /// Every flip is refused with EACCES (master taken away before the pause arrives).
    var refusesFlips = false
    private var queued: Int?
    private let memory: [UnsafeMutableRawPointer]
    /// A pipe's read end: the backend registers it with its loop; nothing is ever written.
    private let pipe: (read: Int32, write: Int32)

    init(width: Int, height: Int, count: Int = 2) {
        let stride = width * 4
        memory = (0..<count).map { _ in UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16) }
        buffers = memory.map { ScanoutBuffer(bytes: $0, width: width, height: height, stride: stride, layout: .xrgb8888) }
        var fds: [Int32] = [0, 0]
        precondition(Glibc.pipe(&fds) == 0, "pipe")
        pipe = (fds[0], fds[1])
    }

    deinit {
        for block in memory { block.deallocate() }
        close(pipe.read)
        close(pipe.write)
    }

    var fileDescriptor: Int32 { pipe.read }
    var dpmsProperty: UInt32? { nil }

    func flip(to index: Int) -> KMSAnswer {
        if refusesFlips { return (EACCES, "drmModeAtomicCommit") }
        flips.append(index)
        queued = index
        return (0, "drmModeAtomicCommit")
    }

    /// The kernel's page-flip event for the queued flip, stamped `time` (the origin is 0).
    func completeFlip(at time: Instant) {
        guard queued != nil else { return }
        queued = nil
        let microseconds = time.nanoseconds / 1_000
        flipCompleted?(UInt32(microseconds / 1_000_000), UInt32(microseconds % 1_000_000))
    }

    func readEvents() {}
    func waitForEvent(milliseconds: Int32) -> Bool { false }
    func modeset(showing index: Int) throws(DRMError) { modesets.append(index) }
    func setPower(_ command: OutputPowerCommand) -> KMSAnswer { (0, "") }
    func becomeMaster() throws(DRMError) { isMaster = true }
    func dropMaster() { isMaster = false }
    func restoreSavedCRTC() -> DRMError? { nil }
    func release() { released = true }
}

/// An fbdev driver in memory with two screens of memory already: double-buffered by pans, and
/// paced by the timer at the table's 50 Hz (8 × 4 pixel clocks of 625 µs, no margins), or by
/// FBIO_WAITFORVSYNC when it has `verticalBlank`.
final class FakeFramebuffer: FramebufferDevice {
    let path = "/dev/fb-fake"
    /// What FBIO_WAITFORVSYNC does; nil: the driver has none (ENOTTY).
    var verticalBlank: (@Sendable () -> Void)?
    /// Every FBIOPAN_DISPLAY is refused with EINVAL.
    var refusesPans = false
    private var info: ScreenInfo
    private let original: ScreenInfo
    private let memory: UnsafeMutableRawPointer

    init(width: Int = frameSize.width, height: Int = frameSize.height) {
        let layout = PixelLayout.rgb565
        var variable = VariableScreenInfo(
            xres: width, yres: height, xresVirtual: width, yresVirtual: 2 * height, bitsPerPixel: 16,
            red: .init(offset: layout.red.offset, length: layout.red.length),
            green: .init(offset: layout.green.offset, length: layout.green.length),
            blue: .init(offset: layout.blue.offset, length: layout.blue.length))
        variable.pixclock = Int(refresh.nanoseconds * 1000) / (width * height)
        let fixed = FixedScreenInfo(id: "Fake FB", memoryLength: 2 * width * 2 * height, lineLength: 2 * width,
                                    xpanstep: 1, ypanstep: 1)
        info = ScreenInfo(variable: variable, fixed: fixed)
        original = info
        memory = .allocate(byteCount: fixed.memoryLength, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: fixed.memoryLength)
    }

    deinit { memory.deallocate() }

    func screenInfo() throws(FramebufferError) -> ScreenInfo { info }
    func setVirtualHeight(_ height: Int) throws(FramebufferError) { info.variable.yresVirtual = height }
    func restoreMode() throws(FramebufferError) { info.variable = original.variable }
    func pan(x: Int, y: Int) throws(FramebufferError) {
        if refusesPans { throw .callFailed(device: path, call: "FBIOPAN_DISPLAY", errno: EINVAL) }
        info.variable.yoffset = y
    }
    func unblank() {}
    func powerDown() -> Bool { true }
    func verticalBlankWait() -> (@Sendable () -> Void)? { verticalBlank }
    func map(length: Int) throws(FramebufferError) -> UnsafeMutableRawPointer { memory }
}

/// A Wayland surface without a compositor: three buffers the "compositor" never holds, and
/// the commits it was sent.
final class FakeSurface: FrameSurface {
    private let pixels: [PixelBuffer]
    private(set) var commits: [Int] = []
    private var next = 0

    init(width: Int, height: Int) {
        pixels = (0..<3).map { _ in try! PixelBuffer(width: width, height: height, format: .xrgb32) }
    }

    func freeBuffer(damage: DamageRegion) -> (index: Int, pixels: PixelBuffer, repaint: DamageRegion)? {
        let index = next
        next = (next + 1) % pixels.count
        return (index, pixels[index], DamageRegion(pixels[index].bounds))
    }

    func commit(_ index: Int, damage: DamageRegion, mode: OutputMode) { commits.append(index) }
}
