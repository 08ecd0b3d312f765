@preconcurrency import Glibc
import KioskControls
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskService
import KioskLoop

/// `kiosk bench`: frame times of the real renderer on a config's start screen, next to the
/// memory-bandwidth floor (a full-frame memcpy between buffers larger than the caches)
/// measured in the same run, so the numbers compare across machines as ratios to that floor.
struct BenchCommand {
    /// The frames measured, in table order; the raw value is the `--only` name.
    enum Case: String, CaseIterable {
        /// A whole frame repainted with the overlay fully shown over its dim, copied to scanout.
        case overlay
        /// A whole frame repainted with nothing over the screen, copied to scanout.
        case full
        /// The first range slider's upper knob moves one design pixel.
        case range
        /// The first circular slider turns by one degree (its value text changes).
        case circular
        /// The start screen's first label changes its text (a price going 9.60 to 9.70, as
        /// an owner's `set` or a bound template changes it).
        case text
        /// The frame after a language switch (issue 22): every text of the screen laid out
        /// again in the config's last language and back, each frame one switch; only for a
        /// config with languages (the anchor has none: `kiosk bench --config config/demo.json
        /// --only language`, whose last language is Arabic).
        case language
        /// A frame of an indeterminate progress bar's band sweeping: the start screen's first
        /// progress bar, made indeterminate, or one added across the screen's lower part.
        case progress
        /// A frame of a toggle's thumb on its spring (issue 21): the start screen's first
        /// toggle, or one added at its lower right, flipped every 12 frames so that it moves.
        case toggle
        /// A frame of a list of 200 rows over the left half of the start screen, mid-fling
        /// (issue 21).
        case list
        /// A frame of the first panel sliding in over the start screen, its dim animating.
        case panel
        /// A frame of swipeable pages following a finger mid-swipe: two pages side by side.
        case pages
        /// A whole frame repainted over a full-screen photo background (a 1920x1080 JPEG,
        /// `cover`), copied to scanout: the photo composited from the image cache.
        case photo
        /// Decoding a 1920x1080 JPEG (what a cache miss or a new `source` costs once).
        case decode
        /// The floor: one frame's memcpy between buffers larger than the caches.
        case memcpy

        var title: String {
            switch self {
            case .overlay: return "full frame, overlay over dim, incl. copy"
            case .full: return "full frame, no overlay, incl. copy"
            case .range: return "range-slider knob step"
            case .circular: return "arc step (1 degree, value text)"
            case .text: return "label text change"
            case .language: return "language switch (every text again)"
            case .progress: return "indeterminate progress bar"
            case .toggle: return "toggle thumb animating"
            case .list: return "list of 200 rows mid-fling (half the screen)"
            case .panel: return "panel sliding in (dim animating)"
            case .pages: return "pages mid-swipe"
            case .photo: return "full frame over a photo background"
            case .decode: return "decode a 1920x1080 JPEG"
            case .memcpy: return "floor: frame memcpy"
            }
        }

        var jsonKey: String {
            switch self {
            case .overlay: return "overlay_full"
            case .full: return "full"
            case .range: return "range_slider"
            case .circular: return "circular_slider"
            case .text: return "label_text"
            case .language: return "language_switch"
            case .progress: return "progress_indeterminate"
            case .toggle: return "toggle_thumb"
            case .list: return "list_fling"
            case .panel: return "panel_slide"
            case .pages: return "pages_swipe"
            case .photo: return "photo_background"
            case .decode: return "jpeg_decode_1080p"
            case .memcpy: return "memcpy"
            }
        }
    }

    static let anchorConfig: FilePath = "config/bench-anchor.json"
    static let anchorOverlay = "confirm"
    static let defaultSizes = [(1920, 1080), (800, 480)]

    let configPath: FilePath
    /// The popup or panel shown for the `overlay` case; nil: the config's first popup, else its first panel.
    let overlayID: String?
    let json: Bool
    let iterations: Int
    /// Runs one case only (for profilers); the others report nothing.
    let only: Case?
    let sizes: [(Int, Int)]

    /// Everything `kiosk bench` takes.
    static let options = [
        CommandOption("config", .path), CommandOption("overlay", .text), CommandOption("size", .text),
        CommandOption("sizes-only", .flag), CommandOption("json", .flag), CommandOption("iterations", .text),
        CommandOption("scene", .text, accepts: { $0 == "anchor" }, expectation: "must be anchor"),
        CommandOption("only", .text, accepts: { Case(rawValue: $0) != nil },
                      expectation: "must be one of " + Case.allCases.map(\.rawValue).joined(separator: ", ")),
    ]

