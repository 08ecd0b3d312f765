@preconcurrency import Glibc
import KioskBackend
import KioskCore
import KioskDevice
import KioskLoop

/// A ``DisplayBackend`` on the Linux framebuffer (`/dev/fbN`): boards and small LCDs without
/// KMS, and the fbdev emulation of DRM drivers. Input comes from libinput through the runner,
/// as on DRM; the console is the runner's session (KD_GRAPHICS on the VT).
///
/// Life cycle, as the runner uses it (see ``DisplayBackend``):
///
///     let backend = try FramebufferBackend(devicePath: "/dev/fb0")  // open, check, map, save the screen
///     try backend.start(loop: loop, events: events)   // unblank; two pages if the driver allows
///     backend.present(shadow, damage: damage, at: now) // convert the damage, pan; frameDone one refresh later
///     … VT switch: backend.pause() / try backend.resume() …
///     backend.stop()                                   // the mode and the screen as they were
///
/// Pixels: the damaged rectangles of the XRGB8888 shadow buffer are written in the driver's own
/// layout (``PixelLayout`` from the `red`/`green`/`blue` offsets and lengths it reports: RGB565,
/// BGR orders, 24 or 32 bpp), rows `line_length` apart; video memory is never read, except
/// once at start to save what the screen showed.
///
/// Double buffering: when the virtual screen can hold two pages (``FramebufferGeometry``; at
/// start the backend asks for a virtual height of two screens when the memory allows it), each
/// frame is written into the page not on screen, brought up to date with the damage it missed
/// (``SwapChain``, as DRM's dumb buffers), and shown with FBIOPAN_DISPLAY. Otherwise the one
/// visible page is written in place.
///
/// Pacing: where the driver has a vertical blank interrupt (FBIO_WAITFORVSYNC answers), a frame
/// is done at the blank after its pan: a thread of its own waits for it
/// (``VerticalBlankWaiter``), since the ioctl blocks for up to a frame and would stall input
/// and the loop. Otherwise a frame is done one refresh interval after it was presented
/// (``nextDeadline`` and ``advance(to:)``): a pan is latched at the next blank on the drivers
/// that latch at all, so by then the old page is free. DRM's fbdev emulation (driver names
/// ending in `drmfb`) is never asked: it answers FBIO_WAITFORVSYNC at once, without error, when
/// the CRTC has no vblank interrupt (cirrus, virtio-gpu), which would not pace anything. With
/// nothing presented there is no deadline and no waiting: an idle kiosk does not wake up.
package final class FramebufferBackend: DisplayBackend {
    /// The framebuffer `--backend fbdev` and `auto` use when `--fb-device` does not say.
    package static let defaultDevice = "/dev/fb0"

    /// The frame in flight, the session's pause and the statistics; frames are done at the
    /// vertical blank the waiter reports, or by its timer.
    let pacer: OutputPacer
    let device: FramebufferDevice
    /// The screen when the device was opened: what `stop()` puts back.
    let initialGeometry: FramebufferGeometry
    /// The screen as the kiosk uses it now (two pages once the virtual height was raised).
    private(set) var geometry: FramebufferGeometry
    /// The pages, as scanout buffers over the mapping; one, or two with ``swapChain``.
    private var pages: [ScanoutBuffer] = []
    private(set) var swapChain: SwapChain?
    /// Single page: its contents are not the last frame (at start, after a VT switch).
    private var pageIsStale = true
    /// The backend asked the driver for a taller virtual screen: `stop()` puts the mode back.
    private var changedMode = false
    /// FBIOBLANK powered the screen down: `stop()` and `.on` unblank it.
    private var poweredDown = false
    private var memory: UnsafeMutableRawPointer
    /// The visible area's bytes at start, row after row (`width × bytes per pixel` each).
    private let savedScreen: [UInt8]
    private let now: (() -> Instant)?
    /// Paces frames by the vertical blank where the driver has one (nil: by the timer).
    private var blankWaiter: VerticalBlankWaiter?
    /// Blanks asked of the waiter and not yet reported: one left over from a frame finished
    /// early (a VT switch) must not complete the next frame before its own blank.
    private(set) var blanksOutstanding = 0

    /// Opens the framebuffer, checks that the kiosk can draw on it (true colour at 16, 24 or
    /// 32 bpp, sizes that add up), maps its memory and saves what it shows.
    /// - Parameters:
    ///   - opener: how to open the node; logind hands out only DRM and input nodes
    ///     (TakeDevice answers ENODEV for framebuffers), so the caller passes a direct opener.
    ///   - now: the program's clock, used only to time frame copies (nil: not timed).
    package convenience init(devicePath: String, opener: DeviceOpener = DirectOpener(),
                            now: (() -> Instant)? = nil) throws(FramebufferError) {
        try self.init(device: LinuxFramebuffer(path: devicePath, opener: opener), now: now)
    }

    init(device: FramebufferDevice, now: (() -> Instant)? = nil) throws(FramebufferError) {
        self.device = device
        self.now = now
        let geometry = try FramebufferGeometry(try device.screenInfo(), device: device.path)
        self.initialGeometry = geometry
        self.geometry = geometry
        pacer = OutputPacer(completion: .afterRefresh(geometry.refreshInterval), now: now)
        memory = try device.map(length: geometry.mappedLength)
        savedScreen = Self.read(geometry, rowsFrom: geometry.firstRow(ofPage: 0), in: memory)
    }

    deinit { stop() }

    /// Whether `path` opens as a framebuffer (`--backend auto`); nothing on it is changed.
    package static func isFramebuffer(_ path: String) -> Bool { LinuxFramebuffer.isFramebuffer(path) }

    package var name: String {
        "fbdev \(device.path) (\(geometry.driver)) \(output!) \(geometry.layout.bitsPerPixel) bpp \(geometry.layout) "
            + (swapChain == nil ? "single-buffered" : "double-buffered")
            + (blankWaiter == nil ? " timer-paced" : " vsync-paced")
    }

    package var output: OutputMode? {
        OutputMode(width: geometry.width, height: geometry.height, refreshInterval: geometry.refreshInterval)
    }

    package var deliversInput: Bool { false }

    /// Unblanks the panel and sets up the pages: two when the virtual screen holds them or can
    /// be made to (asked for here, after the runner's session put the VT into graphics mode, so
    /// the console does not redraw itself for the new mode). There is no descriptor to watch:
    /// frames complete on the runner's deadline.
    package func start(loop: EventLoop, events: BackendEvents) throws {
        pacer.start(events: events)
        pacer.frameCompleted = { [unowned self] in _ = self.swapChain?.completeFlip() }
        device.unblank()
        if geometry.pageCount < 2, let height = FramebufferGeometry.doubleBufferingRequest(try device.screenInfo()) {
            requestVirtualHeight(height)
        }
        try setUpPages(from: try device.screenInfo())
        if Self.mayWaitForVerticalBlank(driver: geometry.driver), let wait = device.verticalBlankWait() {
            blankWaiter = try VerticalBlankWaiter(loop: loop, wait: wait) { [unowned self] in self.blankPassed() }
            pacer.completion = .reported
        }
    }

    /// Whether FBIO_WAITFORVSYNC may be trusted to wait: not on DRM's fbdev emulation, which
    /// answers at once when the CRTC has no vblank interrupt (and a DRM card is better driven
    /// by `--backend drm` anyway).
    static func mayWaitForVerticalBlank(driver: String) -> Bool { !driver.hasSuffix("drmfb") }

    /// Raises the virtual height for two pages; a driver that refuses, or answers with some
    /// other mode, leaves the kiosk single-buffered on the mode it had.
    private func requestVirtualHeight(_ height: Int) {
        do { try device.setVirtualHeight(height) } catch { return }
        changedMode = true
        guard let info = try? device.screenInfo(), let raised = try? FramebufferGeometry(info, device: device.path),
              raised.pageCount == 2, sameMode(raised, initialGeometry) else {
            try? device.restoreMode()
            changedMode = false
            return
        }
    }

    private func sameMode(_ a: FramebufferGeometry, _ b: FramebufferGeometry) -> Bool {
        a.width == b.width && a.height == b.height && a.layout == b.layout
    }

    /// The pages of the screen as it is now (at start, after a VT switch): two shown from page
    /// 0 when the driver pans, else the visible area. Their contents count as unknown.
    private func setUpPages(from info: ScreenInfo) throws(FramebufferError) {
        var geometry = try FramebufferGeometry(info, device: device.path)
        guard sameMode(geometry, initialGeometry) else {
            throw .modeChanged(device: device.path, was: initialGeometry.modeDescription, now: geometry.modeDescription)
        }
        if geometry.pageCount == 2 {
            do { try device.pan(x: geometry.xoffset, y: 0) } catch {
                // Panning refused: draw in place where the screen is.
                geometry = geometry.singlePage
            }
        }
        memory = try device.map(length: geometry.mappedLength)
        self.geometry = geometry
        pages = (0..<geometry.pageCount).map { page in
            ScanoutBuffer(bytes: memory + geometry.offset(ofRow: geometry.firstRow(ofPage: page)), width: geometry.width,
                          height: geometry.height, stride: geometry.lineLength, layout: geometry.layout)
        }
        if geometry.pageCount == 2 {
            var chain = SwapChain(bufferCount: 2, bounds: pages[0].bounds)
            chain.showDirectly(0)
            swapChain = chain
        } else {
            swapChain = nil
            pageIsStale = true
        }
    }

    // MARK: Frames

    /// Writes the damaged part of `frame` into the page being drawn (plus what that page
    /// missed) and shows it; the frame is done at the next vertical blank, or a refresh
    /// interval later. `frame` must have the screen's size; no frame may be in flight. While
    /// paused the frame is dropped and done at once (`resume()` is followed by a full repaint).
    package func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        precondition(frame.width == geometry.width && frame.height == geometry.height,
                     "frame \(frame.width)x\(frame.height) does not match the screen \(geometry.width)x\(geometry.height)")
        guard pacer.admit(at: time, outputAvailable: !pages.isEmpty) else { return }
        let frameBytes = pages[0].frameBytes
        guard var chain = swapChain else {
            pacer.copy(pageIsStale ? DamageRegion(pages[0].bounds) : damage) { pages[0].write($0, from: frame) }
            pageIsStale = false
            shown(frameBytes, at: time)
            return
        }
        let (index, repaint) = chain.beginFrame(damage: damage)
        pacer.copy(repaint) { pages[index].write($0, from: frame) }
        do {
            try device.pan(x: geometry.xoffset, y: geometry.firstRow(ofPage: index))
            chain.queue(index)
            swapChain = chain
            shown(frameBytes, at: time)
        } catch {
            // The frame stays in its page (counted as drawn), so the next pan shows it. No blank
            // is waited for a pan that did not happen: vsync-paced, the frame is done at once;
            // timer-paced, after its refresh (OutputPacer.refused).
            swapChain = chain
            pacer.refused(fullFrameBytes: frameBytes, error: error.description, at: time)
        }
    }

    /// The frame is on its way: done at the blank the waiter is asked for, or by the timer.
    private func shown(_ frameBytes: Int, at time: Instant) {
        pacer.shown(fullFrameBytes: frameBytes, at: time)
        guard let blankWaiter else { return }
        blanksOutstanding += 1
        blankWaiter.request()
    }

    /// The waiter saw the blank after the last present: the pan is latched, the frame done.
    private func blankPassed() {
        blanksOutstanding -= 1
        guard blanksOutstanding == 0 else { return }
        pacer.frameDone(at: now?())
    }

    package var statistics: PresentStatistics { pacer.statistics }

    package var nextDeadline: Instant? { pacer.nextDeadline }

    /// Completes the frame in flight once its refresh interval has passed: the pan has been
    /// latched, the page that was on screen is free.
    package func advance(to time: Instant) { pacer.advance(to: time) }

    package func finishPendingFrame() { pacer.finishPendingFrame() }

    // MARK: Power

    /// Off: FBIOBLANK FB_BLANK_POWERDOWN (the runner's black frame is already shown, for
    /// drivers that refuse). On: FB_BLANK_UNBLANK; the next frame is the runner's full repaint.
    /// Dimming is the backlight's or the renderer's.
    package func setScreenPower(_ power: DisplayPower) {
        guard pacer.phase == .active else { return }
        switch power {
        case .off: poweredDown = device.powerDown()
        case .on:
            device.unblank()
            poweredDown = false
        case .dimmed: break
        }
    }

    // MARK: Session

    /// Another VT has the screen (its console draws into the same memory): stop writing.
    package func pause() { pacer.pause() }

    /// Back on our VT: the console there may have changed the pan or, on a VT switch, the
    /// virtual height; set up the pages again (every one stale) for the runner's full repaint.
    package func resume() throws {
        guard pacer.phase == .paused else { return }
        // Nothing may stay in flight over pages set up anew.
        pacer.finishPendingFrame()
        let info = try device.screenInfo()
        if changedMode, info.variable.yresVirtual < 2 * initialGeometry.height {
            try device.setVirtualHeight(2 * initialGeometry.height)
        }
        try setUpPages(from: try device.screenInfo())
        pacer.resume()
    }

    /// Puts back the mode (virtual height and pan) and what the screen showed at start. While
    /// paused only the mode: the screen belongs to another VT then. Idempotent.
    package func stop() {
        guard pacer.phase != .stopped else { return }
        if poweredDown { device.unblank() }
        poweredDown = false
        let wasActive = pacer.phase == .active
        pacer.stop()
        blankWaiter?.stop()
        blankWaiter = nil
        do {
            if changedMode {
                try device.restoreMode()
            } else if geometry.pageCount == 2 || geometry.yoffset != initialGeometry.yoffset {
                try device.pan(x: initialGeometry.xoffset, y: initialGeometry.yoffset)
            }
        } catch {
            pacer.record(error: "\(error)")
        }
        if wasActive {
            Self.write(savedScreen, to: initialGeometry, rowsFrom: initialGeometry.firstRow(ofPage: 0), in: memory)
        }
    }

    // MARK: Saving the screen

    /// The bytes of the `height` rows from `row`, each `width × bytes per pixel` long.
    static func read(_ g: FramebufferGeometry, rowsFrom row: Int, in memory: UnsafeMutableRawPointer) -> [UInt8] {
        let rowBytes = g.width * g.layout.bytesPerPixel
        return [UInt8](unsafeUninitializedCapacity: rowBytes * g.height) { buffer, count in
            for y in 0..<g.height {
                UnsafeMutableRawPointer(buffer.baseAddress! + y * rowBytes)
                    .copyMemory(from: memory + g.offset(ofRow: row + y), byteCount: rowBytes)
            }
            count = rowBytes * g.height
        }
    }

    static func write(_ bytes: [UInt8], to g: FramebufferGeometry, rowsFrom row: Int, in memory: UnsafeMutableRawPointer) {
        let rowBytes = g.width * g.layout.bytesPerPixel
        bytes.withUnsafeBytes { source in
            for y in 0..<g.height {
                (memory + g.offset(ofRow: row + y)).copyMemory(from: source.baseAddress! + y * rowBytes, byteCount: rowBytes)
            }
        }
    }
}
