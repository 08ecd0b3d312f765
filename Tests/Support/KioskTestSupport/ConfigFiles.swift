import Foundation
import KioskConfig
import KioskControls

extension TestFiles {
    /// A file reader relative to `directory` of the package, as `kiosk` reads the files a
    /// config names (its popup templates): a file that cannot be read is the error's reason.
    public static func configReader(directory: String) -> ConfigLoader.FileReader {
        let folder = packageRoot.appendingPathComponent(directory)
        return { path in
            do {
                return .success(try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8))
            } catch {
                return .failure(FileReadProblem(reason: "\(error)"))
            }
        }
    }

    /// The config at `relative` (e.g. "config/demo.json") with its popup templates, read as
    /// `kiosk` reads them (files relative to the config's folder); `reading` sees each path
    /// that the config names, as written.
    public static func loadConfig(_ relative: String, reading: (String) -> Void = { _ in }) throws
        -> KioskConfiguration {
        try loadConfig(relative, replacingText: [:], reading: reading)
    }

    /// The same with the `"text"` of each control named in `texts` (by id) replaced, as
    /// written in the file (a JSON string's inside): one config file serves a test that needs
    /// a label to say something else.
    public static func loadConfig(_ relative: String, replacingText texts: [String: String],
                                  reading: (String) -> Void = { _ in }) throws -> KioskConfiguration {
        let url = packageRoot.appendingPathComponent(relative)
        var json = try String(contentsOf: url, encoding: .utf8)
        for (id, text) in texts {
            guard let control = json.range(of: "\"id\": \"\(id)\""),
                  let key = json.range(of: "\"text\": \"", range: control.upperBound..<json.endIndex),
                  let end = json.range(of: "\"", range: key.upperBound..<json.endIndex) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path,
                                                                  NSLocalizedDescriptionKey: "no text of \(id) to replace"])
            }
            json.replaceSubrange(key.upperBound..<end.lowerBound, with: text)
        }
        let files = configReader(directory: (relative as NSString).deletingLastPathComponent)
        return try ConfigLoader.decode(json, file: url.lastPathComponent) { path in
            reading(path)
            return files(path)
        }
    }
}
