import Testing

@testable import KioskDevice

/// How logind's PauseDevice signals are read. Found in the VM: every ReleaseDevice comes back
/// as PauseDevice "gone", and libinput releases nodes it does not use (a PC speaker) right
/// after taking them; reported as pauses, they suspended the whole seat.
@Suite("logind pause signals")
struct TakenDevicesTests {
    let touchscreen = DeviceNumber(major: 13, minor: 70)
    let speaker = DeviceNumber(major: 13, minor: 66)
    let card = DeviceNumber(major: 226, minor: 0)

    @Test func theEchoOfOurOwnReleaseIsNotAPause() {
        var devices = TakenDevices()
        devices.took(speaker, as: 20)
        #expect(devices.closing(20) == speaker)
        devices.released(speaker)
        #expect(devices.pause(speaker, type: "gone") == .releaseEcho)
        // Only one echo per release: a second "gone" is real news.
        #expect(devices.pause(speaker, type: "gone") == .gone)
    }

    @Test func aTakenDeviceThatDisappearsIsForgottenSoItIsNotReleasedAgain() {
        var devices = TakenDevices()
        devices.took(touchscreen, as: 21)
        #expect(devices.pause(touchscreen, type: "gone") == .gone)
        #expect(devices.closing(21) == nil)
        #expect(devices.isEmpty)
    }

    @Test func aSessionPauseIsAcknowledgedOnlyWhenLogindWaitsForIt() {
        var devices = TakenDevices()
        devices.took(card, as: 22)
        #expect(devices.pause(card, type: "pause") == .pause(acknowledge: true))
        #expect(devices.pause(card, type: "force") == .pause(acknowledge: false))
        #expect(devices.closing(22) == card, "a paused device is still ours")
    }

    @Test func releasesAndTheirEchoesPairUpInAnyNumber() {
        var devices = TakenDevices()
        // libinput_suspend then libinput_resume and suspend again before the bus is read.
        devices.released(speaker)
        devices.released(speaker)
        #expect(devices.pause(speaker, type: "gone") == .releaseEcho)
        #expect(devices.pause(speaker, type: "gone") == .releaseEcho)
        #expect(devices.pause(speaker, type: "gone") == .gone)
    }
}
