import KioskService
import Testing

@Suite("File paths are bytes")
struct FilePathTests {
    @Test("a path that is not UTF-8 keeps its bytes and shows each invalid one as \\xNN")
    func invalidBytes() {
        let path = FilePath(bytes: Array("café/".utf8) + [0xFF, 0xFE] + Array("x.json".utf8))
        #expect(path.description == "café/\\xFF\\xFEx.json")
        #expect(path.bytes.count == 14)
        #expect(path.directory.description == "café")
    }

    @Test("templates resolve against the config's folder; absolute ones stand alone")
    func appending() {
        #expect(FilePath("config/demo.json").directory.appending("popups/dialog.json") == "config/popups/dialog.json")
        #expect(FilePath("demo.json").directory.appending("popups/dialog.json") == "popups/dialog.json")
        #expect(FilePath("/kiosk.json").directory.appending("p.json") == "/p.json")
        #expect(FilePath("/etc/kiosk/k.json").directory.appending("/srv/p.json") == "/srv/p.json")
    }
}
