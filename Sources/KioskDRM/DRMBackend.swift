import CDRM
@preconcurrency import Glibc
import KioskBackend
import KioskCore
import KioskDevice
import KioskLoop

/// A ``DisplayBackend`` that scans out through the kernel's DRM/KMS: one connector, one CRTC,
/// two or three dumb buffers (XRGB8888, or RGB565 where the driver prefers 16 bpp or the plane
/// has nothing else: see ``DRMFormat``), flips driven by page-flip events on ``fileDescriptor``.
///
/// Life cycle, as the runner uses it (see ``DisplayBackend``):
///
///     let backend = try DRMBackend(options: options, opener: opener, clockOrigin: clock.origin,
///                                  now: clock.now)               // modeset: the screen goes black
///     try backend.start(loop: loop, events: events)              // the DRM fd in the loop
///     backend.present(shadow, damage: damage, at: now)           // then wait for events.frameDone
///     … VT switch: backend.pause() / try backend.resume() …
///     backend.stop()                                             // SIGTERM, exit, error
///
/// `present` copies the damaged rectangles of the cached shadow buffer into a free dumb buffer
/// (plus whatever that buffer missed while it was not in use: see ``SwapChain``) and queues a
/// flip (converting to RGB565 on the way when that is the format); the buffer is never read,
/// since scanout memory is write-combined. The flip completes
/// when `handleEvents` reads its event, which ends `isFlipPending` and reports `frameDone` with
/// the kernel's timestamp.
///
/// Time: the kernel stamps page-flip events with CLOCK_MONOTONIC (DRM_CAP_TIMESTAMP_MONOTONIC,
/// on since Linux 3.8). `clockOrigin` is the CLOCK_MONOTONIC reading, in nanoseconds, that
/// the program calls `Instant.zero` (`MonotonicClock.origin`), so `frameDone` receives instants on
/// the same time line as everything else. `now`, if given, is only used to time the frame copy
/// for ``statistics``; the backend reads no clock of its own.
public final class DRMBackend: DisplayBackend, CustomStringConvertible {
    /// Whether the backend may touch the display.
    enum State: String {
        /// Master, mode set, presenting.
        case active
        /// VT switched away or session paused: frames are dropped, master dropped.
        case paused
        /// `restore()` ran: the previous CRTC state is back, buffers are freed.
        case restored
    }

    public let panelSize: Size
    public let refreshInterval: Duration
    public let modesetting: Modesetting
    /// The dumb buffers' pixel format.
    let format: DRMFormat
    public private(set) var statistics = PresentStatistics()
    /// The kernel's timestamp of the last completed flip (what `frameDone` last received).
    public private(set) var lastFlip: Instant?
    private var events: BackendEvents?

    let device: DRMDevice
    let kms: KMSOutput
    private var buffers: [DumbBuffer]
    private(set) var swapChain: SwapChain
    private(set) var state = State.active
    let savedCRTC: SavedCRTC?
    private let clockOrigin: Int64
    private let now: (() -> Instant)?
    private let monotonicTimestamps: Bool
    /// The shadow buffer last presented: repainted whole on `resume()`.
    private var lastFrame: PixelBuffer?
    /// When the pending flip was requested (the fallback timestamp if the kernel gives none).
    private var flipRequestedAt: Instant?

