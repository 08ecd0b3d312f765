// Tests on a real DRM device. They run only when KIOSK_TEST_DRM_DEVICE names one (as in
// Weston's test suite); everywhere else they are skipped.
//
//   KIOSK_TEST_DRM_DEVICE=/dev/dri/card0       the card to drive (nobody else may be master)
//   KIOSK_TEST_SCREENDUMP=/path/to/program     optional: `program NAME` writes the scanout as a
//   KIOSK_TEST_SCREENDUMP_DIR=/dir             binary PPM to /dir/NAME; pixels are then checked
//   KIOSK_TEST_DRM_MASTER_PID=N                optional: process N is DRM master; only the
//                                              "in use" test runs, against it
//   KIOSK_TEST_VT=1                            optional: also switch VTs (root, VT console)
//
// scripts/vm-test.sh runs them in the QEMU guest's exec boot (Tests/VM/guest.sh,
// run_hardware_tests): the host's test binary on the guest's virtio-gpu card with screendumps
// (Tests/VM/screendump.sh) and VT switches, then `anotherProcessIsNamed` with the kiosk as the
// other master. A test skipped there fails the VM test; in `swift test` on a machine without
// the variables they are skipped.
import CDRMShim
import Foundation
@preconcurrency import Glibc
import KioskCore
@testable import KioskDevice
import CConsoleShim
import KioskBackend
import KioskLoop
import Synchronization
import Testing
@testable import KioskDRM

private let environment = ProcessInfo.processInfo.environment
private let hardwareDevice = environment["KIOSK_TEST_DRM_DEVICE"]
private let otherMasterPID = environment["KIOSK_TEST_DRM_MASTER_PID"].flatMap(Int.init)

private func monotonicNanoseconds() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
}

extension DRMBackend {
    /// The real card under the backend (a ``KMSScanout`` elsewhere only in the pacing tests).
    fileprivate var kmsCard: KMSCard { card as! KMSCard }
}

/// A backend on the test device with a clock starting now.
private func makeBackend(forceLegacy: Bool = false) throws -> (DRMBackend, () -> Instant) {
    let origin = monotonicNanoseconds()
    let now = { Instant(nanoseconds: monotonicNanoseconds() - origin) }
    let backend = try DRMBackend(options: DRMOptions(devicePath: hardwareDevice, forceLegacy: forceLegacy),
                                 opener: DirectOpener(), clockOrigin: origin, now: now)
    return (backend, now)
}

/// Polls the DRM descriptor until the pending flip completes (at most two seconds).
private func waitForFlip(_ backend: DRMBackend) {
    for _ in 0..<200 where backend.isFlipPending {
        var p = pollfd(fd: backend.fileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&p, 1, 10) > 0 { backend.handleEvents() }
    }
}

private func fill(_ buffer: PixelBuffer, _ rect: Rect, _ value: UInt32) {
    for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) { buffer.setPixel(x: x, y: y, value) }
    }
}

/// The scanout as the host sees it, or nil when no screendump command was given.
private func screendump(_ name: String) throws -> (width: Int, height: Int, rgb: [UInt8])? {
    guard let command = environment["KIOSK_TEST_SCREENDUMP"],
          let dir = environment["KIOSK_TEST_SCREENDUMP_DIR"] else { return nil }
    // posix_spawn rather than Foundation's Process, whose run loop needs a socket pair the
    // minimal guest could not create ("Could not create wakeup socket pair for CFSocket").
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup(command), strdup(name), nil]
    defer { argv.forEach { free($0) } }
    try #require(posix_spawn(&pid, command, nil, nil, argv, environ) == 0, "spawning \(command)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    try #require(status == 0, "screendump \(name) failed with status \(status)")
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
    // Binary PPM: "P6\n<w> <h>\n<max>\n" then RGB bytes.
    var fields: [String] = [], i = 0, current = ""
    while fields.count < 4 && i < data.count {
        let c = Character(UnicodeScalar(data[i]))
        if c == " " || c == "\n" || c == "\t" || c == "\r" {
            if !current.isEmpty { fields.append(current); current = "" }
        } else { current.append(c) }
        i += 1
    }
    try #require(fields.count == 4 && fields[0] == "P6")
    return (Int(fields[1])!, Int(fields[2])!, Array(data[i...]))
}

private func rgb(_ dump: (width: Int, height: Int, rgb: [UInt8]), _ x: Int, _ y: Int) -> UInt32 {
    let o = (y * dump.width + x) * 3
    return UInt32(dump.rgb[o]) << 16 | UInt32(dump.rgb[o + 1]) << 8 | UInt32(dump.rgb[o + 2])
}

@Suite("DRM/KMS on a real device", .serialized, .enabled(if: hardwareDevice != nil && otherMasterPID == nil))
struct HardwareTests {
    @Test("the outputs are listed with the connected one and its preferred mode")
    func listsOutputs() throws {
        let (device, outputs) = try DRMBackend.listOutputs(devicePath: hardwareDevice, opener: DirectOpener())
        print("outputs of \(device): \(outputs)")
        let connected = try #require(outputs.first { $0.connected })
        #expect(connected.preferredMode != nil)
        #expect(connected.crtcPossible)
    }

