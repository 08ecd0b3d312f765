import Foundation

/// The package's own files and a fresh folder per test, for every test target.
public enum TestFiles {
    /// The package root: this file is Tests/Support/KioskTestSupport/TestFiles.swift.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `relative` (e.g. "config/demo.json") inside the package.
    public static func path(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

    /// A fresh temporary folder for one test's files.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
