/// The input formats a fuzzer feeds, one libFuzzer executable each (`fuzz-<rawValue>`, built by
/// `scripts/fuzz.sh`). The raw value also names the seed corpus (`Fuzz/Corpus/<rawValue>/`), the
/// dictionary (`Fuzz/Dictionaries/<rawValue>.dict`) and the regression folder of the replay test.
///
/// Adding a format: a case here with its entry in `FuzzEntry`, `Fuzz/Targets/<name>/` (a copy of
/// another target's file with the two names changed), the name in Package.swift's `fuzzTargets`,
/// a corpus folder and a dictionary. The replay test and the script pick up the rest.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// A config file: parsed, decoded, validated, built into a scene, one frame rendered.
    case config
    /// A popup template: served to a fixed config whose popup names it; the popup is opened,
    /// drawn and dismissed.
    case template
    /// A touch script: parsed and played against config/demo.json.
    case touch
    /// An image file (PNG, JPEG with or without EXIF orientation): decoded within the limits
    /// and drawn with every fit, upright and turned.
    case image
    /// A string file: served as config/demo.json's Hindi strings; the demo is checked against
    /// it, shown in Hindi and switched back to its default language, every text written anew.
    case strings

    /// Runs the input through this format's pipeline.
    @discardableResult
    package func run(_ bytes: [UInt8]) -> FuzzOutcome {
        switch self {
        case .config: return FuzzEntry.config(bytes)
        case .template: return FuzzEntry.template(bytes)
        case .touch: return FuzzEntry.touch(bytes)
        case .image: return FuzzEntry.image(bytes)
        case .strings: return FuzzEntry.strings(bytes)
        }
    }
}

/// How far an input got. Every outcome is a pass for the fuzzer: only a trap, a hang or a
/// blow-up of memory is a finding.
package enum FuzzOutcome: Sendable, Equatable, CustomStringConvertible {
    /// Not UTF-8: the kiosk refuses such a file before parsing it (`TextFile.read`).
    case notText
    /// Refused, with the messages the kiosk would print (formatting them is part of the run).
    case rejected([String])
    /// Accepted and run: the scene was built, rendered and, for a script, played.
    case ran(frames: Int, events: Int)

    package var description: String {
        switch self {
        case .notText: return "not UTF-8"
        case .rejected(let messages): return "rejected: " + messages.joined(separator: " | ")
        case .ran(let frames, let events): return "ran: \(frames) frames, \(events) events"
        }
    }
}
