@testable import KioskConfig
import Testing

/// The size word of a font description, found where Pango's
/// `pango_font_description_from_string` finds it.
@Suite struct FontDescriptionSizeTests {
    @Test("the last word is the size when it reads as a number, alone or with px",
          arguments: [
              ("sans-serif 18", "18", 18.0), ("sans 24px", "24px", 24), ("Sans Bold 9.5", "9.5", 9.5),
              ("DejaVu Sans,Noto Sans 12", "12", 12), ("sans,600", "600", 600), ("sans 0x10", "0x10", 16),
              ("sans 1e3 @wght=300", "1e3", 1000), ("sans 20  ", "20", 20), ("sans\t7", "7", 7),
          ])
    func sizeWord(_ description: String, _ word: String, _ value: Double) throws {
        let size = try #require(FontDescriptionSize.read(description))
        #expect(size.word == word && size.value == value)
    }

    @Test("a description whose last word is no number has no size (Pango's default applies)",
          arguments: ["sans-serif", "sans bold", "sans 12,", "sans 12pt", "sans 12 px", "Noto Sans 12 Bold", "px", "@wght=300", ""])
    func noSize(_ description: String) {
        #expect(FontDescriptionSize.read(description) == nil)
    }
}
