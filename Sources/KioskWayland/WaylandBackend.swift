import CWayland
import KioskBackend
import KioskCore
import KioskLoop

/// A ``DisplayBackend`` that is a Wayland client: a fullscreen `xdg_toplevel` (or a desktop
/// window) showing `wl_shm` buffers, with the seat's touch and pointer as input. For kiosk
/// compositors (cage, Weston's kiosk-shell, labwc) and for a developer's desktop.
///
/// Life cycle, as the runner uses it:
///
///     let backend = try WaylandBackend(options:, clockOrigin:, now:)  // connect, bind globals
///     try backend.start(loop:, events:)     // surface + toplevel; the display fd in the loop
///     events.outputChanged(mode)            // each configure of a new size (or scale)
///     backend.present(frame, damage:, at:)  // copy the damage, attach, damage_buffer, commit
///     events.frameDone(t)                   // the frame callback: the next frame may come
///     events.closed(.requested / .failed)   // xdg_toplevel.close / compositor gone, error
///     backend.stop()                        // everything destroyed, disconnected
///
/// Frames are paced by `wl_surface.frame` callbacks; with nothing moving nothing is committed,
/// so the compositor sends nothing and the loop sleeps. A buffer is written only when the
/// compositor has released it, and only what changed since it was last used is copied
/// (``BufferRing``).
///
/// Time: compositor stamps are milliseconds of an unspecified base; ``CompositorClock`` puts
/// them on the program's time line against the moment each batch of events was read (`now`,
/// the loop's clock, also used to time copies for ``statistics``).
package final class WaylandBackend: DisplayBackend {
    package let options: WaylandOptions

    private let connection: WaylandConnection
    private let globals: WaylandGlobals
    private let now: () -> Instant
    /// Input and frame callbacks may be stamped with different clocks (Weston: the X server's
    /// or libinput's for input, its presentation clock for frames), so each has its own.
    private var inputClock = CompositorClock()
    private var frameClock = CompositorClock()
    private var window: WaylandWindow?
    private var buffers: SurfaceBuffers
    private var seat: WaylandSeat?
    private var cursor: PointerCursor
    private var events: BackendEvents?
    private var loop: EventLoop?
    private var registration: EventLoop.Registration?
    /// Waiting for the socket to take more requests (a flush said EAGAIN).
    private var waitingToWrite = false
    /// When the events being dispatched were read.
    private var readAt = Instant.zero
    /// The mode of the last configure, once it is complete.
    private var mode: OutputMode?
    /// The frame in flight (until its frame callback) and the one waiting for a buffer.
    private lazy var frames = SurfacePresenter(surface: self, now: now)
    private var started = false
    /// Input announced before the first frame (nil afterwards).
    private var earlyInput: [InputEvent]? = []
    private var state = State.connected

    enum State: String {
        case connected
        /// The connection failed or the window was closed: nothing is sent any more.
        case ended
        /// `stop()` ran.
        case stopped
    }

    /// Connects to the compositor and binds its globals; fails when there is none, or when it
    /// lacks `wl_compositor`, `wl_shm` or `xdg_wm_base`.
    /// - Parameter now: the loop's clock, read once per batch of events (and to time copies).
    package init(options: WaylandOptions, now: @escaping () -> Instant) throws(WaylandError) {
        self.options = options
        self.now = now
        connection = try WaylandConnection(name: options.displayName)
        globals = WaylandGlobals(display: connection.display)
        // The globals, bound as they are announced.
        try connection.roundtrip()
        guard let compositor = globals.compositor else {
            throw .missingGlobal(interface: "wl_compositor", why: "it cannot show surfaces")
        }
        guard let shm = globals.shm else {
            throw .missingGlobal(interface: "wl_shm", why: "the kiosk draws into shared memory buffers")
        }
        guard globals.wmBase != nil else {
            throw .missingGlobal(interface: "xdg_wm_base", why: "the kiosk needs xdg-shell for its window "
                                 + "(Weston: --shell=kiosk-shell.so or desktop-shell.so; not fullscreen- or ivi-shell)")
        }
        buffers = SurfaceBuffers(shm: shm)
        cursor = PointerCursor(visible: options.showCursor, compositor: compositor, shm: shm)
        buffers.bufferReturned = { [unowned self] in self.frames.bufferReturned() }
        // The seat listens before its first events (capabilities) are read: an event for a
        // proxy without a listener is dropped.
        if let seat = globals.seat { seatAdded(seat.proxy, version: seat.version) }
        globals.seatAdded = { [unowned self] proxy, version in self.seatAdded(proxy, version: version) }
        globals.seatRemoved = { [unowned self] in
            self.seat?.destroy(announce: true)
            self.seat = nil
        }
        // Their first events: output modes and scales, seat capabilities.
        try connection.roundtrip()
    }

    deinit { stop() }

    package var name: String {
        let kind = options.windowedSize == nil ? "fullscreen" : "window"
        return "wayland \(connection.name) wl_shm " + (mode.map { "\($0) \(kind)" } ?? "\(kind), waiting for configure")
    }

    package var output: OutputMode? { mode }
    package var deliversInput: Bool { true }
    /// With `showCursor` the compositor draws the pointer: the runner must not draw another.
    package var showsPointerCursor: Bool { options.showCursor }

    package func start(loop: EventLoop, events: BackendEvents) throws {
        self.events = events
        frames.pacer.start(events: events)
        self.loop = loop
        let window = WaylandWindow(compositor: globals.compositor!, compositorVersion: globals.compositorVersion,
                                   wmBase: globals.wmBase!, options: options)
        self.window = window
        window.outputName = { [unowned self] proxy in self.globals.outputName(of: proxy) }
        window.configured = { [unowned self] in
            // A new size is answered by the runner's next frame; the same size at once.
            if !self.layoutChanged() { self.window?.commitConfigure() }
        }
        window.outputsChanged = { [unowned self] in self.layoutChanged() }
        window.closeRequested = { [unowned self] in self.end(.requested("the compositor closing the window")) }
        window.frameDone = { [unowned self] stamp in self.frameCallbackDone(stamp: stamp) }
        for output in globals.outputs.values { watch(output) }
        globals.outputAdded = { [unowned self] output in self.watch(output) }
        globals.outputRemoved = { [unowned self] name in
            self.window?.updateLayout { $0.outputRemoved(name) }
            self.layoutChanged()
        }
        // The first configure usually answers the first commit within one round trip, so the
        // runner knows the size when start returns (and the log line says it).
        readAt = now()
        try connection.roundtrip()
        registration = try loop.register(fd: connection.fileDescriptor) { [unowned self] in self.displayReady() }
        started = true
    }

    // MARK: Frames

    /// Copies the damage into a free buffer, attaches it with `damage_buffer` and commits it
    /// with a frame callback. Before the first configure, and once the window is gone, the
    /// frame is dropped and done at once, as every backend drops a frame it cannot show.
    package func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        let surfaceMode = window == nil ? nil : mode
        if let surfaceMode, frames.pacer.phase == .active {
            precondition(frame.width == surfaceMode.width && frame.height == surfaceMode.height,
                         "frame \(frame.width)x\(frame.height) does not match the surface's \(surfaceMode.width)x\(surfaceMode.height)")
            deliverEarlyInput()
        }
        frames.present(frame, damage: damage, at: time, mode: surfaceMode)
    }

    package var statistics: PresentStatistics { frames.pacer.statistics }

    /// The compositor owns the session; paused all the same (by an app), frames are dropped
    /// and done at once, as on every backend.
    package func pause() { frames.pause() }

    package func resume() { frames.resume() }

    package func finishPendingFrame() { frames.finishPendingFrame() }

    private func frameCallbackDone(stamp: UInt32) {
        frames.frameCallbackDone(at: frameClock.instant(milliseconds: stamp, readAt: readAt))
    }

    // MARK: Configure and outputs

    private func watch(_ output: WaylandOutput) {
        output.changed = { [unowned self] output in
            self.window?.updateLayout { $0.outputChanged(output.name, output.properties) }
            self.layoutChanged()
        }
        window?.updateLayout { $0.outputChanged(output.name, output.properties) }
    }

    /// A configure, an output or the surface's outputs changed: new buffers and a new mode
    /// when the size or scale is different. True when the mode changed.
    @discardableResult
    private func layoutChanged() -> Bool {
        guard state == .connected, let window, let newMode = window.layout.mode, newMode != mode else { return false }
        do {
            try buffers.resize(width: newMode.width, height: newMode.height)
        } catch {
            end(.failed(error.description))
            return false
        }
        mode = newMode
        seat?.surfaceChanged(scale: newMode.scale, panelSize: newMode.size)
        if started { events?.outputChanged(newMode) }
        frames.sizeChanged(at: readAt)
        return true
    }

    // MARK: Input

    private func seatAdded(_ proxy: OpaquePointer, version: UInt32) {
        seat = WaylandSeat(proxy: proxy, version: version, cursor: cursor,
                           isKioskSurface: { [unowned self] surface in surface != nil && surface == self.window?.surface },
                           stamp: { [unowned self] ms in self.inputClock.instant(milliseconds: ms, readAt: self.readAt) },
                           readAt: { [unowned self] in self.readAt },
                           deliver: { [unowned self] event in self.deliver(event) })
        if let mode { seat?.surfaceChanged(scale: mode.scale, panelSize: mode.size) }
    }

    /// Input reaches the runner once it has a scene, i.e. from the first frame on; what the
    /// seat says before (its devices, announced while connecting) waits until then.
    private func deliver(_ event: InputEvent) {
        if let events, earlyInput == nil {
            events.input(event)
        } else {
            earlyInput = (earlyInput ?? []) + [event]
        }
    }

    private func deliverEarlyInput() {
        guard let early = earlyInput else { return }
        earlyInput = nil
        for event in early { events?.input(event) }
    }

    // MARK: The display socket

    /// The socket is readable (or writable, while a flush waits): read, dispatch, flush.
    private func displayReady() {
        guard state == .connected else { return }
        do {
            try connection.readEvents()
            readAt = now()
            try connection.dispatchPending()
        } catch {
            end(.failed(error.description))
            return
        }
        flush()
    }

    /// Sends the queued requests; a full socket waits for writable, a broken one ends the run.
    private func flush() {
        guard state == .connected else { return }
        let sent: Bool
        do { sent = try connection.flush() } catch {
            end(.failed(error.description))
            return
        }
        // Watch for writable only while requests wait: a writable socket is ready all the time.
        let mustWait = !sent
        guard mustWait != waitingToWrite, let loop, let registration else { return }
        waitingToWrite = mustWait
        try? loop.modify(registration, events: mustWait ? [.readable, .writable] : .readable)
    }

    /// The run cannot go on: say why once and stop talking to the compositor.
    private func end(_ closure: BackendClosure) {
        guard state == .connected else { return }
        state = .ended
        frames.stop()
        if case .failed(let why) = closure { frames.pacer.record(error: why) }
        if let registration { loop?.unregister(registration) }
        registration = nil
        events?.closed(closure)
    }

    /// Destroys the surface, the buffers and every proxy and disconnects. Idempotent.
    package func stop() {
        guard state != .stopped else { return }
        frames.stop()
        if let registration { loop?.unregister(registration) }
        registration = nil
        seat?.destroy(announce: false)
        seat = nil
        cursor.destroy()
        window?.destroy()
        window = nil
        buffers.destroy()
        globals.destroy()
        _ = try? connection.flush()
        connection.disconnect()
        state = .stopped
    }
}

extension WaylandBackend: FrameSurface {
    func freeBuffer(damage: DamageRegion) -> (index: Int, pixels: PixelBuffer, repaint: DamageRegion)? {
        guard let (index, repaint) = buffers.beginFrame(damage: damage), let pool = buffers.pool else { return nil }
        return (index, pool.pixels[index], repaint)
    }

    func commit(_ index: Int, damage: DamageRegion, mode: OutputMode) {
        guard let window, let pool = buffers.pool else { return }
        buffers.committed(index)
        window.show(pool.buffer(index), width: mode.width, height: mode.height, damage: damage, scale: mode.scale)
        flush()
    }
}
