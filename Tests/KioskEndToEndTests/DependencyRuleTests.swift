import Foundation
import Testing

/// The dependency rule of Documentation/Architecture.md, held against every import in
/// `Sources/`: the rule is written once, there, and this test reads it.
@Suite("Dependency rule")
struct DependencyRuleTests {
    /// Module → what it may import, from the ```dependency-rule block.
    static func rule() throws -> [String: Set<String>] {
        let text = try String(contentsOfFile: KioskProcess.path("Documentation/Architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "```dependency-rule\n"),
              let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else { return [:] }
        var rule: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            rule[String(parts[0])] = Set(parts[1].split(separator: " ").map(String.init))
        }
        return rule
    }

    /// Every `import` of the Swift files under `Sources/<module>/`, with where it is.
    static func imports(of module: String) -> [(name: String, file: String)] {
        let folder = KioskProcess.path("Sources/\(module)")
        guard let files = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(String, String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                      words[..<i].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                found.append((String(words[i + 1]), "Sources/\(module)/\(file)"))
            }
        }
        return found
    }

    @Test("every import in Sources is one the rule allows, and every Swift module is in the rule")
    func importsFollowTheRule() throws {
        let rule = try Self.rule()
        #expect(rule.count > 10, "no dependency-rule block in Architecture.md")
        let modules = try FileManager.default.contentsOfDirectory(atPath: KioskProcess.path("Sources"))
        for module in modules.sorted() {
            let imports = Self.imports(of: module)
            guard !imports.isEmpty else { continue }   // C modules: module maps and headers only
            let allowed = rule[module] ?? []
            #expect(rule[module] != nil, "\(module) is not in the dependency rule")
            for (name, file) in imports where !allowed.contains(name) {
                Issue.record("\(file): imports \(name), which the dependency rule does not allow for \(module)")
            }
        }
    }

    @Test("the pure modules import no C module but libm, and no Glibc")
    func pureModules() throws {
        let rule = try Self.rule()
        for module in ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig", "KioskControls"] {
            let c = (rule[module] ?? []).filter { $0.hasPrefix("C") && $0 != "CMath" }
            #expect(c.isEmpty && rule[module]?.contains("Glibc") == false, "\(module): \(c)")
        }
    }

    @Test("each C library is imported by one Swift module")
    func oneWrapperPerLibrary() throws {
        var users: [String: Set<String>] = [:]
        for (module, allowed) in try Self.rule() {
            for name in allowed where name.hasPrefix("C") { users[name, default: []].insert(module) }
        }
        for (library, modules) in users { #expect(modules.count == 1, "\(library) is imported by \(modules.sorted())") }
    }

    @Test("the framework (KioskUI, KioskConfig) names no built-in control: each is in KioskControls alone")
    func frameworkNamesNoBuiltInControl() throws {
        let controls = KioskProcess.path("Sources/KioskControls")
        let files = try #require(FileManager.default.enumerator(atPath: controls))
        var names: Set<String> = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: controls + "/" + file, encoding: .utf8)
            // Top-level types: a nested one (a control's `Phase`) may share a framework word.
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
                guard let i = words.firstIndex(where: { ["class", "struct", "enum", "protocol"].contains($0) }),
                      i + 1 < words.count, words[..<i].allSatisfy({ ["public", "package", "final", "open", "indirect"].contains($0) })
                else { continue }
                names.insert(String(words[i + 1]))
            }
        }
        #expect(names.contains("Button") && names.contains("SliderConfig"), "no controls found in \(controls)")
        for module in ["KioskUI", "KioskConfig"] {
            let folder = KioskProcess.path("Sources/\(module)")
            let sources = try #require(FileManager.default.enumerator(atPath: folder))
            for case let file as String in sources where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Code only: a comment may say what a built-in control does with a hook.
                    let code = line.components(separatedBy: "//")[0]
                    let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                    for word in words where names.contains(String(word)) {
                        Issue.record("Sources/\(module)/\(file):\(n + 1) names \(word), a built-in control's type (KioskControls)")
                    }
                }
            }
        }
    }

    @Test("an errno is worded in one place: strerror is called by SystemCallError.message alone")
    func oneErrnoWording() throws {
        let sources = KioskProcess.path("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources))
        for case let file as String in files where file.hasSuffix(".swift") && !file.hasSuffix("/SystemCallError.swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("strerror(") && !line.contains("mosquitto_strerror(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                Issue.record("Sources/\(file):\(n + 1) calls strerror: word the errno with SystemCallError.message(_:)")
            }
        }
    }

    @Test("the app tier (the lines of SwiftKiosk's re-exported modules that declare public or open) stays within its budget")
    func appTierBudget() throws {
        let architecture = try String(contentsOfFile: KioskProcess.path("Documentation/Architecture.md"), encoding: .utf8)
        let block = try #require(architecture.range(of: "```api-budget\n"), "no api-budget block in Architecture.md")
        let budget = try #require(Int(architecture[block.upperBound...].prefix { $0 != "\n" }))
        let umbrella = KioskProcess.path("Sources/SwiftKiosk")
        var modules: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: umbrella) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: umbrella + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("@_exported import ") {
                modules.append(String(line.dropFirst("@_exported import ".count)))
            }
        }
        #expect(modules.count > 5)
        var counts: [String: Int] = [:]
        for module in modules {
            let folder = KioskProcess.path("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: folder))
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                counts[module, default: 0] += text.split(separator: "\n").filter(Self.declaresPublicAPI).count
            }
        }
        let total = counts.values.reduce(0, +)
        #expect(total <= budget, "the app tier has \(total) public lines, over its budget of \(budget): \(counts.sorted { $0.key < $1.key })")
    }

    /// A line that declares something `public` or `open` (after any attributes).
    static func declaresPublicAPI(_ line: Substring) -> Bool {
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        return words.first == "public" || words.first == "open" || words.first?.hasPrefix("public(") == true
            || words.first?.hasPrefix("open(") == true
    }
}
