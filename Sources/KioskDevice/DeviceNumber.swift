@preconcurrency import Glibc

/// A device node's number (`st_rdev`) split into major and minor, as logind's `TakeDevice`,
/// `PauseDevice` and `ResumeDevice` speak it. The main loop uses it to tell which device a
/// logind signal is about ("is this pause for the DRM card?").
package struct DeviceNumber: Hashable, Sendable, CustomStringConvertible {
    package var major: UInt32
    package var minor: UInt32

    package init(major: UInt32, minor: UInt32) {
        self.major = major; self.minor = minor
    }

    /// Splits a `dev_t` with the masks of glibc's `gnu_dev_major`/`gnu_dev_minor` (the
    /// `major()` and `minor()` macros are not importable): 12 + 20 bits of major and 8 + 24
    /// of minor, interleaved.
    package init(rdev: UInt64) {
        major = UInt32(truncatingIfNeeded: ((rdev & 0x0000_0000_000f_ff00) >> 8) | ((rdev & 0xffff_f000_0000_0000) >> 32))
        minor = UInt32(truncatingIfNeeded: (rdev & 0x0000_0000_0000_00ff) | ((rdev & 0x0000_0fff_fff0_0000) >> 12))
    }

    /// The number of the character device at `path` (following symlinks such as
    /// `/dev/input/by-id/…`). Throws for a missing path or one that is not a character device.
    package init(path: String) throws(DeviceError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw DeviceError(path: path, call: "stat", errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw DeviceError(path: path, call: "stat", errno: ENODEV, hint: "not a character device node")
        }
        self.init(rdev: UInt64(info.st_rdev))
    }

    /// The number of the device an open descriptor refers to (`fstat`); nil if it is not a
    /// character device or not open.
    init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return nil }
        self.init(rdev: UInt64(info.st_rdev))
    }

    /// `226:0`, as `ls -l` and logind's messages print it.
    package var description: String { "\(major):\(minor)" }
}
