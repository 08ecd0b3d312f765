import Foundation
import KioskCore
import KioskUI
import Testing
@testable import KioskService

/// The kiosk's own state file that it cannot use, NUL bytes after a power cut, empty or cut
/// short, is set aside as `FILE.bad` and saving goes on (issue 29): refused, it stopped every
/// later save until someone moved it, which on an unattended kiosk is never.
@Suite("A damaged state file of the kiosk's own is kept aside and written anew")
struct StateFileRecoveryTests {
    typealias Log = StateKeeperTests.Log

    /// One file of every shape the kiosk ever wrote: version 1, `format` first, one line of the
    /// spaced style; the values alone (the first kiosk with a state file), with the owner's
    /// properties, with the language. Then the objects it reads whatever their key order and
    /// spacing (an older kiosk's, as Contracts.md has it).
    static let formats: [String] = {
        var withProperties = SavedState(screen: "main", values: [.init(id: "price", fields: [("lower", 3), ("upper", 8)])],
                                        properties: [("title", [OwnerProperty(name: "text", value: "Total: 9.60 €", persists: true)])])
        let written = [
            SavedState(screen: "main", values: [.init(id: "price", fields: [("lower", 3), ("upper", 8)]),
                                                .init(id: "angle", fields: [("angle", 300)])]),
            withProperties,
            { withProperties.language = "de"; return withProperties }(),
        ].map { String(decoding: StateFile.encode($0), as: UTF8.self) }
        return written + [
            #"{"version": 0, "format": "swiftkiosk-state", "values": {"price": {"lower": 3, "upper": 8}}}"#,
            "{\n  \"format\": \"swiftkiosk-state\",\n  \"version\": 2,\n  \"values\": {\"angle\": {\"angle\": 10}}\n}\n",
        ]
    }()

