@testable import KioskControls
import Testing
import KioskCore
import KioskUI
@testable import KioskConfig

/// Every text of a config in one list (`KioskConfiguration.texts`), what depends on it: the
/// emoji warning without a colour emoji font, and the font packages a config needs.
@Suite("The texts of a config")
struct ConfigTextTests {
    static let json = """
        {"theme": {"font": "sans-serif 18"}, "startScreen": "main",
         "screens": [{"id": "main", "controls": [
           {"type": "label", "id": "hello", "frame": [10, 10, 300, 40], "text": "नमस्ते ☀"},
           {"type": "button", "id": "coffee", "frame": [10, 60, 200, 48], "title": "Coffee ☕", "font": "serif 20",
            "icon": "lightbulb"},
           {"type": "button", "id": "power", "frame": [220, 60, 48, 48], "title": "", "icon": "power_settings_new"},
           {"type": "list", "id": "rows", "frame": [10, 120, 300, 200], "rowHeight": 50, "rows": [
             {"controls": [{"type": "label", "id": "row0", "frame": [0, 0, 300, 50], "text": "Row 🌡️"}]}]}]}],
         "panels": [{"id": "p", "controls": [
           {"type": "label", "id": "inPanel", "frame": [10, 10, 300, 40], "text": "Panel"}]}],
         "popups": [{"id": "hi", "template": "t.json", "title": "Hi 💡", "text": "Text",
                     "buttons": [{"id": "ok", "title": "OK"}]}]}
        """
    static let template = #"""
        {"box": {"frame": [0, 0, 400, 200]}, "title": {"frame": [0, 0, 400, 40], "font": "sans-serif bold 24"},
         "text": {"frame": [0, 40, 400, 100]}, "buttons": {"frame": [0, 150, 400, 40]}}
        """#

    static func decode(colorEmoji: Bool) throws(ConfigErrors) -> KioskConfiguration {
        try ConfigLoader.decode(json, file: "k.json", readFile: { _ in .success(template) },
                                fonts: InstalledFonts(icons: IconCatalog(sassMap: IconConfigTests.sassMap),
                                                      hasColorEmoji: colorEmoji))
    }

    @Test("controls on screens, in lists and panels, and popups give their texts with their fonts and icons")
    func gathered() throws {
        let config = try Self.decode(colorEmoji: true)
        let texts = config.texts
        #expect(texts.map(\.text) == ["नमस्ते ☀", "Coffee ☕", "", "Row 🌡️", "Panel", "Hi 💡", "Text", "OK"])
        #expect(texts.map(\.font) == ["sans-serif 18", "serif 20", "sans-serif 18", "sans-serif 18", "sans-serif 18",
                                      "sans-serif bold 24", PopupTemplate.TextPart.textDefaults.font,
                                      PopupTemplate.ButtonRow.defaultFont])
        #expect(texts[1].icon?.name == "lightbulb" && texts[2].icon?.name == "power_settings_new" && texts[0].icon == nil)
        #expect(texts[1].path == "screens[0].controls[1].title")
        #expect(texts[3].path == "screens[0].controls[3] (row0).text")
        #expect(texts[5].path == "popups[0].title")
    }

    @Test("emoji without a colour emoji font are a warning at each text that has them; with one, none")
    func emojiWarning() throws {
        let warned = try Self.decode(colorEmoji: false).warnings.map(\.description)
        #expect(warned.count == 3)   // not "नमस्ते ☀": ☀ without the selector is text
        #expect(warned.first == #"k.json: screens[0].controls[1].title: warning: "Coffee ☕" has emoji and no colour emoji font "#
                + "is installed (the Debian package fonts-noto-color-emoji) (line 4)")
        #expect(warned.contains { $0.contains(#""Row 🌡️""#) && $0.contains("(line 8)") })
        #expect(warned.last == #"k.json: popups[0].title: warning: "Hi 💡" has emoji and no colour emoji font "#
                + "is installed (the Debian package fonts-noto-color-emoji) (line 11)")
        #expect(try Self.decode(colorEmoji: true).warnings.isEmpty)
    }

    @Test("emoji are the characters shown as pictures: not digits, nor text-style symbols without the selector",
          arguments: [("💡", true), ("☕", true), ("🌡️", true), ("🌡", false), ("☀", false), ("☀️", true),
                      ("#1 *", false), ("°C ⌂ ♨", false), ("नमस्ते", false)])
    func emojiScan(text: String, isEmoji: Bool) {
        #expect(EmojiScan.containsEmoji(text) == isEmoji)
    }

    @Test("the font packages: the default sans-serif always, then Devanagari, icons and emoji as the texts need")
    func fontPackages() throws {
        #expect(try Self.decode(colorEmoji: true).fontPackages
                == ["fonts-dejavu-core", "fonts-lohit-deva", "fonts-material-design-icons-iconfont", "fonts-noto-color-emoji"])
        let plain = try ConfigLoader.decode(#"{"startScreen": "m", "screens": [{"id": "m", "controls": [{"type": "label", "id": "l", "frame": [0, 0, 10, 10], "text": "Hello"}]}]}"#,
                                            file: "k.json")
        #expect(plain.fontPackages == ["fonts-dejavu-core"])
    }
}
