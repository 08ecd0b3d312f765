import CLibInput
import CLibInputShim
import CUdev
@preconcurrency import Glibc
import KioskDevice
import KioskLoop

/// Owns one `struct libinput` and everything libinput keeps pointers to: the
/// `libinput_interface` (libinput stores its address, so it lives in memory allocated here,
/// never on the stack) and the ``DeviceAccess`` its callbacks reach through `user_data`.
///
/// Deinit unrefs the context, which closes every open device through `close_restricted`
/// while the opener is still alive.
final class LibinputContext {
    let pointer: OpaquePointer
    let access: DeviceAccess
    private let interface: UnsafeMutablePointer<libinput_interface>

    private init(
        access: DeviceAccess, interface: UnsafeMutablePointer<libinput_interface>,
        create: (UnsafePointer<libinput_interface>, UnsafeMutableRawPointer) -> OpaquePointer?,
        call: String
    ) throws(InputError) {
        guard let pointer = create(interface, Unmanaged.passUnretained(access).toOpaque()) else {
            interface.deinitialize(count: 1)
            interface.deallocate()
            throw InputError(call: call, reason: "libinput returned no context")
        }
        self.pointer = pointer
        self.access = access
        self.interface = interface
        // Before any device is added, so its messages come through our handler.
        kiosk_libinput_set_log_sink(pointer, Self.logSink)
        libinput_log_set_priority(pointer, LIBINPUT_LOG_PRIORITY_INFO)
    }

    deinit {
        libinput_unref(pointer)
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    /// A context fed by udev: every input device of the seat, with hot-plug
    /// (`libinput_udev_create_context`; the seat is assigned by the caller).
    static func udev(opener: DeviceOpener) throws(InputError) -> LibinputContext {
        guard let udev = udev_new() else {
            throw InputError.fromErrno(errno, call: "udev_new")
        }
        // libinput takes its own reference on the udev context.
        defer { udev_unref(udev) }
        return try LibinputContext(
            access: DeviceAccess(opener: opener), interface: makeInterface(),
            create: { libinput_udev_create_context($0, $1, udev) }, call: "libinput_udev_create_context")
    }

    /// A context for devices named by path (`libinput_path_create_context`): no hot-plug.
    static func path(opener: DeviceOpener) throws(InputError) -> LibinputContext {
        try LibinputContext(
            access: DeviceAccess(opener: opener), interface: makeInterface(),
            create: { libinput_path_create_context($0, $1) }, call: "libinput_path_create_context")
    }

    private static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(open_restricted: openRestricted, close_restricted: closeRestricted))
        return interface
    }

    // libinput's callbacks: plain C functions, so the opener comes in through user_data.

    private static let openRestricted: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafeMutableRawPointer?) -> Int32 = {
        path, flags, userData in
        guard let path, let userData else { return -EINVAL }
        return Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().open(String(cString: path), flags: flags)
    }

    private static let closeRestricted: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { fd, userData in
        guard let userData else { _ = Glibc.close(fd); return }
        Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().opener.close(fd)
    }

    /// libinput's log, to stderr as `kiosk: libinput: …` (``Log``), an error at priority err. The message arrives formatted by
    /// `CLibInputShim` (a Swift closure taking libinput's `va_list` crashes the compiler when it
    /// targets aarch64).
    private static let logSink: kiosk_libinput_log_sink = { libinput, priority, formatted in
        guard let formatted else { return }
        let line = String(cString: formatted)
        var message = Substring(line)
        while message.last == "\n" { message = message.dropLast() }
        guard !message.isEmpty else { return }
        if let libinput, let userData = libinput_get_user_data(libinput) {
            Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue().recordLog(String(message))
        }
        let isError = priority == Int32(LIBINPUT_LOG_PRIORITY_ERROR.rawValue)
        Log.write("libinput: \(isError ? "error: " : "")\(message)", priority: isError ? .error : .info)
    }
}

/// What libinput's callbacks reach through `user_data`: the opener, and the latest failure, so
/// a device that libinput could not add can be explained in an ``InputError``.
final class DeviceAccess {
    let opener: DeviceOpener
    /// The latest open that the opener refused.
    var latestOpenError: DeviceError?
    /// What libinput logged since ``forgetFailures()``, oldest first (at most a few lines): the
    /// first line usually names the cause, later ones the consequence.
    private(set) var logMessages: [String] = []

    init(opener: DeviceOpener) { self.opener = opener }

    /// `open_restricted`: a descriptor, or `-errno` as libinput expects.
    func open(_ path: String, flags: Int32) -> Int32 {
        do {
            return try opener.open(path, flags: flags)
        } catch {
            latestOpenError = error
            // libinput logs the failure without the hint (groups, logind); say it once here.
            Log.write("input: cannot open \(error) [\(opener.name)]", priority: .warning)
            return -error.errno
        }
    }

    func recordLog(_ message: String) {
        if logMessages.count < 4 { logMessages.append(message) }
    }

    /// libinput's words for the failure of the call since ``forgetFailures()``, if it said any.
    var loggedReason: String? { logMessages.isEmpty ? nil : logMessages.joined(separator: "; ") }

    /// Called before a libinput call whose failure is to be explained.
    func forgetFailures() {
        latestOpenError = nil
        logMessages = []
    }
}