    /// Every cut of every format, bare and followed by the NUL bytes a power cut leaves where
    /// the data did not reach the disk, is the kiosk's to replace.
    @Test("every beginning of every format the kiosk wrote, with or without NUL bytes after it, is the kiosk's")
    func everyPrefixIsOurs() {
        for text in Self.formats {
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count {
                let prefix = Array(bytes[..<cut])
                #expect(StateFile.foreignReason(of: prefix) == nil, "\(String(decoding: prefix, as: UTF8.self))")
                #expect(StateFile.foreignReason(of: prefix + [UInt8](repeating: 0, count: 512)) == nil,
                        "\(String(decoding: prefix, as: UTF8.self)) + NUL")
            }
        }
    }

    @Test("a beginning of another program's object, or of another format's, is still not the kiosk's")
    func otherPrefixesForeign() {
        let notOurs = StateFileOwnershipTests.notOurs
        for text in [#"{"name": "other""#, #"{"values": {}, "name"#, #"{"format": "other-app", "vers"#,
                     #"{"format": "swiftkiosk-statf"#, #"{"version": 1, "format": 3"#,
                     #"{"version": 1} trailing"#, "x{", "[{\"format\": \"swiftkiosk-state\""] {
            #expect(StateFile.foreignReason(of: Array(text.utf8)) == notOurs, "\(text)")
            #expect(StateFile.foreignReason(of: Array(text.utf8) + [0, 0, 0]) == notOurs, "\(text) + NUL")
        }
        // NUL bytes first, then text: not what a power cut leaves of the kiosk's file.
        #expect(StateFile.foreignReason(of: [0, 0] + Array(StateFile.signature)) == notOurs)
    }

    /// A file the kiosk cannot use and may replace, with the reason its line gives ("": the
    /// parser's, whatever it is).
    struct Damaged: Sendable, CustomTestStringConvertible {
        var what: String
        var bytes: [UInt8]
        var reason = ""
        var testDescription: String { what }
    }

    static let damaged: [Damaged] = {
        var files = [
            Damaged(what: "NUL bytes", bytes: [UInt8](repeating: 0, count: 4096),
                    reason: "4096 bytes, all NUL (what a power cut can leave)"),
            Damaged(what: "an empty file", bytes: [], reason: "empty file"),
        ]
        for (n, text) in formats.enumerated() {
            let bytes = Array(text.utf8)
            // Cuts that leave no whole JSON value: in the signature, in a key, in a value.
            for cut in [7, 22, bytes.count / 2] {
                files.append(Damaged(what: "format \(n) cut at \(cut)", bytes: Array(bytes[..<cut])))
                files.append(Damaged(what: "format \(n) cut at \(cut), NUL bytes after",
                                     bytes: Array(bytes[..<cut]) + [UInt8](repeating: 0, count: 300)))
            }
        }
        return files
    }()

    @Test("a damaged file of the kiosk's own is reported in one line, kept as FILE.bad, and the next save succeeds",
          arguments: damaged)
    func damagedFileSetAside(_ file: Damaged) throws {
        let (what, bytes, reason) = (file.what, file.bytes, file.reason)
        let path = try StateKeeperTests.statePath()
        let url = URL(fileURLWithPath: path.description)
        try Data(bytes).write(to: url)
        let log = Log()
        let (keeper, scene) = StateFileOwnershipTests.start(path, log: log)
        let bad = path.description + ".bad"
        #expect(log.lines.count == 1, "\(what)")
        let line = try #require(log.lines.first)
        #expect(line.hasPrefix("kiosk: state \(path): \(reason)"), "\(what)")
        #expect(line.hasSuffix("; ignored, and kept as \(bad); the next change writes a new file"), "\(what)")
        #expect(!line.contains("will not replace"), "\(what)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bad)) == Data(bytes), "\(what)")
        try StateFileOwnershipTests.changeAndFinish(keeper, scene)
        #expect(keeper.writes == 2, "\(what)")
        #expect(log.lines.count == 1, "\(what)")
        #expect(StateFile.read(path).state?.value(of: "angle")?.fields.first?.value == .number(45), "\(what)")
        // And the next start reads it back.
        let next = Log()
        let (_, restored) = StateFileOwnershipTests.start(path, log: next)
        #expect(StateTestScene.value(restored, "angle", "angle") == 45, "\(what)")
        #expect(next.lines == ["kiosk: state \(path): restored 3 of 3 values, screen main"], "\(what)")
    }

    @Test("through a link, the file behind it is kept aside beside itself, the link stays, and its target is written anew")
    func throughALink() throws {
        let dir = try StateTestScene.directory()
        let data = dir.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data(count: 512).write(to: data.appendingPathComponent("state.json"))
        let link = dir.appendingPathComponent("state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "data/state.json")
        let log = Log()
        let (keeper, scene) = StateFileOwnershipTests.start(FilePath(link.path), log: log)
        #expect(log.lines == ["kiosk: state \(link.path): 512 bytes, all NUL (what a power cut can leave); ignored, and kept "
                              + "as \(dir.path)/data/state.json.bad; the next change writes a new file"])
        try StateFileOwnershipTests.changeAndFinish(keeper, scene)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "data/state.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == ["state.json", "state.json.bad"])
        #expect(StateFile.read(FilePath(link.path)).state?.value(of: "angle")?.fields.first?.value == .number(45))
    }

    @Test("a FILE.bad that is a link is replaced as a name: the file it points to is not written")
    func badIsALink() throws {
        let dir = try StateTestScene.directory()
        let passwd = dir.appendingPathComponent("passwd")
        try Data(StateFileOwnershipTests.passwd.utf8).write(to: passwd)
        let path = FilePath(dir.appendingPathComponent("state.json").path)
        try FileManager.default.createSymbolicLink(atPath: path.description + ".bad", withDestinationPath: passwd.path)
        try Data(count: 64).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let (keeper, scene) = StateFileOwnershipTests.start(path, log: log)
        try StateFileOwnershipTests.changeAndFinish(keeper, scene)
        #expect(try String(contentsOf: passwd, encoding: .utf8) == StateFileOwnershipTests.passwd)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path.description + ".bad")) == Data(count: 64))
        #expect(keeper.writes == 2)
    }

    @Test("when FILE.bad cannot be made, the line says so and the damaged file is still replaced")
    func badCannotBeMade() throws {
        let path = try StateKeeperTests.statePath()
        try FileManager.default.createDirectory(atPath: path.description + ".bad", withIntermediateDirectories: true)
        try Data([]).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let (keeper, scene) = StateFileOwnershipTests.start(path, log: log)
        #expect(log.lines == ["kiosk: state \(path): empty file; ignored, and not kept (\(path).bad: Is a directory); "
                              + "the next change replaces it"])
        try StateFileOwnershipTests.changeAndFinish(keeper, scene)
        #expect(keeper.writes == 2)
        #expect(StateFile.read(path).state?.value(of: "angle")?.fields.first?.value == .number(45))
    }

    @Test("another program's valid JSON, and a link to another kind of file, are still refused and not set aside")
    func foreignStaysRefused() throws {
        let dir = try StateTestScene.directory()
        let json = dir.appendingPathComponent("other.json")
        try Data(#"{"name": "other", "values": {}}"#.utf8).write(to: json)
        let passwd = dir.appendingPathComponent("passwd")
        try Data(StateFileOwnershipTests.passwd.utf8).write(to: passwd)
        let link = dir.appendingPathComponent("state.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: passwd.path)
        for (path, reason) in [(json.path, #"not a SwiftKiosk state file (format none, expected "swiftkiosk-state")"#),
                               (link.path, StateFileOwnershipTests.notOurs)] {
            let log = Log()
            let (keeper, scene) = StateFileOwnershipTests.start(FilePath(path), log: log)
            try StateFileOwnershipTests.changeAndFinish(keeper, scene)
            #expect(log.lines == ["kiosk: state \(path): \(reason); the kiosk will not replace it, "
                                  + "and values are not kept until it is moved away"])
            #expect(keeper.writes == 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["other.json", "passwd", "state.json"])
        #expect(try String(contentsOf: passwd, encoding: .utf8) == StateFileOwnershipTests.passwd)
    }
}