    /// Opens the card (or discovers one), becomes DRM master, chooses output, mode, CRTC and
    /// modesetting strategy, allocates the buffers and sets the mode showing a black buffer.
    /// - Parameters:
    ///   - clockOrigin: CLOCK_MONOTONIC nanoseconds of the program's `Instant.zero`.
    ///   - now: the program's clock, used only to time frame copies (nil: not timed).
    ///   - startPaused: start paused, without taking master and without a modeset: for a
    ///     logind session that is not active yet (TakeDevice answered `inactive`, the fd is not
    ///     master); the first `resume()` (on ResumeDevice) takes master and sets the mode.
    public init(options: DRMOptions, opener: DeviceOpener, clockOrigin: Int64,
                now: (() -> Instant)? = nil, startPaused: Bool = false) throws(DRMError) {
        self.clockOrigin = clockOrigin
        self.now = now
        let device = try Self.openCard(path: options.devicePath, opener: opener, requireConnected: true)
        self.device = device
        guard device.hasDumbBuffers else { throw .noDumbBuffers(device: device.path) }
        // Fail early, before probing connectors, when someone else has the display.
        if !startPaused { try Self.becomeMaster(device) }

        // Atomic needs the capability accepted and a complete pipeline; otherwise the capability
        // is switched off again, so the legacy calls behave exactly as for a legacy client.
        let atomicAccepted = !options.forceLegacy && device.setClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC), 1)
        let (resources, rawModes) = try device.readResources(withPlanes: atomicAccepted)
        let selection = try OutputSelection.choose(in: resources, device: device.path, output: options.output,
                                                   mode: options.mode)
        let pipeline = atomicAccepted ? AtomicPipeline(device: device, selection: selection, resources: resources) : nil
        let strategy = Modesetting.choose(forceLegacy: options.forceLegacy, atomicCapabilityAccepted: atomicAccepted,
                                          atomicPipelineFound: pipeline != nil)
        if atomicAccepted && strategy == .legacy {
            _ = device.setClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
        }
        let modeInfo = rawModes[selection.connector.id]![selection.modeIndex]
        let output = KMSOutput(device: device, selection: selection, modeInfo: modeInfo,
                               atomic: strategy == .atomic ? pipeline : nil)
        self.kms = output
        self.modesetting = strategy
        self.panelSize = Size(Double(kms.width), Double(kms.height))
        self.refreshInterval = selection.mode.refreshInterval
        self.monotonicTimestamps = (device.capability(UInt64(DRM_CAP_TIMESTAMP_MONOTONIC)) ?? 0) != 0
        self.savedCRTC = device.savedCRTC(selection.crtcID)

        let planeFormats = resources.planes.isEmpty ? nil : selection.primaryPlane(in: resources)?.formats
        let preferredDepth = device.capability(UInt64(DRM_CAP_DUMB_PREFERRED_DEPTH))
        (self.buffers, self.format) = try Self.allocateBuffers(
            count: options.bufferCount, device: device, width: kms.width, height: kms.height,
            formats: DRMFormat.candidates(preferredDepth: preferredDepth, planeFormats: planeFormats))
        self.swapChain = SwapChain(bufferCount: self.buffers.count,
                                   bounds: Rect(0, 0, Double(kms.width), Double(kms.height)))

        if startPaused {
            state = .paused
            swapChain.showDirectly(0)  // what resume() shows when no frame came meanwhile
        } else {
            // The kernel zero-fills dumb buffers: the modeset shows black until the first frame.
            try modeset(showing: 0)
        }
    }

    deinit { restore() }

    /// `count` dumb buffers in the first of `formats` the driver accepts (a refused format
    /// fails at its first buffer, in drmModeAddFB2/drmModeAddFB, and the next one is tried).
    private static func allocateBuffers(count: Int, device: DRMDevice, width: Int, height: Int,
                                        formats: [DRMFormat]) throws(DRMError) -> ([DumbBuffer], DRMFormat) {
        var failure = DRMError.callFailed(call: "no scanout format among XRGB8888 and RGB565 on the primary plane",
                                          device: device.path, errno: EINVAL)
        for format in formats {
            var buffers: [DumbBuffer] = []
            do {
                for _ in 0..<count {
                    buffers.append(try DumbBuffer(device: device, width: width, height: height, format: format))
                }
                return (buffers, format)
            } catch {
                for buffer in buffers { buffer.release() }
                failure = error
            }
        }
        throw failure
    }

    /// The DRM descriptor: when it is readable, call ``handleEvents()``.
    public var fileDescriptor: Int32 { device.fd }

    public var isFlipPending: Bool { swapChain.queued != nil }

    /// `/dev/dri/card0 Virtual-1 800x480@60 atomic`; ` RGB565` is added when the buffers are 16 bpp.
    public var description: String {
        "\(device.path) \(kms.selection.connector.name) \(kms.selection.mode) \(modesetting)"
            + (format == .xrgb8888 ? "" : " \(format)")
    }

    public var name: String { "drm \(description)" }
    public var output: OutputMode? {
        OutputMode(width: Int(panelSize.width), height: Int(panelSize.height), refreshInterval: refreshInterval)
    }
    public var deliversInput: Bool { false }

    /// Watches the DRM descriptor for page-flip events; the mode is already set (by `init`, or
    /// by the first `resume()` when started paused).
    public func start(loop: EventLoop, events: BackendEvents) throws {
        self.events = events
        try loop.register(fd: fileDescriptor) { [unowned self] in self.handleEvents() }
    }

    public func stop() { restore() }

    // MARK: Frames

    /// Copies the damaged part of `frame` into a free scanout buffer and queues a flip to it.
    /// `frame` must have the mode's size; no flip may be pending. While paused (or after
    /// `restore()`) the frame is not shown: `resume()` repaints the last one whole. If the
    /// kernel refuses the flip, no flip is pending and `onFlip` is not called; the error is in
    /// ``statistics`` and the next present shows the frame.
    public func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        precondition(!isFlipPending, "present while a page flip is pending (check isFlipPending)")
        precondition(frame.width == kms.width && frame.height == kms.height,
                     "frame \(frame.width)x\(frame.height) does not match the mode \(kms.width)x\(kms.height)")
        lastFrame = frame
        guard state == .active else {
            // Not shown, but done: the runner may present again (resume() shows the last frame).
            statistics.framesDropped += 1
            events?.frameDone(time)
            return
        }
        let (index, repaint) = swapChain.beginFrame(damage: damage)
        copy(repaint, of: frame, into: buffers[index])
        statistics.framesPresented += 1
        statistics.fullFrameBytes += buffers[index].scanout.frameBytes

        let result = kms.flip(to: buffers[index].framebufferID, userData: Unmanaged.passUnretained(self).toOpaque())
        if result.errno == 0 {
            swapChain.queue(index)
            flipRequestedAt = time
        } else {
            // The frame stays in its buffer (the swap chain counts it as drawn), so the next
            // successful flip shows it. EACCES here usually means master was taken away before
            // the pause notification arrived; the pause/resume that follows repaints anyway.
            statistics.flipFailures += 1
            statistics.lastError = DRMError.callFailed(call: result.call, device: device.path,
                                                       errno: result.errno).description
            // No flip is pending, so the output can take the next frame now.
            events?.frameDone(time)
        }
    }

    private func copy(_ region: DamageRegion, of frame: PixelBuffer, into buffer: DumbBuffer) {
        let start = now?()
        for rect in region.rects {
            statistics.bytesCopied += buffer.scanout.write(rect, from: frame)
        }
        if let start, let end = now?() {
            let spent = end - start
            statistics.copyTime += spent
            statistics.longestCopy = max(statistics.longestCopy, spent)
        }
    }

    /// Reads the DRM events that are ready (drmHandleEvent) and completes the pending flip.
    /// Call it when ``fileDescriptor`` is readable; with nothing to read it returns at once.
    public func handleEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            Unmanaged<DRMBackend>.fromOpaque(userData).takeUnretainedValue()
                .flipCompleted(seconds: seconds, microseconds: microseconds)
        }
        // Errors are EAGAIN (nothing there: a spurious wake-up) or a lost device, which shows
        // up as a failed flip next; neither is worth stopping for.
        _ = drmHandleEvent(device.fd, &context)
    }

    private func flipCompleted(seconds: UInt32, microseconds: UInt32) {
        guard isFlipPending else { return }
        swapChain.completeFlip()
        statistics.flipsCompleted += 1
        let requested = flipRequestedAt ?? .zero
        flipRequestedAt = nil
        let instant = Self.flipInstant(seconds: seconds, microseconds: microseconds, clockOrigin: clockOrigin,
                                       monotonic: monotonicTimestamps, fallback: requested)
        lastFlip = instant
        events?.frameDone(instant)
    }

    /// The kernel's flip timestamp on the program's time line. Drivers that stamp with
    /// CLOCK_REALTIME (DRM_CAP_TIMESTAMP_MONOTONIC = 0, pre-3.8 kernels) or not at all get the
    /// time the flip was requested instead.
    static func flipInstant(seconds: UInt32, microseconds: UInt32, clockOrigin: Int64, monotonic: Bool,
                            fallback: Instant) -> Instant {
        guard monotonic, seconds != 0 || microseconds != 0 else { return fallback }
        let ns = Int64(seconds) * 1_000_000_000 + Int64(microseconds) * 1_000
        return Instant(nanoseconds: ns - clockOrigin)
    }

    // MARK: Power

    /// DPMS (`OutputPowerCommand`): off is an atomic `ACTIVE` = 0 or the connector's `DPMS`
    /// property; on is the full modeset showing the front buffer (atomic) or `DPMS` on, and the
    /// runner's full repaint follows as a normal flip. The runner calls it with no flip
    /// pending. A refusal is kept in `statistics.lastError`; the black frame stays on screen.
    public func setScreenPower(_ power: DisplayPower) {
        guard state == .active, !isFlipPending else { return }
        let result: (errno: Int32, call: String)
        switch OutputPowerCommand.command(for: power, modesetting: modesetting, dpmsProperty: kms.dpmsProperty) {
        case .none: return
        case .deactivateCRTC: result = kms.deactivateCRTC()
        case .connectorDPMS(let property, let value): result = kms.setConnectorDPMS(property: property, value: value)
        case .modeset:
            do { try modeset(showing: swapChain.front ?? 0) } catch { return }
            return
        }
        if result.errno != 0 {
            statistics.lastError = DRMError.callFailed(call: result.call, device: device.path, errno: result.errno).description
        }
    }

    // MARK: Modeset and session

    /// Sets the mode showing buffer `index` (blocking), mapping a refusal for lack of master to
    /// the "display in use" error.
    private func modeset(showing index: Int) throws(DRMError) {
        let result = kms.modeset(framebuffer: buffers[index].framebufferID)
        guard result.errno == 0 else {
            let error: DRMError = result.errno == EACCES || result.errno == EPERM
                ? Self.inUse(device, call: result.call, errno: result.errno)
                : .callFailed(call: result.call, device: device.path, errno: result.errno)
            statistics.lastError = error.description
            throw error
        }
        swapChain.showDirectly(index)
    }

    /// Stops presenting and gives up DRM master (VT switched away, logind PauseDevice). Frames
    /// presented meanwhile are dropped. A flip already queued still completes through
    /// `handleEvents`.
    public func pause() {
        guard state == .active else { return }
        state = .paused
        // Under logind master is already gone (drmDropMaster then fails with EINVAL): harmless.
        if device.isMaster { _ = drmDropMaster(device.fd) }
    }

    /// Takes DRM master back, sets the mode again (fbcon or another client had the CRTC) and
    /// shows the last presented frame, copied whole: the buffers' contents are no longer known.
    public func resume() throws(DRMError) {
        guard state == .paused else { return }
        try Self.becomeMaster(device)
        waitForPendingFlip()
        swapChain.invalidateAll()
        var index = swapChain.front ?? 0
        if let frame = lastFrame {
            let (fresh, repaint) = swapChain.beginFrame(damage: DamageRegion(frame.bounds))
            copy(repaint, of: frame, into: buffers[fresh])
            index = fresh
        }
        try modeset(showing: index)
        state = .active
    }

    /// Puts back what the CRTC showed at start, frees the buffers and drops master. Waits (at
    /// most a second) for a pending flip first: the kernel may still be scanning out the
    /// buffer. Idempotent; called on SIGTERM/SIGINT, normal exit and errors, and by `deinit`.
    public func restore() {
        guard state != .restored else { return }
        waitForPendingFlip()
        // Paused, the display belongs to someone else: leave it alone.
        if device.isMaster, let savedCRTC {
            let code = kms.restore(savedCRTC)
            if code != 0 {
                statistics.lastError = DRMError.callFailed(call: "drmModeSetCrtc (restore)", device: device.path,
                                                           errno: code).description
            }
        }
        state = .restored
        for buffer in buffers { buffer.release() }
        kms.destroyModeBlob()
        if device.isMaster { _ = drmDropMaster(device.fd) }
    }

    /// Blocks until the pending flip's event arrives (at most `milliseconds`); if it never
    /// does (a hung or lost device) the flip is taken as done, so nothing waits forever.
    private func waitForPendingFlip(milliseconds: Int32 = 1000) {
        var waited: Int32 = 0
        while isFlipPending && waited < milliseconds {
            if device.waitForEvent(milliseconds: 50) { handleEvents() }
            waited += 50
        }
        if isFlipPending {
            swapChain.completeFlip()
            flipRequestedAt = nil
        }
    }

    /// Makes `device` DRM master, or throws the "display in use" error.
    static func becomeMaster(_ device: DRMDevice) throws(DRMError) {
        // The first opener of a card is master already; otherwise drmSetMaster succeeds only
        // when nobody else is master (EBUSY) and we may (root or previous master, else EACCES).
        guard !device.isMaster else { return }
        if drmSetMaster(device.fd) != 0 {
            throw inUse(device, call: "drmSetMaster", errno: errno)
        }
    }

    static func inUse(_ device: DRMDevice, call: String, errno code: Int32) -> DRMError {
        .displayInUse(device: device.path, call: call, errno: code,
                      holders: DisplayClients.holding(device: device.path))
    }
}
