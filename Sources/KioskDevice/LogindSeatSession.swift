import KioskCore
import KioskLoop

/// A kiosk in a logind session on a seat (the shipped systemd unit): devices come from
/// logind's `TakeDevice` (no root, no groups), and logind owns the VT, reporting switches as
/// `PauseDevice`/`ResumeDevice` for each device it handed out.
///
/// The display's pause and resume are the session's: a pause of a DRM card (major 226) or a
/// framebuffer (major 29) pauses the kiosk; input devices follow, since the runner suspends
/// libinput with the display.
package final class LogindSeatSession: Session {
    package let logind: LogindSession
    /// Device majors whose pause or resume is the display's: DRM cards and framebuffers.
    static let displayMajors: Set<UInt32> = [226, 29]
    private var onChange: ((SessionChange) -> Void)?
    private let clockOrigin: Int64

    /// - Parameter clockOrigin: CLOCK_MONOTONIC nanoseconds of `Instant.zero`, to turn sd-bus's
    ///   timeouts into deadlines on the program's time line.
    package init(_ logind: LogindSession, clockOrigin: Int64) {
        self.logind = logind
        self.clockOrigin = clockOrigin
    }

    package var opener: DeviceOpener { logind }
    package var name: String { logind.name }
    /// A session on a background VT gets its devices without DRM master: the kiosk starts
    /// paused and takes the display when logind resumes it.
    package var isActive: Bool { (try? logind.isActive()) != false }

    package func start(loop: EventLoop, onChange: @escaping (SessionChange) -> Void) throws {
        self.onChange = onChange
        logind.onPause = { major, _ in
            guard Self.displayMajors.contains(major) else { return }
            onChange(.paused(reason: "session paused"))
        }
        logind.onResume = { major, _, _ in
            guard Self.displayMajors.contains(major) else { return }
            onChange(.resumed(reason: "session resumed"))
        }
        try loop.register(fd: logind.fileDescriptor) { [weak self] in self?.poll() }
    }

    /// sd-bus reads logind's signals while it waits for replies to our own calls (TakeDevice,
    /// ReleaseDevice); those sit in its queue without making the bus descriptor readable, so the
    /// queue is drained on every pass of the loop, not only when the descriptor fires.
    package func poll() {
        do { try logind.dispatch() } catch {
            onChange?(.lost(reason: "lost logind: \(error)"))
        }
    }

    package var nextDeadline: Instant? {
        logind.dispatchDeadline.map { Instant(nanoseconds: $0 - clockOrigin) }
    }

    package func stop() {}
}
