/// The devices a logind session controller holds, and how to read logind's `PauseDevice`
/// signals about them.
///
/// logind sends `PauseDevice(major, minor, "gone")` whenever it frees a session device
/// (`session_device_free`): when the device disappears, but also as the echo of the
/// controller's own `ReleaseDevice`. libinput opens and at once closes nodes it will not use
/// (a PC speaker), and closes every device on suspend, so echoes are frequent; taken for a
/// pause, each would suspend input for no reason. Each successful release therefore expects
/// exactly one echo, which is swallowed.
struct TakenDevices {
    /// What a `PauseDevice` signal means for the session.
    enum Pause: Equatable {
        /// The session is being deactivated; `acknowledge`: logind waits for
        /// `PauseDeviceComplete` (type "pause"), else it has already paused the device ("force").
        case pause(acknowledge: Bool)
        /// The device went away; logind has dropped it, so it must not be released again.
        case gone
        /// logind confirming our own `ReleaseDevice`: nothing happened.
        case releaseEcho
    }

    private var byDescriptor: [Int32: DeviceNumber] = [:]
    private var expectedEchoes: [DeviceNumber: Int] = [:]

    mutating func took(_ number: DeviceNumber, as fd: Int32) {
        byDescriptor[fd] = number
    }

    /// The device behind a descriptor being closed, forgotten; nil if it was not taken (or
    /// logind already dropped it).
    mutating func closing(_ fd: Int32) -> DeviceNumber? {
        byDescriptor.removeValue(forKey: fd)
    }

    /// `ReleaseDevice` succeeded: logind has queued a "gone" for it.
    mutating func released(_ number: DeviceNumber) {
        expectedEchoes[number, default: 0] += 1
    }

    mutating func pause(_ number: DeviceNumber, type: String) -> Pause {
        switch type {
        case "gone":
            if let pending = expectedEchoes[number] {
                expectedEchoes[number] = pending > 1 ? pending - 1 : nil
                return .releaseEcho
            }
            for (fd, taken) in byDescriptor where taken == number {
                byDescriptor[fd] = nil
            }
            return .gone
        case "pause":
            return .pause(acknowledge: true)
        default:  // "force", and whatever a later logind adds: already paused, nothing to answer
            return .pause(acknowledge: false)
        }
    }

    var isEmpty: Bool { byDescriptor.isEmpty }
}
