// Golden-image assertion for Swift Testing. Self-contained: copy this file into any test
// target's `Support/` folder; goldens then live in that target's `Goldens/` folder.
//
//   assertMatchesGolden(buffer, named: "canvas-sampler")
//
// - Goldens are found through this file's own #filePath (<target>/Support/GoldenImage.swift →
//   <target>/Goldens/<name>.png), not through the resource bundle, so re-recording writes
//   into the source tree where git sees it.
// - KIOSK_RECORD_GOLDENS=1 rewrites every golden a test touches and records an issue per
//   golden, so a recording run can never pass by accident.
// - A missing golden is written and the test fails, asking for a re-run.
// - On a mismatch `<name>.actual.png` and `<name>.diff.png` (differences in red over a faded
//   copy of the golden) go to $KIOSK_GOLDEN_OUT, or `<package>/.build/golden-failures/<target>/`.

import KioskCore
import Foundation
import KioskRender
import Testing

/// This file's path: `<package>/Tests/<target>/Support/GoldenImage.swift`.
private let goldenSupportFilePath = #filePath

/// Compares `buffer` with the golden PNG `<target>/Goldens/<name>.png`.
///
/// - Parameters:
///   - tolerance: largest accepted per-channel difference in 1/255 steps.
///   - allowedDifferingPixels: pixels that may exceed the tolerance (anti-aliasing noise).
func assertMatchesGolden(
    _ buffer: PixelBuffer, named name: String, tolerance: Int = 2, allowedDifferingPixels: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let files = GoldenFiles(name: name)
    let environment = ProcessInfo.processInfo.environment
    let fileManager = FileManager.default

    if environment["KIOSK_RECORD_GOLDENS"] == "1" {
        do {
            try files.record(buffer)
            Issue.record(
                Comment(rawValue: "recorded golden \(files.golden.path) (KIOSK_RECORD_GOLDENS=1); "
                    + "unset KIOSK_RECORD_GOLDENS and re-run to compare"),
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(Comment(rawValue: "could not record golden \(files.golden.path): \(error)"),
                         sourceLocation: sourceLocation)
        }
        return
    }

    guard fileManager.fileExists(atPath: files.golden.path) else {
        do {
            try files.record(buffer)
            Issue.record(
                Comment(rawValue: "no golden '\(name)': recorded new golden \(files.golden.path) from this run; "
                    + "look at it, commit it and re-run"),
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(Comment(rawValue: "no golden at \(files.golden.path) and could not write one: \(error)"),
                         sourceLocation: sourceLocation)
        }
        return
    }

    let expected: PixelBuffer
    do {
        expected = try PNGImage.read(files.golden.path)
    } catch {
        Issue.record(Comment(rawValue: "cannot read golden \(files.golden.path): \(error)"),
                     sourceLocation: sourceLocation)
        return
    }

    let comparison = ImageComparison(tolerance: tolerance, allowedDifferingPixels: allowedDifferingPixels)
    let result = comparison.compare(buffer, to: expected)
    if result.passed { return }

    var message = "golden '\(name)' does not match: \(result)\n  golden: \(files.golden.path)"
    do {
        try fileManager.createDirectory(at: files.failureDirectory, withIntermediateDirectories: true)
        try PNGImage.write(buffer, to: files.actual.path)
        try PNGImage.write(comparison.diffImage(buffer, to: expected), to: files.diff.path)
        message += "\n  actual: \(files.actual.path)\n  diff:   \(files.diff.path)"
    } catch {
        message += "\n  (could not write the actual/diff images to \(files.failureDirectory.path): \(error))"
    }
    message += "\n  if the change is intended, re-record with KIOSK_RECORD_GOLDENS=1"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// Where one golden and its failure outputs live.
private struct GoldenFiles {
    let golden: URL
    let failureDirectory: URL
    let actual: URL
    let diff: URL

    init(name: String) {
        let support = URL(fileURLWithPath: goldenSupportFilePath).deletingLastPathComponent()
        let target = support.deletingLastPathComponent()
        let package = target.deletingLastPathComponent().deletingLastPathComponent()
        golden = target.appendingPathComponent("Goldens").appendingPathComponent(name + ".png")
        if let out = ProcessInfo.processInfo.environment["KIOSK_GOLDEN_OUT"], !out.isEmpty {
            failureDirectory = URL(fileURLWithPath: out)
        } else {
            failureDirectory = package.appendingPathComponent(".build/golden-failures")
                .appendingPathComponent(target.lastPathComponent)
        }
        actual = failureDirectory.appendingPathComponent(name + ".actual.png")
        diff = failureDirectory.appendingPathComponent(name + ".diff.png")
    }

    func record(_ buffer: PixelBuffer) throws {
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGImage.write(buffer, to: golden.path)
    }
}
