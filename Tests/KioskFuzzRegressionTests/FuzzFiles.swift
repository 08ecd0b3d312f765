import Foundation
import KioskTestSupport
import Testing
import KioskFuzzing

/// One input file for a fuzz target, named by its path in the repository.
struct FuzzInput: Sendable, CustomTestStringConvertible {
    let target: FuzzTarget
    let path: String

    var testDescription: String { path }

    func bytes() throws -> [UInt8] { Array(try Data(contentsOf: FuzzFiles.root.appendingPathComponent(path))) }
}

/// Where the fuzzing files are, in the package (`TestFiles.packageRoot`).
enum FuzzFiles {
    static let root = TestFiles.packageRoot

    static func corpus(_ target: FuzzTarget) -> String { "Fuzz/Corpus/\(target.rawValue)" }
    static func regressions(_ target: FuzzTarget) -> String { "Tests/KioskFuzzRegressionTests/Regressions/\(target.rawValue)" }
    static func dictionary(_ target: FuzzTarget) -> String { "Fuzz/Dictionaries/\(target.rawValue).dict" }
    static func executable(_ target: FuzzTarget) -> String { "Fuzz/Targets/\(target.rawValue)" }

    /// The seed corpus of every target.
    static var seeds: [FuzzInput] { FuzzTarget.allCases.flatMap { inputs(in: corpus($0), for: $0) } }

    /// Every kept finding of every target.
    static var regressionInputs: [FuzzInput] {
        FuzzTarget.allCases.flatMap { inputs(in: regressions($0), for: $0) }
    }

    /// The files of a folder, sorted, without hidden ones (.gitkeep).
    static func inputs(in folder: String, for target: FuzzTarget) -> [FuzzInput] {
        names(in: folder).filter { !$0.hasPrefix(".") }.map { FuzzInput(target: target, path: folder + "/" + $0) }
    }

    static func names(in folder: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
