import KioskCore
import KioskService
import KioskUI
import Testing

/// An app's `DisplayRequest` is checked against the backends' option tables as the command
/// line is: a misspelt option or a value the chosen backend cannot take is an error naming it,
/// before any device is touched.
@Suite("A display request's options")
struct DisplayRequestTests {
    func kiosk(_ request: DisplayRequest) -> Kiosk {
        let kiosk = Kiosk(designSize: Size(400, 240), display: request) { _ in
            Scene(designSize: Size(400, 240), screens: [Screen(id: "main", controls: [])])
        }
        kiosk.emit = { _ in }
        return kiosk
    }

    @Test("an option no backend has is refused, naming the options there are")
    func unknownOption() {
        let request = DisplayRequest(backend: .headless, options: ["drm-devise": "/dev/dri/card1"])
        #expect(throws: DisplayOptionError.self) { try kiosk(request).run() }
        do { _ = try kiosk(request).run() } catch let error as DisplayOptionError {
            #expect(error.message.hasPrefix("no backend has the option --drm-devise; they have --drm-device, "))
        } catch { Issue.record("\(error)") }
    }

    @Test("a value the chosen backend does not take is refused as on the command line")
    func refusedValue() throws {
        let drm = try #require(DisplayChoice.backend(named: .drm))
        #expect(throws: DisplayOptionError(message: "--mode must look like 800x480 or 1920x1080@60, not '80'")) {
            try DisplayChoice.check(["mode": "80"], for: drm)
        }
        #expect(throws: DisplayOptionError(message: "--legacy takes no value, not 'yes'")) {
            try DisplayChoice.check(["legacy": "yes"], for: drm)
        }
        try DisplayChoice.check(["mode": "1920x1080@60", "legacy": ""], for: drm)
    }

    @Test("another backend's options are left alone: a headless run given --mode runs")
    func otherBackendsOptions() throws {
        #expect(try kiosk(DisplayRequest(backend: .headless, options: ["mode": "80", "fb-device": "/dev/fb9"])).run() == 0)
    }
}
