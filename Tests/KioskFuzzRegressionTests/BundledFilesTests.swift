import Testing
@testable import KioskFuzzing

/// The fuzz targets hold copies of two repository files so that a fuzz run reads no file.
@Suite("Fuzz bundled files")
struct BundledFilesTests {
    @Test("the bundled dialog template is config/popups/dialog.json")
    func dialogTemplate() throws {
        #expect(BundledFiles.dialogTemplate == (try FuzzFiles.text("config/popups/dialog.json")),
                "copy config/popups/dialog.json into Sources/KioskFuzzing/BundledFiles.swift")
    }

    @Test("the bundled demo config is config/demo.json")
    func demoConfig() throws {
        #expect(BundledFiles.demoConfig == (try FuzzFiles.text("config/demo.json")),
                "copy config/demo.json into Sources/KioskFuzzing/BundledFiles.swift")
    }
}
