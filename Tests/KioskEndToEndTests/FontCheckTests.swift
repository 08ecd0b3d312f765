import Foundation
import KioskTestSupport
import Testing

/// What `kiosk check` says about fonts: the Debian packages a config needs (`--fonts`, what
/// scripts/install.sh installs), and a warning for emoji when no colour emoji font is
/// installed, with which the kiosk still runs and draws the rest of the text.
@Suite("Fonts a config needs")
struct FontCheckTests {
    static let config = #"""
        {"display": {"designSize": [400, 120]}, "startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "button", "id": "lamp", "frame": [10, 10, 180, 48], "title": "Light", "icon": "lightbulb"},
          {"type": "label", "id": "hello", "frame": [10, 70, 380, 40], "text": "नमस्ते ☕ 💡"}]}]}
        """#
    /// fontconfig's own configuration, less the colour emoji font: a machine without it.
    static let withoutEmoji = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <include ignore_missing="no">/etc/fonts/fonts.conf</include>
          <selectfont><rejectfont><pattern><patelt name="family"><string>Noto Color Emoji</string></patelt></pattern></rejectfont></selectfont>
        </fontconfig>
        """

    @Test("kiosk check --fonts prints the packages of the default font, Devanagari, icons and emoji")
    func fontPackages() throws {
        let dir = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.config.utf8).write(to: dir.appendingPathComponent("kiosk.json"))
        let out = try KioskProcess.shell("kiosk check --fonts kiosk.json", in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines == ["fonts-dejavu-core", "fonts-lohit-deva", "fonts-material-design-icons-iconfont",
                              "fonts-noto-color-emoji"])
    }

    @Test("without a colour emoji font: check warns at the text and passes; the kiosk runs and draws")
    func withoutColourEmoji() throws {
        let dir = try TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.config.utf8).write(to: dir.appendingPathComponent("kiosk.json"))
        try Data(Self.withoutEmoji.utf8).write(to: dir.appendingPathComponent("fonts.conf"))
        let out = try KioskProcess.shell("""
            export FONTCONFIG_FILE=$PWD/fonts.conf
            kiosk check kiosk.json && kiosk run --config kiosk.json --backend headless --until 50 --screenshot shot.png
            """, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines == [#"kiosk.json: screens[0].controls[1].text: warning: "नमस्ते ☕ 💡" has emoji and no colour emoji font "#
                              + "is installed (the Debian package fonts-noto-color-emoji) (line 3)",
                              "kiosk.json: OK (1 screens, 2 controls, 0 panels, 0 popups)"])
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("shot.png").path))
        // And with it, no warning.
        let plain = try KioskProcess.shell("kiosk check kiosk.json", in: dir)
        #expect(plain.lines == ["kiosk.json: OK (1 screens, 2 controls, 0 panels, 0 popups)"])
    }
}
