import Testing
import KioskFuzzing

/// The fuzz targets' entry points, replayed on every file the fuzzers start from or once broke.
/// The fuzzers themselves (scripts/fuzz.sh) need a sanitizer build; this runs in `swift test`.
@Suite("Fuzz replay")
struct FuzzReplayTests {
    // A regression that hangs again fails after a minute instead of holding the run until CI's
    // own limit (scripts/fuzz.sh replays them too, under libFuzzer's 5 s per input).
    @Test("every seed is a valid input that runs the whole pipeline", .timeLimit(.minutes(1)),
          arguments: FuzzFiles.seeds)
    func seed(_ input: FuzzInput) throws {
        let outcome = input.target.run(try input.bytes())
        // The image corpus keeps broken files too (cut short, a huge header, SVG): each is
        // refused with a reason, never half drawn.
        if input.target == .image && input.path.split(separator: "/").last?.hasPrefix("broken-") == true {
            guard case .rejected(let reasons) = outcome else {
                Issue.record("\(input.path) was not refused: \(outcome)")
                return
            }
            #expect(!reasons.isEmpty && !reasons[0].isEmpty)
            return
        }
        guard case .ran(let frames, let events) = outcome else {
            Issue.record("\(input.path) did not run: \(outcome)")
            return
        }
        #expect(frames >= 1)
        switch input.target {
        case .config: break
        // The popup opened and closed again: the template was drawn.
        case .template: #expect(events == 3, "tapped, popupShown, popupDismissed: \(outcome)")
        // The touches reached controls of the demo.
        case .touch: #expect(events > 0)
        // Drawn upright and turned.
        case .image: #expect(frames == 2 && events == 0)
        // Hello tapped, its popup shown, and the switch back to English on it.
        case .strings: #expect(events == 3, "tapped, popupShown, languageChanged: \(outcome)")
        }
    }

    @Test("every input a fuzzer once broke now runs to an outcome", .timeLimit(.minutes(1)),
          arguments: FuzzFiles.regressionInputs)
    func regression(_ input: FuzzInput) throws {
        // Returning at all is the test: the input used to trap, hang or take memory without
        // bound. Whether it is refused or runs depends on the fix.
        let outcome = input.target.run(try input.bytes())
        print("\(input.path): \(outcome)")
    }

    @Test("each target has its executable, a seed corpus, a dictionary and regression inputs")
    func layout() {
        for target in FuzzTarget.allCases {
            #expect(FuzzFiles.exists(FuzzFiles.executable(target) + "/fuzz-\(target.rawValue).swift"))
            #expect(!FuzzFiles.inputs(in: FuzzFiles.corpus(target), for: target).isEmpty, "\(target)")
            #expect(FuzzFiles.exists(FuzzFiles.dictionary(target)))
            // Not only there: a target whose folder is empty (or holds only .gitkeep) replays nothing.
            #expect(!FuzzFiles.inputs(in: FuzzFiles.regressions(target), for: target).isEmpty, "\(target)")
        }
    }

    @Test("the regression folder holds only targets' folders, so no finding is left unreplayed")
    func regressionFolders() {
        let names = FuzzTarget.allCases.map(\.rawValue) + ["README.md"]
        for name in FuzzFiles.names(in: "Tests/KioskFuzzRegressionTests/Regressions") {
            #expect(names.contains(name), "Regressions/\(name) is not a fuzz target's folder")
        }
    }

    @Test("bytes that are not UTF-8 are refused before parsing, as the kiosk refuses such a file")
    func notText() {
        // Image files are bytes, not text: those three are simply no image.
        for target in FuzzTarget.allCases where target != .image {
            #expect(target.run([0x7B, 0xFF, 0x7D]) == .notText)
        }
        #expect(FuzzTarget.image.run([0x7B, 0xFF, 0x7D]) == .rejected(["is not a PNG or JPEG image"]))
    }

    @Test("an empty input is refused with a message, not run")
    func empty() {
        for target in FuzzTarget.allCases where target != .touch {
            guard case .rejected(let messages) = target.run([]) else {
                Issue.record("\(target): empty input was not refused")
                continue
            }
            #expect(!messages.isEmpty)
        }
        // An empty touch script is valid: no touches, one frame of the demo.
        #expect(FuzzTarget.touch.run([]) == .ran(frames: 1, events: 0))
    }
}
