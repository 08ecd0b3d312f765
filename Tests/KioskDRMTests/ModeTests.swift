import KioskBackend
import KioskCore
import Testing
@testable import KioskDRM

@Test("mode strings with and without a refresh rate are parsed", arguments: [
    ("800x480", 800, 480, nil),
    ("1920x1080@60", 1920, 1080, 60),
    ("1920x1080@59.94", 1920, 1080, 60),
    ("480x800@75", 480, 800, 75),
] as [(String, Int, Int, Int?)])
func modeStringsParse(text: String, width: Int, height: Int, refresh: Int?) throws {
    let mode = try DRMOptions.parseMode(text)
    #expect(mode.width == width && mode.height == height && mode.refresh == refresh)
}

@Test("malformed mode strings are refused with the expected form",
      arguments: ["", "800", "800x", "x480", "800x480@", "800x480@abc", "0x480", "800x-1", "800x480@60@60", "800*480"])
func badModeStringsFail(text: String) {
    #expect {
        try DRMOptions.parseMode(text)
    } throws: { error in
        "\(error)".hasSuffix("expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 800x480 or 1920x1080@60")
    }
}

@Test("the refresh interval comes from the pixel clock when the mode has timings")
func refreshIntervalFromTimings() {
    // CEA 1920x1080@60: 148.5 MHz, 2200 x 1125 → exactly 1/60 s.
    let hd = DisplayMode.frameInterval(clockKHz: 148_500, htotal: 2200, vtotal: 1125, interlaced: false,
                                       doubleScan: false, vscan: 0)
    #expect(hd == .nanoseconds(16_666_666))
    // 59.94 Hz variant (148.352 MHz): a little longer than 1/60 s.
    let ntsc = DisplayMode.frameInterval(clockKHz: 148_352, htotal: 2200, vtotal: 1125, interlaced: false,
                                         doubleScan: false, vscan: 0)!
    #expect(ntsc > .nanoseconds(16_683_000) && ntsc < .nanoseconds(16_684_000))
    // Interlaced: a field every half frame.
    let field = DisplayMode.frameInterval(clockKHz: 74_250, htotal: 2200, vtotal: 1125, interlaced: true,
                                          doubleScan: false, vscan: 0)
    #expect(field == .nanoseconds(16_666_666))
}

@Test("without timings the refresh interval is one over the listed rate, and the pacer's 60 Hz when that is 0")
func refreshIntervalFallbacks() {
    #expect(DisplayMode(width: 800, height: 480, refresh: 50).refreshInterval == .milliseconds(20))
    #expect(DisplayMode(width: 800, height: 480, refresh: 0).refreshInterval == OutputPacer.fallbackRefreshInterval)
}

@Test("a flip timestamp is moved onto the program's time line")
func flipTimestampUsesClockOrigin() {
    let t = DRMBackend.flipInstant(seconds: 12, microseconds: 500_000, clockOrigin: 10_000_000_000, monotonic: true,
                                   fallback: .zero)
    #expect(t == Instant(nanoseconds: 2_500_000_000))
}

@Test("a flip without a usable timestamp is dated when it was requested")
func flipTimestampFallback() {
    let requested = Instant.milliseconds(40)
    #expect(DRMBackend.flipInstant(seconds: 12, microseconds: 0, clockOrigin: 0, monotonic: false,
                                   fallback: requested) == requested)
    #expect(DRMBackend.flipInstant(seconds: 0, microseconds: 0, clockOrigin: 0, monotonic: true,
                                   fallback: requested) == requested)
}
