@preconcurrency import Glibc
import KioskDevice
import Testing

/// logind itself is exercised in the VM (`examples/logind-test.sh` shape); here there is no
/// system bus, which is exactly the case `automatic()` must survive.
@Suite("Device access without logind")
struct LogindSessionTests {
    static var hasSystemBus: Bool { access("/run/dbus/system_bus_socket", F_OK) == 0 }

    @Test(.enabled(if: !hasSystemBus, "a system bus is present; the fallback is not what happens here"))
    func withoutASessionDevicesAreOpenedDirectlyAndTheLogSaysWhy() {
        var lines: [String] = []
        let opener = LogindSession.automatic { lines.append($0) }
        #expect(opener is DirectOpener)
        #expect(opener.name == "direct")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("sd_bus_open_system") == true)
    }

    @Test(.enabled(if: !hasSystemBus, "a system bus is present"))
    func aLogindSessionNeedsTheSystemBus() {
        #expect(throws: LogindError(call: "sd_bus_open_system", errno: ENOENT)) { _ = try LogindSession() }
        #expect("\(LogindError(call: "sd_bus_open_system", errno: ENOENT))" == "logind: sd_bus_open_system: No such file or directory")
    }

    @Test func busErrorsAreReportedInLogindsWords() {
        let error = LogindError(
            call: "TakeControl", errno: EBUSY, busError: "org.freedesktop.DBus.Error.AccessDenied: Cannot set controller")
        #expect("\(error)" == "logind: TakeControl: org.freedesktop.DBus.Error.AccessDenied: Cannot set controller")
    }

    @Test func deviceNumbersSplitLikeGlibc() throws {
        #expect(try DeviceNumber(path: "/dev/null") == DeviceNumber(major: 1, minor: 3))
        // DRM card0 226:0, evdev 13:64, and numbers past glibc's 8/12-bit boundaries
        // (python3 -c 'import os; print(hex(os.makedev(0x1234, 0x100056)))').
        #expect(DeviceNumber(rdev: 0xE200) == DeviceNumber(major: 226, minor: 0))
        #expect(DeviceNumber(rdev: 0x0D40) == DeviceNumber(major: 13, minor: 64))
        #expect(DeviceNumber(rdev: 0x1001_0002_3456) == DeviceNumber(major: 0x1234, minor: 0x100056))
        #expect("\(DeviceNumber(major: 226, minor: 0))" == "226:0")
    }

    @Test func aDeviceNumberNeedsACharacterDevice() {
        #expect(throws: DeviceError.self) { try DeviceNumber(path: "/tmp") }
        #expect(throws: DeviceError(path: "/nonexistent-kiosk", call: "stat", errno: ENOENT)) {
            try DeviceNumber(path: "/nonexistent-kiosk")
        }
    }
}
