@testable import KioskControls
import Testing
import KioskCore
import KioskUI
@testable import KioskConfig

/// Icons by name on buttons and labels (`"icon": "lightbulb"`): the names come from the
/// installed icon font's map, an unknown one is a located error with a suggestion, and
/// without the font every name says which package to install.
@Suite("Icons by name in a config")
struct IconConfigTests {
    /// The shape of Debian's `scss/_variables.scss`, cut to four icons.
    static let sassMap = """
        $material-icons-codepoints: () !default;
        $material-icons-codepoints: map-merge((
        \t"lightbulb": e0f0,
        \t"light_mode": e518,
        \t"power_settings_new": e8ac,
        \t"thermostat": f076,
        ), $material-icons-codepoints);
        """
    static let fonts = InstalledFonts(icons: IconCatalog(sassMap: sassMap), hasColorEmoji: true)

    static func config(_ controls: String, fonts: InstalledFonts = fonts) throws(ConfigErrors) -> KioskConfiguration {
        try ConfigLoader.decode(#"{"startScreen": "main", "screens": [{"id": "main", "controls": ["#
                                + "\n" + controls + "\n]}]}", file: "k.json", readFile: ConfigLoader.noFiles, fonts: fonts)
    }

    static func problems(_ controls: String, fonts: InstalledFonts = fonts) -> [String] {
        do {
            _ = try config(controls, fonts: fonts)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("the Sass map's lines become names and code points; other lines are skipped")
    func sassMap() {
        let catalog = IconCatalog(sassMap: Self.sassMap)
        #expect(catalog.codePoints.count == 4)
        #expect(catalog.codePoints["lightbulb"] == "\u{E0F0}")
        #expect(catalog.codePoints["thermostat"] == "\u{F076}")
        #expect(catalog.isInstalled)
    }

    @Test("a bare name is an icon name; a path or a file name with an extension is an image",
          arguments: [("lightbulb", true), ("10k", true), ("power_settings_new", true), ("icons/lamp.png", false),
                      ("lamp.png", false), ("Lightbulb", false), ("light bulb", false), ("", false)])
    func nameRule(value: String, isName: Bool) {
        #expect(IconCatalog.isIconName(value) == isName)
    }

    @Test("a button's and a label's icon names become glyphs on the controls built")
    func buttonAndLabel() throws {
        let config = try Self.config("""
            {"type": "button", "id": "lamp", "frame": [10, 10, 160, 48], "title": "Light", "icon": "lightbulb"},
            {"type": "button", "id": "off", "frame": [180, 10, 48, 48], "title": "", "icon": "power_settings_new"},
            {"type": "label", "id": "temp", "frame": [10, 70, 200, 40], "text": "21 °C", "icon": "thermostat"}
            """)
        #expect(config.icons.keys.sorted() == ["lightbulb", "power_settings_new", "thermostat"])
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let lamp = try #require(scene.control(withID: "lamp") as? Button)
        #expect(lamp.iconGlyph == IconGlyph(name: "lightbulb", scalar: "\u{E0F0}"))
        #expect(lamp.icon == nil)
        let temp = try #require(scene.control(withID: "temp") as? Label)
        #expect(temp.icon?.scalar == "\u{F076}")
    }

    @Test("an unknown icon name is a located error with the closest name")
    func unknownName() {
        #expect(Self.problems(#"{"type": "button", "id": "lamp", "frame": [10, 10, 160, 48], "title": "Light", "icon": "lightbulp"}"#)
                == [#"k.json: screens[0].controls[0].icon: "lightbulp": no icon of that name; did you mean "lightbulb"? (line 2)"#])
        #expect(Self.problems(#"{"type": "label", "id": "t", "frame": [10, 10, 160, 48], "text": "", "icon": "zzzzzzzzzz"}"#)
                == [#"k.json: screens[0].controls[0].icon: "zzzzzzzzzz": no icon of that name (line 2)"#])
    }

    @Test("without the icon font, an icon name says which Debian package to install")
    func fontMissing() {
        let problems = Self.problems(#"{"type": "button", "id": "lamp", "frame": [10, 10, 160, 48], "title": "Light", "icon": "lightbulb"}"#,
                                     fonts: .none)
        #expect(problems == [#"k.json: screens[0].controls[0].icon: "lightbulb": icons need the Material Icons font; "#
                             + #"install the Debian package fonts-material-design-icons-iconfont (line 2)"#])
    }

    @Test("a label's icon is a name only; a button's may still be an image file")
    func labelTakesNoImage() {
        #expect(Self.problems(#"{"type": "label", "id": "t", "frame": [10, 10, 160, 48], "text": "x", "icon": "icons/t.png"}"#)
                == [#"k.json: screens[0].controls[0].icon: "icons/t.png" is not an icon name (a-z, 0-9 and _, as "lightbulb"); "#
                    + #"a picture goes in an image control (line 2)"#])
        let imageProblems = Self.problems(#"{"type": "button", "id": "b", "frame": [10, 10, 160, 48], "title": "x", "icon": "icons/t.png"}"#)
        #expect(imageProblems.count == 1 && imageProblems[0].contains("images need an image inspector"))
    }

    @Test("kiosk check --fonts passes any well-spelled name before the font is installed")
    func uncheckedCatalog() throws {
        let config = try Self.config(#"{"type": "button", "id": "b", "frame": [10, 10, 160, 48], "title": "x", "icon": "anything_at_all"}"#,
                                     fonts: InstalledFonts(icons: .unchecked, hasColorEmoji: true))
        #expect(config.fontPackages == ["fonts-dejavu-core", "fonts-material-design-icons-iconfont"])
    }
}
