import KioskBackend
import KioskCore

/// The compositor's side of a frame, as ``SurfacePresenter`` drives it: a buffer the
/// compositor does not hold, and a commit. ``WaylandBackend`` is the real one (``ShmPool``
/// buffers, ``WaylandWindow``); the pacing tests fake it.
protocol FrameSurface: AnyObject {
    /// A free buffer for a frame whose change is `damage`: its index, its pixels and what must
    /// be copied into them (what it missed since it was last used). Nil while the compositor
    /// holds every buffer (it has not sent `wl_buffer.release`).
    func freeBuffer(damage: DamageRegion) -> (index: Int, pixels: PixelBuffer, repaint: DamageRegion)?
    /// Attaches buffer `index` with `damage` (buffer pixels), asks for a frame callback
    /// (`wl_surface.frame`) and commits, for a surface in `mode`.
    func commit(_ index: Int, damage: DamageRegion, mode: OutputMode)
}

/// How frames reach a Wayland surface: the ``OutputPacer`` (one frame in flight, from the
/// present to its frame callback's `done`), and the one frame that waits for a buffer when the
/// compositor holds all of them. Frames are paced by frame callbacks only: the protocol sends
/// `done` when the compositor would like the next frame, never while the surface is hidden.
final class SurfacePresenter {
    /// The frame in flight, the statistics; stopped once the window is gone.
    let pacer: OutputPacer
    private unowned let surface: FrameSurface
    /// A frame that found every buffer held: shown when one comes back.
    private var waiting: (frame: PixelBuffer, damage: DamageRegion, mode: OutputMode, time: Instant)?

    /// - Parameter now: the loop's clock, to time copies.
    init(surface: FrameSurface, now: @escaping () -> Instant) {
        self.surface = surface
        pacer = OutputPacer(completion: .reported, now: now)
    }

    /// Copies the frame into a free buffer and commits it; `mode` nil (no configure yet, no
    /// window) drops it, done at once like a frame presented while paused.
    func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant, mode: OutputMode?) {
        guard pacer.admit(at: time, outputAvailable: mode != nil), let mode else { return }
        show(frame, damage: damage, mode: mode, at: time)
    }

    private func show(_ frame: PixelBuffer, damage: DamageRegion, mode: OutputMode, at time: Instant) {
        guard let (index, pixels, repaint) = surface.freeBuffer(damage: damage) else {
            waiting = (frame, damage, mode, time)
            return
        }
        pacer.copy(repaint) { rect in
            pixels.copy(rect, from: frame)
            let r = rect.integral.intersection(frame.bounds)
            return Int(r.width) * Int(r.height) * 4
        }
        pacer.shown(fullFrameBytes: mode.width * mode.height * 4, at: time)
        var changed = damage
        changed.clip(to: frame.bounds)
        surface.commit(index, damage: changed, mode: mode)
    }

    /// The compositor released a buffer: a frame waiting for one is shown now.
    func bufferReturned() {
        guard let frame = waiting else { return }
        waiting = nil
        show(frame.frame, damage: frame.damage, mode: frame.mode, at: frame.time)
    }

    /// The surface changed size: a frame waiting for a buffer of the old size is no use, and
    /// the runner, told it is done, presents the new layout's first frame instead.
    func sizeChanged(at time: Instant) {
        guard waiting != nil else { return }
        waiting = nil
        pacer.abandon(at: time)
    }

    /// The frame callback's `done`, stamped on the loop's time line.
    func frameCallbackDone(at time: Instant) { pacer.frameDone(at: time) }

    /// Frames are dropped (and done) until ``resume()``.
    func pause() { pacer.pause() }

    /// Frames are shown again; the one in flight is finished first.
    func resume() {
        dropWaitingFrame()
        pacer.resume()
    }

    /// Finishes the frame in flight now (the end of a virtual-clock run).
    func finishPendingFrame() {
        dropWaitingFrame()
        pacer.finishPendingFrame()
    }

    /// Nothing more is committed (the window closed, the compositor gone, `stop()`).
    func stop() {
        waiting = nil
        pacer.stop()
    }

    /// A frame still waiting for a buffer is never shown: it is done as dropped.
    private func dropWaitingFrame() {
        guard let frame = waiting else { return }
        waiting = nil
        pacer.abandon(at: frame.time)
    }
}
