import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskUI
import Testing

/// A config that must be rejected, with the exact messages `kiosk check` will print. `files`
/// are the files its popups may name (path as written → text); any other is missing.
package struct BadConfig: Sendable, CustomTestStringConvertible {
    package let name: String
    package let json: String
    package let expected: [String]
    package let files: [String: String]

    package init(_ name: String, _ json: String, _ expected: String..., files: [String: String] = [:]) {
        self.name = name; self.json = json; self.expected = expected; self.files = files
    }

    package var testDescription: String { name }
}

/// A config with one screen "main" holding `controls`: the first control is on line 2, the
/// next on line 3, and so on.
package func mainScreen(_ controls: String...) -> String {
    #"{"startScreen": "main", "screens": [{"id": "main", "controls": ["# + "\n"
        + controls.joined(separator: ",\n") + "\n]}]}"
}

/// The messages for `json` read as "demo.json", with `files` as the only other files.
package func problems(in json: String, files: [String: String] = [:]) -> [String] {
    do {
        _ = try ConfigLoader.decode(json, file: "demo.json", readFile: reader(files), inspectImage: images(files))
        return []
    } catch {
        return error.problems.map(\.description)
    }
}

/// A file reader over a dictionary, failing like `open(2)` for anything else, and counting
/// the reads (to show that a shared template is read once).
package final class MemoryFiles: @unchecked Sendable {
    package let files: [String: String]
    package private(set) var reads: [String] = []

    package init(_ files: [String: String]) { self.files = files }

    package func read(_ path: String) -> Result<String, FileReadProblem> {
        reads.append(path)
        guard let text = files[path] else { return .failure(FileReadProblem(reason: "No such file or directory")) }
        return .success(text)
    }
}

package func reader(_ files: [String: String]) -> ConfigLoader.FileReader { MemoryFiles(files).read }

/// An image inspector over the same dictionary: a file whose text is `image WxH` is an image
/// of that size (at `/kiosk/` + its path); any other text is the reason it is refused, as the
/// real inspector (KioskService's `ImageLibrary`) words it; a missing one cannot be read.
package func images(_ files: [String: String]) -> ConfigLoader.ImageInspector {
    { source, _ in
        guard let text = files[source] else {
            return .failure(FileReadProblem(reason: "cannot be read: No such file or directory"))
        }
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0] == "image" else { return .failure(FileReadProblem(reason: text)) }
        let sides = parts[1].split(separator: "x").compactMap { Double($0) }
        return .success(ImageReference(path: "/kiosk/" + source, size: Size(sides[0], sides[1])))
    }
}

/// A template that sets only what it must: every other key takes its default.
package let minimalTemplate = """
    {"box": {"frame": [200, 110, 400, 260]}, "title": {"frame": [24, 20, 352, 36]},
     "text": {"frame": [24, 64, 352, 110]}, "buttons": {"frame": [24, 192, 352, 48]}}
    """

/// A file of the repository, as text.
package func repositoryFile(_ path: String) throws -> String {
    try String(contentsOfFile: TestFiles.path(path), encoding: .utf8)
}
