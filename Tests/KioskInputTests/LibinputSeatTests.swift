@preconcurrency import Glibc
import KioskCore
import KioskDevice
import Testing

@testable import KioskInput

/// Real libinput, on a machine with no input devices (CI, containers). The device paths of
/// these tests come from the VM test (`../shared/vm`), which has uinput touchscreens.
@Suite("libinput seat without devices")
struct LibinputSeatTests {
    let panel = Size(800, 480)

    /// Records what libinput asked to open and close, and opens directly.
    final class RecordingOpener: DeviceOpener {
        var opened: [String] = []
        var closed: [Int32] = []
        var refuse: Int32?
        var name: String { "recording" }
        func open(_ path: String, flags: Int32) throws(DeviceError) -> Int32 {
            opened.append(path)
            if let refuse { throw DeviceError(path: path, call: "open", errno: refuse, hint: "a test refuses") }
            return try DirectOpener().open(path, flags: flags)
        }
        func close(_ fd: Int32) {
            closed.append(fd)
            _ = Glibc.close(fd)
        }
    }

    @Test func aSeatWithNoDevicesIsANormalState() throws {
        let seat = try LibinputSeat(opener: DirectOpener(), panelSize: panel, clockOrigin: 0)
        #expect(seat.fileDescriptor >= 0)
        #expect(seat.devices == [])
        #expect(seat.dispatch() == [])
        #expect(seat.dispatch() == [], "and stays so")
    }

    @Test func aSeatWithNoDevicesSuspendsAndResumes() throws {
        let seat = try LibinputSeat(opener: DirectOpener(), panelSize: panel, clockOrigin: 0)
        seat.suspend()
        #expect(seat.isSuspended)
        seat.suspend()  // twice is harmless
        try seat.resume()
        #expect(!seat.isSuspended)
        try seat.resume()
        #expect(seat.dispatch() == [])
    }

    @Test func anEmptyDeviceListIsANormalState() throws {
        let seat = try LibinputSeat(devicePaths: [], opener: DirectOpener(), panelSize: panel, clockOrigin: 0)
        #expect(seat.fileDescriptor >= 0)
        #expect(seat.dispatch() == [])
    }

    @Test func aMissingInputDeviceIsNamedInTheError() {
        let path = "/dev/input/event-kiosk-test-missing"
        #expect {
            _ = try LibinputSeat(devicePaths: [path], opener: DirectOpener(), panelSize: panel, clockOrigin: 0)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.path == path && error.call == "libinput_path_add_device"
                && "\(error)".hasPrefix("\(path): libinput_path_add_device: No such file or directory")
                && error.hint?.contains("plugged in") == true
        }
    }

    @Test func aPathThatIsNotADeviceNodeIsRefusedBeforeLibinputSeesIt() {
        let opener = RecordingOpener()
        #expect {
            _ = try LibinputSeat(devicePaths: ["/tmp"], opener: opener, panelSize: panel, clockOrigin: 0)
        } throws: { error in
            (error as? InputError)?.path == "/tmp" && (error as? InputError)?.reason == "not a device node"
        }
        #expect(opener.opened.isEmpty)
    }

    @Test func aDeviceNodeThatIsNotAnInputDeviceIsRefusedWithLibinputsReason() {
        // /dev/null is a character device that exists everywhere, but no evdev node. (Slow:
        // without udevd, libinput waits 2 s for udev to initialise the device.)
        let opener = RecordingOpener()
        #expect {
            _ = try LibinputSeat(devicePaths: ["/dev/null"], opener: opener, panelSize: panel, clockOrigin: 0)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            // The reason is libinput's own log, which names the path.
            return error.path == "/dev/null" && error.call == "libinput_path_add_device"
                && error.reason.contains("/dev/null")
        }
        // libinput refuses /dev/null at its udev lookup, before it asks the opener for the node:
        // nothing was opened, so nothing can be left open. (That a node libinput did open is
        // given back is the unplug and re-plug in the VM test, on a real evdev node.)
        #expect(opener.opened.isEmpty && opener.closed.isEmpty, "opened \(opener.opened), closed \(opener.closed)")
    }
}
