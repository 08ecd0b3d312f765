import Testing
import KioskCore

/// What a language code says about direction and numbers, and how a number style follows it.
@Suite("Language conventions")
struct LanguageConventionsTests {
    static let rightToLeftCodes = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "yi", "dv", "ckb", "ug",
                                   "ar-EG", "AR", "he_IL", "fa-IR", "ku-Arab", "az-Arab-IR"]
    static let leftToRightCodes = ["en", "de", "hi", "zh-Hans", "ja", "", "arz-Latn", "ar-Latn", "-", "english",
                                   "era", "heb", "ku"]

    @Test("Arabic, Hebrew, Persian, Urdu and the other right-to-left languages, with or without a region",
          arguments: rightToLeftCodes)
    func rightToLeft(code: String) {
        #expect(LayoutDirection.of(language: code) == .rightToLeft)
        #expect(LayoutDirection.of(language: code).isRightToLeft)
    }

    @Test("every other language, a Latin-script Arabic and a code that only starts like one read left to right",
          arguments: leftToRightCodes)
    func leftToRight(code: String) {
        #expect(LayoutDirection.of(language: code) == .leftToRight)
    }

    @Test("a text's direction is its first strong letter's; without one, the fallback")
    func textDirection() {
        #expect(LayoutDirection.of(text: "12 مرحبا OK", otherwise: .leftToRight) == .rightToLeft)
        #expect(LayoutDirection.of(text: "42 Welcome مرحبا", otherwise: .rightToLeft) == .leftToRight)
        #expect(LayoutDirection.of(text: "שלום", otherwise: .leftToRight) == .rightToLeft)
        #expect(LayoutDirection.of(text: "30.0 %", otherwise: .rightToLeft) == .rightToLeft)
        #expect(LayoutDirection.of(text: "", otherwise: .leftToRight) == .leftToRight)
    }

    @Test("a number with its unit reads left to right unless its unit is written in a right-to-left script")
    func numberDirection() {
        #expect(LayoutDirection.ofNumber("30.0 %") == .leftToRight)
        #expect(LayoutDirection.ofNumber("12,5 °C") == .leftToRight)
        #expect(LayoutDirection.ofNumber("12.0 °م") == .rightToLeft)
    }

    @Test("German, French, Russian, Turkish, Indonesian and the other decimal-comma languages write a comma")
    func decimalComma() {
        for code in ["de", "fr", "es", "it", "pt", "nl", "ru", "pl", "tr", "sv", "da", "fi", "nb", "cs", "uk",
                     "el", "hu", "ro", "id", "vi", "de-AT", "pt_BR", "FR-ca"] {
            #expect(NumberConventions.of(language: code).decimalMark == ",", "\(code)")
        }
    }

    @Test("English, Hindi, Arabic, Hebrew, Japanese and Swiss German write a point")
    func decimalPoint() {
        for code in ["en", "en-GB", "hi", "ar", "he", "ja", "zh", "de-CH", "it-CH", "es-MX", "es-419", "", "xx"] {
            #expect(NumberConventions.of(language: code) == .standard, "\(code)")
        }
    }

    @Test("a plain style takes the language's decimal mark: 21.5 °C in English, 21,5 °C in German")
    func plainStyleFollowsLanguage() throws {
        let style = try NumberStyle.parse(".1 °C").get()
        #expect(style.followsLanguage)
        #expect(style.write(21.5, conventions: .of(language: "en")) == "21.5 °C")
        #expect(style.write(21.5, conventions: .of(language: "de")) == "21,5 °C")
        #expect(try NumberStyle.parse(".0 %").get().write(38.4, conventions: .decimalComma) == "38 %")
        #expect(try NumberStyle.parse(".2").get().write(-1.25, conventions: .decimalComma) == "-1,25")
    }

    @Test("a style that names a grouping or writes a comma is written exactly as written, in any language")
    func chosenStyleIsKept() throws {
        for format in [",.2", "_,1 °C", ",2", "'.0", "..2"] {
            guard let style = try? NumberStyle.parse(format).get() else { continue }
            #expect(!style.followsLanguage, "\(format)")
            for conventions in [NumberConventions.standard, .decimalComma] {
                #expect(style.write(1234.5, conventions: conventions) == style.write(1234.5), "\(format)")
            }
        }
        #expect(try NumberStyle.parse(",.2").get().write(1234.5, conventions: .standard) == "1,234.50")
    }

    @Test("write(_:) keeps today's output whatever the language tables say")
    func writeUnchanged() throws {
        #expect(try NumberStyle.parse(".1 °C").get().write(21.5) == "21.5 °C")
        #expect(try NumberStyle.parse(",1").get().write(21.5) == "21,5")
    }

    @Test("a rectangle mirrored across its container lands at the same distance from the other edge")
    func mirroredRect() {
        let container = Rect(100, 0, 200, 50)
        #expect(Rect(110, 5, 30, 10).mirrored(across: container) == Rect(260, 5, 30, 10))
        #expect(Rect(110, 5, 30, 10).mirrored(across: container).mirrored(across: container) == Rect(110, 5, 30, 10))
        #expect(container.mirrored(across: container) == container)
    }
}
