import Foundation
import SwiftKiosk
import Testing

/// Compares `image` with the golden PNG `Goldens/<name>.png` beside the calling test file,
/// recording a Swift Testing issue when they differ.
///
/// ```swift
/// try expectMatchesGolden(tester.screenshot(), named: "lamp-on")
/// ```
///
/// - Goldens are per generation of the rendering libraries: when the folder
///   `Goldens/<generation>/` exists (`RenderingLibraries.generation`, e.g.
///   `cairo-1.18-pango-1.56`), the golden is the file of that name there, else `Goldens/<name>.png`.
///   Text and antialiased edges move a little from one cairo and Pango generation to the next
///   (Debian 12 to 13), so each keeps its own exact images rather than one comparison loose
///   enough for both, which would let a knob one pixel off pass too.
/// - A missing golden is written from this run and the test fails, asking you to look at it
///   and commit it. `KIOSK_RECORD_GOLDENS=1` rewrites every golden a test touches (and fails,
///   so a recording run never passes by accident).
/// - On a mismatch `<name>.actual.png` and `<name>.diff.png` (the differences in red over a
///   faded copy of the golden) are written to `$KIOSK_GOLDEN_OUT`, or else to
///   `.build/golden-failures/` of the package the test file is in; the issue names them.
///
/// - Parameters:
///   - image: what to compare, e.g. ``KioskTester/screenshot()``.
///   - name: the golden's file name without `.png`.
///   - tolerance: the largest per-channel difference accepted, in 1/255 steps (text
///     rendering differs by a step or two between cairo builds).
///   - allowedDifferingPixels: how many pixels may exceed the tolerance.
///   - filePath: the calling test file, whose folder holds `Goldens/`.
///   - sourceLocation: where a failure is reported.
public func expectMatchesGolden(
    _ image: PixelBuffer, named name: String, tolerance: Int = 2, allowedDifferingPixels: Int = 0,
    filePath: StaticString = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let files = GoldenFiles(name: name, testFile: "\(filePath)")
    let record = ProcessInfo.processInfo.environment["KIOSK_RECORD_GOLDENS"] == "1"
    func fail(_ message: String) { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }

    if record || !FileManager.default.fileExists(atPath: files.golden.path) {
        do {
            try files.record(image)
            fail(record ? "recorded golden \(files.golden.path) (KIOSK_RECORD_GOLDENS=1); unset it and re-run to compare"
                        : "no golden '\(name)': recorded \(files.golden.path) from this run; look at it, commit it and re-run")
        } catch {
            fail("could not write the golden \(files.golden.path): \(error)")
        }
        return
    }
    let expected: PixelBuffer
    do { expected = try PNGImage.read(files.golden.path) } catch {
        fail("cannot read the golden \(files.golden.path): \(error)")
        return
    }
    let comparison = ImageComparison(tolerance: tolerance, allowedDifferingPixels: allowedDifferingPixels)
    let result = comparison.compare(image, to: expected)
    if result.passed { return }
    var message = "golden '\(name)' does not match: \(result)\n  golden: \(files.golden.path)"
    message += "\n  libraries: cairo \(RenderingLibraries.cairoVersion), Pango \(RenderingLibraries.pangoVersion)"
        + " (a generation with goldens of its own keeps them in Goldens/\(RenderingLibraries.generation)/)"
    do {
        try FileManager.default.createDirectory(at: files.failures, withIntermediateDirectories: true)
        try PNGImage.write(image, to: files.actual.path)
        try PNGImage.write(comparison.diffImage(image, to: expected), to: files.diff.path)
        message += "\n  actual: \(files.actual.path)\n  diff:   \(files.diff.path)"
    } catch {
        message += "\n  (could not write the actual and diff images to \(files.failures.path): \(error))"
    }
    fail(message + "\n  if the change is intended, re-record with KIOSK_RECORD_GOLDENS=1")
}

/// Where one golden and its failure images live.
private struct GoldenFiles {
    let golden: URL
    let failures: URL
    var actual: URL { failures.appendingPathComponent(name + ".actual.png") }
    var diff: URL { failures.appendingPathComponent(name + ".diff.png") }
    let name: String

    init(name: String, testFile: String) {
        self.name = name
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        let goldens = folder.appendingPathComponent("Goldens")
        let generation = goldens.appendingPathComponent(RenderingLibraries.generation)
        var isFolder: ObjCBool = false
        let perGeneration = FileManager.default.fileExists(atPath: generation.path, isDirectory: &isFolder) && isFolder.boolValue
        golden = (perGeneration ? generation : goldens).appendingPathComponent(name + ".png")
        if let out = ProcessInfo.processInfo.environment["KIOSK_GOLDEN_OUT"], !out.isEmpty {
            failures = URL(fileURLWithPath: out)
        } else {
            failures = Self.packageRoot(above: folder).appendingPathComponent(".build/golden-failures")
                .appendingPathComponent(folder.lastPathComponent)
        }
    }

    /// The nearest folder above the test file with a Package.swift (else the test's folder).
    static func packageRoot(above folder: URL) -> URL {
        var candidate = folder
        while candidate.path != "/" {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            candidate.deleteLastPathComponent()
        }
        return folder
    }

    func record(_ image: PixelBuffer) throws {
        try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNGImage.write(image, to: golden.path)
    }
}
