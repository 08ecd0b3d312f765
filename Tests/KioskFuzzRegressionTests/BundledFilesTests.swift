import Testing
@testable import KioskFuzzing

/// The fuzz targets hold copies of repository files so that a fuzz run reads no file.
@Suite("Fuzz bundled files")
struct BundledFilesTests {
    @Test("the bundled dialog template is config/popups/dialog.json")
    func dialogTemplate() throws {
        // Read first: Swift Testing 6.0's #expect cannot take a `try` inside its operands.
        let file = try FuzzFiles.text("config/popups/dialog.json")
        #expect(BundledFiles.dialogTemplate == file,
                "copy config/popups/dialog.json into Sources/KioskFuzzing/BundledFiles.swift")
    }

    @Test("the bundled demo config is config/demo.json")
    func demoConfig() throws {
        let file = try FuzzFiles.text("config/demo.json")
        #expect(BundledFiles.demoConfig == file,
                "copy config/demo.json into Sources/KioskFuzzing/BundledFiles.swift")
    }

    @Test("the bundled string files are config/strings/demo/*.json")
    func demoStrings() throws {
        for language in ["en", "hi", "ar"] {
            let file = try FuzzFiles.text("config/strings/demo/\(language).json")
            #expect(BundledFiles.demoStrings["strings/demo/\(language).json"] == file,
                    "copy config/strings/demo/\(language).json into Sources/KioskFuzzing/BundledFiles.swift")
        }
    }
}
