@preconcurrency import Glibc
import KioskLoop

/// A kiosk on its own virtual terminal, without logind: devices are opened with `open(2)`
/// (root, or the video and input groups), and the VT is the session.
///
/// ``start(loop:onChange:)`` puts the VT into graphics mode with process-controlled switching
/// (``VirtualTerminal``): the kernel console stops drawing over the kiosk, and a VT switch is
/// announced with SIGUSR1 (the runner pauses display and input, then the switch is allowed) and
/// SIGUSR2 when the VT is back (acknowledged, then the runner resumes and repaints). Without a
/// VT (started over ssh, in a container) nothing pauses: the devices are simply opened.
package final class ConsoleSession: Session {
    package let opener: DeviceOpener = DirectOpener()
    private let terminal: VirtualTerminal?
    private let log: (String, Log.Priority) -> Void
    private var signals: SignalSource?

    /// - Parameters:
    ///   - terminal: the VT's node, or nil to find it (standard input, else the foreground VT).
    ///   - log: receives a warning when the VT cannot be put into graphics mode.
    package init(terminal path: String? = nil, log: @escaping (String, Log.Priority) -> Void) {
        terminal = VirtualTerminal(path: path)
        self.log = log
    }

    package var name: String { terminal.map { "console \($0.path)" } ?? "direct, no console" }
    package var isActive: Bool { true }

    package func start(loop: EventLoop, onChange: @escaping (SessionChange) -> Void) throws {
        guard let terminal else { return }
        // The signals must be blocked and read from a signalfd before VT_SETMODE names them:
        // their default action ends the process.
        signals = try SignalSource(loop: loop, signals: [VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]) {
            signal in
            if signal == VirtualTerminal.releaseSignal {
                onChange(.paused(reason: "VT released"))
                terminal.acknowledgeRelease()
            } else {
                terminal.acknowledgeAcquire()
                onChange(.resumed(reason: "VT acquired"))
            }
        }
        do { try terminal.enterGraphicsMode() } catch { log("warning: \(error)", .warning) }
    }

    package func stop() {
        terminal?.restore()
        signals = nil
    }
}
