import KioskConfig
import KioskCore
import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// The demo in each of its languages: Latin (its default, `en`, with the Hindi greeting it
/// always had), Devanagari (`hi`) and Arabic (`ar`, right to left), on its main screen and with
/// its hello popup open, each reached by a live switch from the default.
@Suite("Languages, drawn")
struct LanguageGoldenTests {
    /// The demo kiosk switched to `language` (from English, as a visitor would), with the hello
    /// popup open when `popup`.
    func demo(in language: String, popup: Bool) throws -> PixelBuffer {
        let tester = KioskTester(config: try TestFiles.loadConfig("config/demo.json"))
        try tester.step(until: .milliseconds(100))
        if language != "en" { #expect(try tester.request(#"{"op": "setLanguage", "language": "\#(language)"}"#).contains(#""ok": true"#)) }
        if popup { _ = try tester.request(#"{"op": "showPopup", "popup": "hello"}"#) }
        try tester.step(until: .seconds(1))
        return try tester.screenshot()
    }

    @Test("the demo's main screen in English, Hindi and Arabic", arguments: ["en", "hi", "ar"])
    func mainScreen(language: String) throws {
        expectMatchesGolden(try demo(in: language, popup: false), named: "demo-language-\(language)")
    }

    @Test("the demo's hello popup in English, Hindi and Arabic", arguments: ["en", "hi", "ar"])
    func helloPopup(language: String) throws {
        expectMatchesGolden(try demo(in: language, popup: true), named: "demo-popup-language-\(language)")
    }

    @Test("a switch draws exactly what a kiosk started in that language draws", arguments: ["hi", "ar"])
    func switchEqualsAFreshStart(language: String) throws {
        let switched = try demo(in: language, popup: false)
        let tester = KioskTester(config: try TestFiles.loadConfig("config/demo.json")) { scene in
            scene.setLanguage(language, sendsEvents: false)
        }
        try tester.step(until: .seconds(1))
        let fresh = try tester.screenshot()
        #expect(ImageComparison(tolerance: 0).compare(switched, to: fresh).differingPixels == 0)
    }
}