    @Test("frames reach the screen through flips; a reused buffer also gets the frame it missed",
          arguments: [false, true])
    func presentsAndFlips(forceLegacy: Bool) throws {
        let console = try screendump("console-\(forceLegacy ? "legacy" : "atomic").ppm")
        let (backend, now) = try makeBackend(forceLegacy: forceLegacy)
        let saved = try #require(backend.kmsCard.savedCRTC)
        print("backend: \(backend)")
        if forceLegacy { #expect(backend.modesetting == .legacy) }
        var flips: [Instant] = []
        // The loop only holds the descriptor: waitForFlip polls it and reads the events itself.
        let loop = try EventLoop()
        try backend.start(loop: loop, events: BackendEvents(frameDone: { flips.append($0) }, outputChanged: { _ in },
                                                            input: { _ in }, closed: { _ in }))
        let w = Int(backend.panelSize.width), h = Int(backend.panelSize.height)
        let shadow = try PixelBuffer(width: w, height: h, format: .xrgb32)
        fill(shadow, shadow.bounds, 0xFF_00_00_80)  // navy

        let before = now()
        backend.present(shadow, damage: DamageRegion(shadow.bounds), at: before)
        #expect(backend.isFlipPending)
        waitForFlip(backend)
        #expect(!backend.isFlipPending)
        let after = now()
        #expect(flips.count == 1)
        if let t = flips.first { #expect(t >= before && t <= after, "flip at \(t), presented at \(before), seen \(after)") }

        // Frame 2 into the other buffer: a red square. Frame 3 reuses the first buffer, which
        // never saw the red square: the damage ring must copy it along with the green one.
        let red = Rect(100, 100, 50, 50), green = Rect(300, 200, 40, 40)
        fill(shadow, red, 0xFF_FF_00_00)
        backend.present(shadow, damage: DamageRegion(red), at: now())
        waitForFlip(backend)
        fill(shadow, green, 0xFF_00_FF_00)
        backend.present(shadow, damage: DamageRegion(green), at: now())
        waitForFlip(backend)
        #expect(flips.count == 3)
        #expect(backend.lastFlip == flips.last)
        #expect(zip(flips, flips.dropFirst()).allSatisfy { $0 <= $1 })
        if let dump = try screendump("frames-\(backend.modesetting).ppm") {
            #expect(rgb(dump, 125, 125) == 0xFF_00_00, "the red square of frame 2 is on screen")
            #expect(rgb(dump, 320, 220) == 0x00_FF_00, "the green square of frame 3 is on screen")
            #expect(rgb(dump, 10, 10) == 0x00_00_80, "the background of frame 1 is on screen")
        }
        let stats = backend.statistics
        print("statistics: \(stats)")
        #expect(stats.framesPresented == 3 && stats.flipsCompleted == 3 && stats.flipFailures == 0)
        // Full frame into buffer 1, full into the never-used buffer 0, then red + green.
        #expect(stats.bytesCopied == (2 * w * h + 50 * 50 + 40 * 40) * 4)

        backend.restore()
        backend.restore()  // idempotent
        #expect(backend.pacer.phase == .stopped)
        // The CRTC shows the framebuffer it showed before (fbcon's), and so does the screen.
        let crtc = try #require(backend.kmsCard.device.savedCRTC(saved.id))
        #expect(crtc.bufferID == saved.bufferID && crtc.x == saved.x && crtc.y == saved.y)
        if let dump = try screendump("restored-\(backend.modesetting).ppm"), let console {
            #expect(rgb(dump, 125, 125) != 0xFF_00_00, "after restore the kiosk's frame is gone")
            // A blinking console cursor may differ; anything else may not.
            // Pixel by pixel as three byte slices: one `where` clause of six subscripts is more than
            // Swift 6.0 type-checks in time.
            var differing = 0
            for i in 0..<min(dump.rgb.count, console.rgb.count) / 3 {
                let pixel = 3 * i..<3 * i + 3
                if dump.rgb[pixel] != console.rgb[pixel] { differing += 1 }
            }
            #expect(differing < dump.width * dump.height / 100, "\(differing) pixels differ from the console")
        }
        // Frames after restore are dropped, not crashes.
        backend.present(shadow, damage: DamageRegion(red), at: now())
        #expect(!backend.isFlipPending)
    }

    @Test("a second master on the same device is refused as 'in use'")
    func secondMasterIsRefused() throws {
        let (first, _) = try makeBackend()
        defer { first.restore() }
        #expect {
            _ = try makeBackend()
        } throws: { error in
            print("second backend: \(error)")
            return "\(error)".hasPrefix("the display \(hardwareDevice!) is in use by another program (drmSetMaster:")
        }
    }

    @Test("after pause and resume the whole last frame is back on screen and flips go on")
    func pauseAndResume() throws {
        let (backend, now) = try makeBackend()
        defer { backend.restore() }
        let shadow = try PixelBuffer(width: Int(backend.panelSize.width), height: Int(backend.panelSize.height),
                                 format: .xrgb32)
        fill(shadow, shadow.bounds, 0xFF_40_40_40)
        backend.present(shadow, damage: DamageRegion(shadow.bounds), at: now())
        waitForFlip(backend)
        backend.pause()
        #expect(!backend.kmsCard.device.isMaster)
        // Frames while paused are dropped; their changes still show after resume.
        let square = Rect(200, 100, 60, 60)
        fill(shadow, square, 0xFF_FF_FF_00)
        backend.present(shadow, damage: DamageRegion(square), at: now())
        #expect(!backend.isFlipPending)
        #expect(backend.statistics.framesDropped == 1)
        try backend.resume()
        #expect(backend.kmsCard.device.isMaster)
        if let dump = try screendump("resumed.ppm") {
            #expect(rgb(dump, 230, 130) == 0xFF_FF_00)
            #expect(rgb(dump, 10, 10) == 0x40_40_40)
        }
        backend.present(shadow, damage: DamageRegion(Rect(0, 0, 1, 1)), at: now())
        waitForFlip(backend)
        #expect(backend.statistics.flipsCompleted == 2)
    }

    @Test("a backend started paused leaves the screen alone until resume shows the last frame")
    func startsPaused() throws {
        let origin = monotonicNanoseconds()
        let backend = try DRMBackend(options: DRMOptions(devicePath: hardwareDevice), opener: DirectOpener(),
                                     clockOrigin: origin, startPaused: true)
        defer { backend.restore() }
        let saved = try #require(backend.kmsCard.savedCRTC)
        #expect(backend.kmsCard.device.savedCRTC(saved.id)?.bufferID == saved.bufferID, "no modeset yet")
        let shadow = try PixelBuffer(width: Int(backend.panelSize.width), height: Int(backend.panelSize.height),
                                 format: .xrgb32)
        fill(shadow, shadow.bounds, 0xFF_80_00_80)
        backend.present(shadow, damage: DamageRegion(Rect(0, 0, 1, 1)), at: .zero)
        #expect(backend.statistics.framesDropped == 1)
        try backend.resume()
        if let dump = try screendump("started-paused.ppm") {
            #expect(rgb(dump, 400, 240) == 0x80_00_80)
        }
    }

    @Test("on a VT: graphics mode, a switch away pauses, a switch back resumes", .enabled(if: environment["KIOSK_TEST_VT"] == "1"))
    func virtualTerminalSwitch() throws {
        let vt = try #require(VirtualTerminal(path: nil), "no VT found")
        print("VT: \(vt.path)")
        let (backend, now) = try makeBackend()
        defer { backend.restore() }
        // The kernel signals the process; a handler (not a default action) must be in place.
        signal(SIGUSR1, { _ in vtSignals.add(1, ordering: .relaxed) })
        signal(SIGUSR2, { _ in vtSignals.add(100, ordering: .relaxed) })
        defer { signal(SIGUSR1, SIG_DFL); signal(SIGUSR2, SIG_DFL) }
        try vt.enterGraphicsMode()
        defer { vt.restore() }
        var mode: Int32 = -1
        let probe = open(vt.path, O_RDONLY | O_NOCTTY)
        defer { close(probe) }
        _ = kiosk_vt_get_kd_mode(probe, &mode)
        #expect(mode == KIOSK_KD_GRAPHICS)

        let shadow = try PixelBuffer(width: Int(backend.panelSize.width), height: Int(backend.panelSize.height),
                                 format: .xrgb32)
        fill(shadow, shadow.bounds, 0xFF_00_80_00)
        backend.present(shadow, damage: DamageRegion(shadow.bounds), at: now())
        waitForFlip(backend)

        let other = vt.number == 2 ? 3 : 2
        _ = kiosk_vt_activate(probe, Int32(other))
        #expect(waitUntil { vtSignals.load(ordering: .relaxed) == 1 }, "SIGUSR1 (release) arrived")
        backend.pause()
        vt.acknowledgeRelease()
        #expect(waitUntil { VirtualTerminal.activeVT() == other }, "the switch away completed")

        _ = kiosk_vt_activate(probe, Int32(vt.number))
        #expect(waitUntil { vtSignals.load(ordering: .relaxed) == 101 }, "SIGUSR2 (acquire) arrived")
        vt.acknowledgeAcquire()
        try backend.resume()
        #expect(VirtualTerminal.activeVT() == vt.number)
        if let dump = try screendump("vt-back.ppm") {
            #expect(rgb(dump, 10, 10) == 0x00_80_00)
        }
        vt.restore()
        _ = kiosk_vt_get_kd_mode(probe, &mode)
        #expect(mode == KIOSK_KD_TEXT)
    }
}

private let vtSignals = Atomic<Int>(0)

private func waitUntil(seconds: Double = 3, _ condition: () -> Bool) -> Bool {
    for _ in 0..<Int(seconds * 100) {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

@Test("with another process as DRM master the error names its PID and command",
      .enabled(if: hardwareDevice != nil && otherMasterPID != nil))
func anotherProcessIsNamed() {
    #expect {
        _ = try makeBackend()
    } throws: { error in
        print("in use: \(error)")
        return "\(error)".contains("is in use by PID \(otherMasterPID!) (")
    }
}
