import Foundation
@testable import KioskControls
import Testing
import KioskCore
import KioskUI
@testable import KioskConfig
@testable import KioskBackend
import KioskFuzzing

/// The dictionaries give the fuzzers the schema's words; a key missing from them is a part of
/// the decoder the fuzzer reaches only by luck.
@Suite("Fuzz dictionaries")
struct FuzzDictionaryTests {
    /// The tokens of a libFuzzer dictionary: `"…"` or `name="…"` per line, with `\"`, `\\` and
    /// `\xAB` escapes; `#` starts a comment line.
    static func tokens(_ target: FuzzTarget) throws -> Set<String> {
        var tokens: Set<String> = []
        for line in try FuzzFiles.text(FuzzFiles.dictionary(target)).split(separator: "\n") {
            guard !line.hasPrefix("#"), let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""),
                  open < close else { continue }
            var bytes: [UInt8] = []
            var rest = line[line.index(after: open)..<close].utf8[...]
            while let byte = rest.popFirst() {
                guard byte == UInt8(ascii: "\\"), let escaped = rest.popFirst() else { bytes.append(byte); continue }
                if escaped == UInt8(ascii: "x"), rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                    bytes.append(value)
                    rest = rest.dropFirst(2)
                } else {
                    bytes.append(escaped)
                }
            }
            tokens.insert(String(decoding: bytes, as: UTF8.self))
        }
        return tokens
    }

    /// Every `enum CodingKeys: String, CodingKey { case … }` in the config module's sources,
    /// by file name.
    static func codingKeys() throws -> [(file: String, keys: [String])] {
        let folder = FuzzFiles.root.appendingPathComponent("Sources/KioskConfig")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        var result: [(String, [String])] = []
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in source.matches(of: /enum CodingKeys: String, CodingKey \{([^}]*)\}/) {
                let keys = match.output.1.matches(of: /case ([^\n]*)/).flatMap { clause in
                    clause.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "`"))) }
                }
                result.append((file, keys))
            }
        }
        return result
    }

    static func quoted(_ words: [String]) -> [String] { words.map { "\"\($0)\"" } }

    @Test("the config dictionary holds every key the config decoder knows, and its keywords")
    func configKeys() throws {
        let tokens = try Self.tokens(.config)
        let files = try Self.codingKeys().filter { !$0.file.hasPrefix("PopupTemplate") }
        #expect(files.count >= 12, "the CodingKeys scan found too few types: \(files.map(\.file))")
        let keywords = ControlRegistry.standard.typeNames + LabelAlignment.allCases.map(\.rawValue)
            + PanelEdge.allCases.map(\.rawValue) + TransitionKind.allCases.map(\.rawValue)
            + ButtonAction.Verb.allCases.map(\.rawValue) + ButtonAction.Modifier.allCases.map(\.rawValue)
            + ImageFit.allCases.map(\.rawValue)
        for word in Self.quoted(files.flatMap(\.keys) + keywords) {
            #expect(tokens.contains(word), "config.dict lacks \(word)")
        }
    }

    @Test("the template dictionary holds every key of a popup template, and the alignments")
    func templateKeys() throws {
        let tokens = try Self.tokens(.template)
        let files = try Self.codingKeys().filter { $0.file.hasPrefix("PopupTemplate") }
        #expect(files.count >= 4, "the CodingKeys scan found too few template parts: \(files.map(\.file))")
        for word in Self.quoted(files.flatMap(\.keys) + LabelAlignment.allCases.map(\.rawValue)) {
            #expect(tokens.contains(word), "template.dict lacks \(word)")
        }
    }

    @Test("the touch dictionary holds every key and touch type of a touch script")
    func touchKeys() throws {
        let tokens = try Self.tokens(.touch)
        for word in Self.quoted(TouchScript.keys.sorted() + TouchPhase.allCases.map(\.rawValue)) {
            #expect(tokens.contains(word), "touch.dict lacks \(word)")
        }
    }
}
