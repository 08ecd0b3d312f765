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
/// since scanout memory is write-combined. The flip completes when `handleEvents` reads its
/// event: the ``KioskBackend/OutputPacer`` ends `isFlipPending` and reports `frameDone` with the
/// kernel's timestamp. The card itself is a ``KMSScanout`` (``KMSCard``), which the pacing
/// tests fake.
///
/// Time: the kernel stamps page-flip events with CLOCK_MONOTONIC (DRM_CAP_TIMESTAMP_MONOTONIC,
/// on since Linux 3.8). `clockOrigin` is the CLOCK_MONOTONIC reading, in nanoseconds, that
/// the program calls `Instant.zero` (`MonotonicClock.origin`), so `frameDone` receives instants on
/// the same time line as everything else. `now`, if given, is only used to time the frame copy
/// for ``statistics``; the backend reads no clock of its own.
package final class DRMBackend: DisplayBackend, CustomStringConvertible {
    package let panelSize: Size
    package let refreshInterval: Duration
    package let modesetting: Modesetting
    /// The dumb buffers' pixel format.
    let format: DRMFormat
    /// The flip in flight, the session's pause and the statistics.
    let pacer: OutputPacer
    /// The kernel's timestamp of the last completed flip (what `frameDone` last received).
    package private(set) var lastFlip: Instant?

    let card: KMSScanout
    private(set) var swapChain: SwapChain
    /// `Virtual-1 800x480@60`: the connector and its mode, for the log line.
    private let outputName: String
    private let clockOrigin: Int64
    private let monotonicTimestamps: Bool
    /// The shadow buffer last presented: repainted whole on `resume()`.
    private var lastFrame: PixelBuffer?

    /// Opens the card (or discovers one), becomes DRM master, chooses output, mode, CRTC and
    /// modesetting strategy, allocates the buffers and sets the mode showing a black buffer.
    /// - Parameters:
    ///   - clockOrigin: CLOCK_MONOTONIC nanoseconds of the program's `Instant.zero`.
    ///   - now: the program's clock, used only to time frame copies (nil: not timed).
    ///   - startPaused: start paused, without taking master and without a modeset: for a
    ///     logind session that is not active yet (TakeDevice answered `inactive`, the fd is not
    ///     master); the first `resume()` (on ResumeDevice) takes master and sets the mode.
    package convenience init(options: DRMOptions, opener: DeviceOpener, clockOrigin: Int64,
                            now: (() -> Instant)? = nil, startPaused: Bool = false) throws(DRMError) {
        let device = try Self.openCard(path: options.devicePath, opener: opener, requireConnected: true)
        guard device.hasDumbBuffers else { throw .noDumbBuffers(device: device.path) }
        // Fail early, before probing connectors, when someone else has the display.
        if !startPaused { try KMSCard.becomeMaster(device) }

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
        let kms = KMSOutput(device: device, selection: selection, modeInfo: modeInfo,
                            atomic: strategy == .atomic ? pipeline : nil)
        let planeFormats = resources.planes.isEmpty ? nil : selection.primaryPlane(in: resources)?.formats
        let preferredDepth = device.capability(UInt64(DRM_CAP_DUMB_PREFERRED_DEPTH))
        let (buffers, format) = try Self.allocateBuffers(
            count: options.bufferCount, device: device, width: kms.width, height: kms.height,
            formats: DRMFormat.candidates(preferredDepth: preferredDepth, planeFormats: planeFormats))
        let card = KMSCard(device: device, kms: kms, buffers: buffers, savedCRTC: device.savedCRTC(selection.crtcID))
        try self.init(card: card, outputName: "\(selection.connector.name) \(selection.mode)",
                      refreshInterval: selection.mode.refreshInterval, modesetting: strategy, format: format,
                      clockOrigin: clockOrigin,
                      monotonicTimestamps: (device.capability(UInt64(DRM_CAP_TIMESTAMP_MONOTONIC)) ?? 0) != 0,
                      now: now, startPaused: startPaused)
    }

    /// A backend on `card`, whose buffers have the mode's size; sets the mode showing a black
    /// buffer unless `startPaused`.
    init(card: KMSScanout, outputName: String, refreshInterval: Duration, modesetting: Modesetting,
         format: DRMFormat, clockOrigin: Int64, monotonicTimestamps: Bool, now: (() -> Instant)?,
         startPaused: Bool) throws(DRMError) {
        self.card = card
        self.outputName = outputName
        self.refreshInterval = refreshInterval
        self.modesetting = modesetting
        self.format = format
        self.clockOrigin = clockOrigin
        self.monotonicTimestamps = monotonicTimestamps
        let first = card.buffers[0]
        panelSize = Size(Double(first.width), Double(first.height))
        swapChain = SwapChain(bufferCount: card.buffers.count, bounds: first.bounds)
        // A flip is done when its event says so; never by a timer.
        pacer = OutputPacer(completion: .reported, now: now, startPaused: startPaused)
        pacer.frameCompleted = { [unowned self] in _ = self.swapChain.completeFlip() }
        card.flipCompleted = { [unowned self] seconds, microseconds in
            self.flipCompleted(seconds: seconds, microseconds: microseconds)
        }
        if startPaused {
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
    package var fileDescriptor: Int32 { card.fileDescriptor }

    package var isFlipPending: Bool { pacer.isFrameInFlight }

    package var statistics: PresentStatistics { pacer.statistics }

    /// `/dev/dri/card0 Virtual-1 800x480@60 atomic`; ` RGB565` is added when the buffers are 16 bpp.
    package var description: String {
        "\(card.path) \(outputName) \(modesetting)" + (format == .xrgb8888 ? "" : " \(format)")
    }

    package var name: String { "drm \(description)" }
    package var output: OutputMode? {
        OutputMode(width: Int(panelSize.width), height: Int(panelSize.height), refreshInterval: refreshInterval)
    }
    package var deliversInput: Bool { false }

    /// Watches the DRM descriptor for page-flip events; the mode is already set (by `init`, or
    /// by the first `resume()` when started paused).
    package func start(loop: EventLoop, events: BackendEvents) throws {
        pacer.start(events: events)
        try loop.register(fd: fileDescriptor) { [unowned self] in self.handleEvents() }
    }

    package func stop() { restore() }

    // MARK: Frames

    /// Copies the damaged part of `frame` into a free scanout buffer and queues a flip to it.
    /// `frame` must have the mode's size; no flip may be pending. While paused (or after
    /// `restore()`) the frame is dropped and done at once: `resume()` repaints the last one
    /// whole. If the kernel refuses the flip, no flip is pending and the frame is done at once;
    /// the error is in ``statistics`` and the next present shows the frame.
    package func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        precondition(frame.width == Int(panelSize.width) && frame.height == Int(panelSize.height),
                     "frame \(frame.width)x\(frame.height) does not match the mode \(Int(panelSize.width))x\(Int(panelSize.height))")
        lastFrame = frame
        guard pacer.admit(at: time) else { return }
        let (index, repaint) = swapChain.beginFrame(damage: damage)
        let buffer = card.buffers[index]
        pacer.copy(repaint) { buffer.write($0, from: frame) }
        let result = card.flip(to: index)
        if result.errno == 0 {
            swapChain.queue(index)
            pacer.shown(fullFrameBytes: buffer.frameBytes, at: time)
        } else {
            // The frame stays in its buffer (the swap chain counts it as drawn), so the next
            // successful flip shows it. EACCES here usually means master was taken away before
            // the pause notification arrived; the pause/resume that follows repaints anyway.
            let error = DRMError.callFailed(call: result.call, device: card.path, errno: result.errno)
            pacer.refused(fullFrameBytes: buffer.frameBytes, error: error.description, at: time)
        }
    }

    /// Reads the DRM events that are ready (drmHandleEvent) and completes the pending flip.
    /// Call it when ``fileDescriptor`` is readable; with nothing to read it returns at once.
    package func handleEvents() { card.readEvents() }

    private func flipCompleted(seconds: UInt32, microseconds: UInt32) {
        guard case .awaitingOutput(let requested) = pacer.frame else { return }
        let instant = Self.flipInstant(seconds: seconds, microseconds: microseconds, clockOrigin: clockOrigin,
                                       monotonic: monotonicTimestamps, fallback: requested)
        lastFlip = instant
        pacer.frameDone(at: instant)
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
    package func setScreenPower(_ power: DisplayPower) {
        guard pacer.phase == .active, !isFlipPending else { return }
        let command = OutputPowerCommand.command(for: power, modesetting: modesetting, dpmsProperty: card.dpmsProperty)
        switch command {
        case .none: return
        case .modeset:
            try? modeset(showing: swapChain.front ?? 0)
        case .deactivateCRTC, .connectorDPMS:
            let result = card.setPower(command)
            if result.errno != 0 {
                pacer.record(error: DRMError.callFailed(call: result.call, device: card.path, errno: result.errno).description)
            }
        }
    }

    // MARK: Modeset and session

    /// Sets the mode showing buffer `index` (blocking); a refusal is kept for the exit report.
    private func modeset(showing index: Int) throws(DRMError) {
        do { try card.modeset(showing: index) } catch {
            pacer.record(error: error.description)
            throw error
        }
        swapChain.showDirectly(index)
    }

    /// Stops presenting and gives up DRM master (VT switched away, logind PauseDevice). Frames
    /// presented meanwhile are dropped. A flip already queued still completes through
    /// `handleEvents`.
    package func pause() {
        guard pacer.phase == .active else { return }
        pacer.pause()
        card.dropMaster()
    }

    /// Takes DRM master back, sets the mode again (fbcon or another client had the CRTC) and
    /// shows the last presented frame, copied whole: the buffers' contents are no longer known.
    package func resume() throws(DRMError) {
        guard pacer.phase == .paused else { return }
        try card.becomeMaster()
        // Nothing may stay in flight over a modeset (SwapChain.showDirectly).
        finishPendingFrame()
        swapChain.invalidateAll()
        var index = swapChain.front ?? 0
        if let frame = lastFrame {
            let (fresh, repaint) = swapChain.beginFrame(damage: DamageRegion(frame.bounds))
            let buffer = card.buffers[fresh]
            pacer.copy(repaint) { buffer.write($0, from: frame) }
            index = fresh
        }
        try modeset(showing: index)
        pacer.resume()
    }

    /// Waits (at most a second) for the flip in flight, so that the last frame is what the
    /// screen shows; a flip whose event never comes is taken as done.
    package func finishPendingFrame() {
        waitForPendingFlip()
        pacer.finishPendingFrame()
    }

    /// Puts back what the CRTC showed at start, frees the buffers and drops master. Waits (at
    /// most a second) for a pending flip first: the kernel may still be scanning out the
    /// buffer. Idempotent; called on SIGTERM/SIGINT, normal exit and errors, and by `deinit`.
    package func restore() {
        guard pacer.phase != .stopped else { return }
        waitForPendingFlip()
        // Paused, the display belongs to someone else: leave it alone.
        if card.isMaster, let error = card.restoreSavedCRTC() { pacer.record(error: error.description) }
        pacer.stop()
        card.release()
        card.dropMaster()
    }

    /// Blocks until the pending flip's event arrives (at most `milliseconds`, in steps of 50);
    /// a hung or lost device is given up on, so nothing waits forever.
    private func waitForPendingFlip(milliseconds: Int32 = 1000) {
        var waited: Int32 = 0
        while isFlipPending && waited < milliseconds {
            if card.waitForEvent(milliseconds: 50) { card.readEvents() }
            waited += 50
        }
    }
}
