import CConsoleShim
@preconcurrency import Glibc

/// The Linux virtual terminal the kiosk's display belongs to, put into graphics mode and
/// process-controlled switching while the kiosk runs.
///
/// - `KDSETMODE KD_GRAPHICS`: the kernel console stops drawing on this VT (no blinking cursor
///   over the kiosk, no console blanking after a timeout, no kernel messages painted on top).
/// - `VT_SETMODE VT_PROCESS`: a VT switch (Ctrl+Alt+Fn, `chvt`) no longer happens behind our
///   back. The kernel sends **SIGUSR1** (release) to the process that set the mode and waits
///   until it answers; after switching back it sends **SIGUSR2** (acquire):
///
///       SIGUSR1 → backend.pause(); vt.acknowledgeRelease()    (VT_RELDISP 1: switch away now)
///       SIGUSR2 → vt.acknowledgeAcquire(); try backend.resume() (VT_RELDISP VT_ACKACQ)
///
///   The main loop must block SIGUSR1 and SIGUSR2 and read them from a signalfd *before*
///   ``enterGraphicsMode()`` (their default action ends the process). A release that is never
///   acknowledged leaves the switch hanging, so answer every SIGUSR1.
///
/// `restore()` puts back KD_TEXT and VT_AUTO; it runs on every exit the process sees. After a
/// crash the VT stays in graphics mode: systemd's `TTYReset=yes` (or `kbd_mode`/`setfont`) on the
/// unit repairs it.
///
/// Under logind, logind owns the VT: it sets KD_GRAPHICS itself for the session's device
/// users and reports switches as PauseDevice/ResumeDevice; do not use this type then.
package final class VirtualTerminal {
    /// The VT's device node, `/dev/tty7`.
    package let path: String
    /// The VT number (7 for `/dev/tty7`).
    package let number: Int
    private let fd: Int32
    private var graphics = false
    private var processControlled = false

    /// The signal the kernel sends when a switch away is requested.
    package static let releaseSignal = SIGUSR1
    /// The signal the kernel sends when the VT is ours again.
    package static let acquireSignal = SIGUSR2

    /// Opens the VT at `path`, or finds one: standard input if it is a VT (started from a
    /// console or by systemd with `TTYPath=` + `StandardInput=tty`), else the foreground VT
    /// (`/dev/tty0` + VT_GETSTATE) if we may open it. Nil when there is none or no access
    /// (started over ssh, in a container, by a service without a tty): then nothing is done.
    package init?(path: String?) {
        let candidates: [String]
        if let path {
            candidates = [path]
        } else {
            var found: [String] = []
            if isatty(0) == 1, let name = ttyname(0) { found.append(String(cString: name)) }
            if let active = Self.activeVT() { found.append("/dev/tty\(active)") }
            candidates = found
        }
        for candidate in candidates {
            // O_NOCTTY: a service without a controlling terminal must not acquire this one
            // (a hang-up on it would then kill the kiosk).
            let fd = open(candidate, O_RDWR | O_CLOEXEC | O_NOCTTY)
            guard fd >= 0 else { continue }
            if let number = Self.vtNumber(fd) {
                self.fd = fd
                self.path = candidate
                self.number = number
                return
            }
            close(fd)
        }
        return nil
    }

    deinit {
        restore()
        close(fd)
    }

    /// Sets KD_GRAPHICS and process-controlled switching (signals above). The caller must have
    /// blocked SIGUSR1/SIGUSR2 first.
    package func enterGraphicsMode() throws(DeviceError) {
        var result = kiosk_vt_set_kd_mode(fd, KIOSK_KD_GRAPHICS)
        guard result == 0 else { throw DeviceError(path: path, call: "ioctl(KDSETMODE, KD_GRAPHICS)", errno: -result) }
        graphics = true
        result = kiosk_vt_set_process_mode(fd, Self.releaseSignal, Self.acquireSignal)
        guard result == 0 else { throw DeviceError(path: path, call: "ioctl(VT_SETMODE, VT_PROCESS)", errno: -result) }
        processControlled = true
    }

    /// Lets the requested switch away happen (VT_RELDISP 1). Call after pausing the backend.
    package func acknowledgeRelease() {
        guard processControlled else { return }
        _ = kiosk_vt_allow_release(fd)
    }

    /// Confirms we have the VT again (VT_RELDISP VT_ACKACQ). Call before resuming the backend.
    package func acknowledgeAcquire() {
        guard processControlled else { return }
        _ = kiosk_vt_acknowledge_acquire(fd)
    }

    /// Switches to this VT (VT_ACTIVATE), e.g. when the kiosk was started on a background VT.
    package func activate() throws(DeviceError) {
        let result = kiosk_vt_activate(fd, Int32(number))
        guard result == 0 else { throw DeviceError(path: path, call: "ioctl(VT_ACTIVATE)", errno: -result) }
    }

    /// KD_TEXT and VT_AUTO again. Idempotent.
    package func restore() {
        if processControlled {
            _ = kiosk_vt_set_auto_mode(fd)
            processControlled = false
        }
        if graphics {
            _ = kiosk_vt_set_kd_mode(fd, KIOSK_KD_TEXT)
            graphics = false
        }
    }

    /// The VT number of an open descriptor (a tty character device with major TTY_MAJOR and
    /// minor 1…63), or nil for anything else (a serial line, a pty, /dev/tty0 itself).
    static func vtNumber(_ fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR,
              kiosk_dev_major(info.st_rdev) == KIOSK_TTY_MAJOR else { return nil }
        let minor = kiosk_dev_minor(info.st_rdev)
        guard minor >= 1 && minor <= KIOSK_MAX_VT else { return nil }
        // KDGETMODE answers only on a console; it rules out odd device nodes.
        var mode: Int32 = 0
        guard kiosk_vt_get_kd_mode(fd, &mode) == 0 else { return nil }
        return Int(minor)
    }

    /// The foreground VT's number from /dev/tty0 (VT_GETSTATE), nil without access.
    static func activeVT() -> Int? {
        let fd = open("/dev/tty0", O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var active: UInt16 = 0
        guard kiosk_vt_get_active(fd, &active) == 0, active > 0 else { return nil }
        return Int(active)
    }
}
