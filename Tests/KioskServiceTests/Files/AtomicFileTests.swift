import Foundation
import KioskTestSupport
import Testing
@testable import KioskService

/// Whole-file replacement as the state file, screenshots and `kiosk calibrate` use it: through
/// symbolic links (also ones whose target does not exist yet), and with modes that let the
/// file's owner read what was written.
@Suite("Atomic file writes")
struct AtomicFileTests {
    static func link(_ link: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target)
    }

    /// A fresh folder with `persist/` and `state.json`, a link to `persist/state.json`, which
    /// does not exist yet: a state file linked into a persistent partition before its first write.
    static func danglingLink() throws -> (link: URL, persist: URL) {
        let dir = try TestFiles.temporaryDirectory()
        let persist = dir.appendingPathComponent("persist")
        try FileManager.default.createDirectory(at: persist, withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("state.json")
        try Self.link(link, to: "persist/state.json")
        return (link, persist)
    }

    static func mode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
    }

    @Test("a dangling symbolic link is written through: its target is made and the link stays a link")
    func writesThroughDanglingLink() throws {
        let (link, persist) = try Self.danglingLink()
        try AtomicFile.write(Array("new\n".utf8), to: FilePath(link.path))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "persist/state.json")
        #expect(try String(contentsOf: persist.appendingPathComponent("state.json"), encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: persist.path) == ["state.json"])
    }

    @Test("a chain of links is followed to its end, each relative target from its own link's folder")
    func linkChain() throws {
        let dir = try TestFiles.temporaryDirectory()
        for name in ["etc", "data", "persist"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Self.link(dir.appendingPathComponent("etc/state.json"), to: "../data/state.json")
        try Self.link(dir.appendingPathComponent("data/state.json"), to: dir.appendingPathComponent("persist/kiosk").path)
        try Self.link(dir.appendingPathComponent("persist/kiosk"), to: "state.json")
        try AtomicFile.write(Array("v1\n".utf8), to: FilePath(dir.appendingPathComponent("etc/state.json").path))
        try AtomicFile.write(Array("v2\n".utf8), to: FilePath(dir.appendingPathComponent("etc/state.json").path))
        #expect(try String(contentsOf: dir.appendingPathComponent("persist/state.json"), encoding: .utf8) == "v2\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("persist/kiosk").path)
                == "state.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("persist").path).sorted()
                == ["kiosk", "state.json"])
    }

    @Test("a loop of links is an error naming the path, and both links stay")
    func linkLoop() throws {
        let dir = try TestFiles.temporaryDirectory()
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try Self.link(a, to: "b.json")
        try Self.link(b, to: "a.json")
        #expect(throws: FileError(path: a.path, reason: "Too many levels of symbolic links")) {
            try AtomicFile.write(Array("x".utf8), to: FilePath(a.path))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: a.path) == "b.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: b.path) == "a.json")
    }

    @Test("a link into a folder that does not exist is an error with the errno's text and the target; the link stays")
    func linkIntoMissingFolder() throws {
        let dir = try TestFiles.temporaryDirectory()
        let link = dir.appendingPathComponent("state.json")
        try Self.link(link, to: "gone/state.json")
        let target = dir.appendingPathComponent("gone/state.json").path
        #expect(throws: FileError(path: link.path, reason: "No such file or directory (the link's target \(target))")) {
            try AtomicFile.write(Array("x".utf8), to: FilePath(link.path))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "gone/state.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["state.json"])
    }

    @Test("leftovers of killed writers are looked for beside the target of a dangling link")
    func staleTemporaryFilesBesideTarget() throws {
        let (link, persist) = try Self.danglingLink()
        // 4194305 is above the kernel's largest pid: a writer that no longer runs.
        let stale = AtomicFile.temporaryPath(for: FilePath(persist.appendingPathComponent("state.json").path), process: 4_194_305)
        try Data("{\"form".utf8).write(to: URL(fileURLWithPath: stale.description))
        #expect(AtomicFile.removeStaleTemporaryFiles(of: FilePath(link.path)) == [stale])
        #expect(try FileManager.default.contentsOfDirectory(atPath: persist.path) == [])
    }

    /// The old file's mode → the replacement's.
    static let modes: [(Int, Int)] = [(0o000, 0o600), (0o200, 0o600), (0o044, 0o644), (0o640, 0o640), (0o755, 0o755)]

    @Test("the replacement keeps the old file's bits and adds owner read and write", arguments: modes)
    func modeOfReplacement(old: Int, new: Int) throws {
        let dir = try TestFiles.temporaryDirectory()
        let file = dir.appendingPathComponent("state.json")
        try Data("old\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: old], ofItemAtPath: file.path)
        try AtomicFile.write(Array("new\n".utf8), to: FilePath(file.path))
        #expect(try Self.mode(file) == new)
        #expect(try String(contentsOf: file, encoding: .utf8) == "new\n")
    }

    @Test("through a link, the mode is the target's, and the link keeps its own")
    func modeThroughLink() throws {
        let dir = try TestFiles.temporaryDirectory()
        let target = dir.appendingPathComponent("real.json")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: target.path)
        let link = dir.appendingPathComponent("state.json")
        try Self.link(link, to: "real.json")
        try AtomicFile.write(Array("new\n".utf8), to: FilePath(link.path))
        #expect(try Self.mode(target) == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
    }
}
