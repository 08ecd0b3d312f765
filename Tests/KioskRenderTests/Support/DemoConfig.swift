import Foundation
import KioskConfig

/// `config/demo.json` with its popup templates, read as `kiosk` reads them.
func loadDemoConfig() throws -> KioskConfiguration {
    let configDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../config").standardized
    let text = try String(contentsOf: configDirectory.appendingPathComponent("demo.json"), encoding: .utf8)
    return try ConfigLoader.decode(text, file: "demo.json") { path in
        do {
            return .success(try String(contentsOf: configDirectory.appendingPathComponent(path), encoding: .utf8))
        } catch {
            return .failure(FileReadProblem(reason: "\(error)"))
        }
    }
}
