@preconcurrency import Glibc
import KioskLoop

/// A panel's backlight (`/sys/class/backlight/NAME`): what dims the screen and turns it dark
/// where there is one, instead of the renderer's black shade.
///
/// `brightness` is written directly when the kiosk may (root, or a udev rule giving the
/// `video` group write access); else through logind's `Session.SetBrightness`, which lets the
/// session's owner set the backlights of its seat without any permission on sysfs. The
/// brightness found at start is what `on` restores, and `restore()` leaves it so at exit.
package final class Backlight {
    /// The device's name in sysfs (`intel_backlight`, `rpi_backlight`), as logind wants it.
    package let name: String
    /// `max_brightness`.
    package let maximum: Int
    /// The brightness when the kiosk started: what `on` and `restore()` put back.
    package let initial: Int
    /// The value last written.
    package private(set) var current: Int
    /// How values are written: `direct` or `logind` (for the log line).
    package let route: String
    private let write: (Int) throws(BacklightError) -> Void

    /// Sets brightness by name through logind (`SetBrightness("backlight", name, value)`).
    package typealias SessionWriter = (_ name: String, _ value: Int) throws -> Void

    /// The backlight `name` (nil: the first, by name, in `root`), or nil when there is none.
    ///
    /// - Parameters:
    ///   - root: the sysfs class folder (a test's fake one).
    ///   - session: writes through logind when `brightness` is not writable; nil: no fallback,
    ///     and a read-only `brightness` is an error.
    /// - Throws: a named backlight that does not exist, unreadable or nonsensical values, or no
    ///   way to write.
    package static func find(named name: String? = nil, root: String = "/sys/class/backlight",
                            session: SessionWriter? = nil) throws(BacklightError) -> Backlight? {
        let chosen: String
        if let name {
            guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                throw BacklightError(path: root, message: "\"\(name)\" is not a backlight device name")
            }
            chosen = name
        } else {
            guard let first = entries(of: root).sorted().first else { return nil }
            chosen = first
        }
        return try Backlight(folder: root + "/" + chosen, name: chosen, session: session)
    }

    /// The backlight in `folder` (which holds `brightness` and `max_brightness`).
    package init(folder: String, name: String, session: SessionWriter? = nil) throws(BacklightError) {
        let brightnessPath = folder + "/brightness"
        let maximum = try Self.readNumber(folder + "/max_brightness")
        guard maximum > 0 else { throw BacklightError(path: folder + "/max_brightness", message: "is \(maximum); must be positive") }
        let initial = min(max(try Self.readNumber(brightnessPath), 0), maximum)
        self.name = name
        self.maximum = maximum
        self.initial = initial
        current = initial
        if access(brightnessPath, W_OK) == 0 {
            route = "direct"
            write = { value throws(BacklightError) in try Self.writeNumber(value, to: brightnessPath) }
        } else if let session {
            route = "logind"
            write = { value throws(BacklightError) in
                do { try session(name, value) } catch {
                    throw BacklightError(path: brightnessPath, message: "SetBrightness: \(error)")
                }
            }
        } else {
            throw BacklightError(path: brightnessPath, message: "is not writable and there is no logind session to write it")
        }
    }

    /// Full (the brightness at start), `level` (0…1) of the maximum, or 0 for off. A dim level
    /// above zero never rounds to 0: on many panels 0 is the backlight off.
    package func set(level: Double?) throws(BacklightError) {
        let value: Int
        switch level {
        case nil: value = initial
        case let level?:
            let clamped = min(max(level.isNaN ? 0 : level, 0), 1)
            value = clamped == 0 ? 0 : max(1, Int((clamped * Double(maximum)).rounded()))
        }
        guard value != current else { return }
        try write(value)
        current = value
    }

    /// The brightness found at start, put back (at exit); errors are ignored: nothing is left to tell.
    package func restore() { try? set(level: nil) }

    /// `backlight intel_backlight (logind, 120/937)`: for the log line.
    package var description: String { "backlight \(name) (\(route), \(current)/\(maximum))" }

    // MARK: sysfs

    private static func entries(of folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    static func readNumber(_ path: String) throws(BacklightError) -> Int {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BacklightError(path: path, message: SystemCallError.message(errno)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { throw BacklightError(path: path, message: count < 0 ? SystemCallError.message(errno) : "is empty") }
        let text = String(decoding: bytes[..<count], as: UTF8.self).trimmingWhitespace
        guard let value = Int(text), value >= 0 else { throw BacklightError(path: path, message: "holds \"\(text)\", not a number") }
        return value
    }

    static func writeNumber(_ value: Int, to path: String) throws(BacklightError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BacklightError(path: path, message: SystemCallError.message(errno)) }
        defer { close(fd) }
        let bytes = Array("\(value)\n".utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw BacklightError(path: path, message: written < 0 ? SystemCallError.message(errno) : "short write")
        }
    }
}

/// A backlight that could not be read or written, with the file it is about.
package struct BacklightError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The sysfs file (or folder).
    package var path: String
    /// What went wrong.
    package var message: String

    /// A problem with `path`.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        return String(scalars)
    }
}