    init(arguments: [FilePath]) throws(UsageError) {
        let args = try ArgumentList(arguments, command: "kiosk bench", options: Self.options)
        try args.expectPositionals(atMost: 0)
        if args.value("scene") == nil {
            configPath = args.path("config") ?? "config/demo.json"
            overlayID = args.value("overlay")
        } else {   // anchor, the one scene the table accepts
            guard args.path("config") == nil else {
                throw UsageError(command: "kiosk bench", message: "--scene anchor is a config of its own; leave out --config")
            }
            configPath = Self.anchorConfig
            overlayID = args.value("overlay") ?? Self.anchorOverlay
        }
        json = args.has("json")
        // The bound keeps a typo (an extra zero or three) from running for hours.
        iterations = try args.integer("iterations", in: 1...100_000) ?? 200
        only = args.value("only").flatMap(Case.init(rawValue:))   // the table accepts the cases only
        // --sizes-only: just the --size ones, for a profiler looking at one size.
        var sizes = args.has("sizes-only") && args.value("size") != nil ? [] : Self.defaultSizes
        if let list = args.value("size") {
            for text in list.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...8192).contains(w),
                      (1...8192).contains(h) else {
                    throw UsageError(command: "kiosk bench",
                                     message: "--size must look like 1280x800 or 1280x800,1024x600 (1…8192 each), not '\(list)'")
                }
                if !sizes.contains(where: { $0 == (w, h) }) { sizes.append((w, h)) }
            }
        }
        self.sizes = sizes
    }

    /// One size's medians, in milliseconds; a case that was not run (or cannot be: no range
    /// slider in the config) is missing.
    struct Result {
        var size: String
        var ms: [Case: Double]
        var floor: Double? { ms[.memcpy] }
    }

    /// Runs the command; the config may use the control types of `registry`.
    func execute(registry: ControlRegistry) throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath, registry: registry)
        var results: [Result] = []
        for (w, h) in sizes {
            results.append(try measure(config: config, width: w, height: h))
        }
        let out = LineWriter.standardOutput
        if json {
            out.writeLine(Self.json(results))
        } else {
            for line in Self.table(results, config: configPath.description) { out.writeLine(line) }
        }
        return 0
    }

    /// Whether `c` is measured: every case, or the one `--only` names, and the floor always
    /// (each case is a ratio to it).
    func wanted(_ c: Case) -> Bool { only == nil || only == c || c == .memcpy }

    /// Median wall time of `body` in milliseconds after a warm-up; nil when the case is not wanted.
    func median(_ c: Case, _ body: () -> Void) -> Double? {
        guard wanted(c) else { return nil }
        for _ in 0..<min(10, iterations) { body() }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        for _ in 0..<iterations {
            samples.append(clock.measure(body).inMilliseconds)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// A time or a ratio with three decimals, as the table and the JSON show them.
    static func thousandths(_ v: Double) -> String { NumberFormat.fixed(v, decimals: 3) }

    /// One row per case, one `ms  (x floor)` column pair per size.
    static func table(_ results: [Result], config: String) -> [String] {
        func col(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(1, w - s.count)) }
        var header = col("case (\(config))", 44)
        for r in results { header += col(r.size + " ms", 16) + col("x floor", 10) }
        var lines = [header]
        for c in Case.allCases {
            var line = col(c.title, 44)
            for r in results { line += col(r.ms[c].map(Self.thousandths) ?? "-", 16)
                + col(NumberFormat.ratio(r.ms[c], to: r.floor), 10) }
            lines.append(line)
        }
        lines.append("medians; every frame includes the copy of its damage to a scanout buffer")
        return lines
    }

    /// `{"results": [{"size": …, "floor_ms": …, "full_ms": …, "full_ratio": …, …}]}`; a case
    /// not measured is null.
    static func json(_ results: [Result]) -> String {
        let items = results.map { r -> String in
            var fields = ["\"size\": \"\(r.size)\"", "\"floor_ms\": \(r.floor.map(Self.thousandths) ?? "null")"]
            for c in Case.allCases {
                fields.append("\"\(c.jsonKey)_ms\": \(r.ms[c].map(Self.thousandths) ?? "null")")
                let ratio = r.ms[c].flatMap { v in r.floor.flatMap { $0 > 0 ? v / $0 : nil } }
                fields.append("\"\(c.jsonKey)_ratio\": \(ratio.map(Self.thousandths) ?? "null")")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"results\": [" + items.joined(separator: ", ") + "]}"
    }
}
