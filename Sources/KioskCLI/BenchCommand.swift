@preconcurrency import Glibc
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskService
import KioskLoop

/// `kiosk bench`: frame times of the real renderer on the config's start screen, next to the
/// memory-bandwidth floor (a full-frame memcpy) measured in the same run, so the numbers
/// can be compared across machines as ratios.
struct BenchCommand {
    let configPath: FilePath
    let json: Bool
    let iterations: Int
    /// Runs one case only (for profilers); the others report 0.
    let only: String?
    static let sizes = [(800, 480), (1920, 1080)]

    init(arguments: [FilePath]) throws(UsageError) {
        let args = try ArgumentList(arguments, command: "kiosk bench", valueOptions: ["iterations", "only"],
                                    pathOptions: ["config"], flagOptions: ["json"])
        try args.expectPositionals(atMost: 0)
        configPath = args.path("config") ?? "config/demo.json"
        json = args.has("json")
        // The bound keeps a typo (an extra zero or three) from running for hours.
        iterations = try args.integer("iterations", in: 1...100_000) ?? 200
        only = args.value("only")
        if let only, !["full", "range", "circular", "panel", "memcpy"].contains(only) {
            throw UsageError(command: "kiosk bench", message: "--only must be full, range, circular, panel or memcpy")
        }
    }

    struct Result {
        var size: String
        var fullMs: Double
        var rangeSliderMs: Double?
        var circularSliderMs: Double?
        var panelSlideMs: Double
        var memcpyMs: Double
    }

    /// Runs the command; the config may use the control types of `registry`.
    func execute(registry: ControlRegistry) throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath, registry: registry)
        var results: [Result] = []
        for (w, h) in Self.sizes {
            results.append(try measure(config: config, width: w, height: h))
        }
        let out = LineWriter.standardOutput
        if json {
            out.writeLine(Self.json(results))
        } else {
            for line in Self.table(results) { out.writeLine(line) }
        }
        return 0
    }

    private func measure(config: KioskConfig, width: Int, height: Int) throws -> Result {
        let source = KioskSetup.sceneSource(for: config)
        let design = source.designSize ?? Size(Double(width), Double(height))
        let scene = source.make(design)
        let renderer = try SceneRenderer(designSize: design, panelWidth: width, panelHeight: height, rotation: .none)
        // The headless display copies each frame's damage to its scanout buffer, as DRM does.
        let loop = try EventLoop()
        let backend = try DisplayChoice.make(DisplayRequest(backend: .headless, headlessSize: (width, height)),
                                             loop: loop).backend
        func frame() {
            let damage = renderer.render(scene)
            backend.present(renderer.frame, damage: damage, at: .zero)
            backend.finishPendingFrame()
        }
        frame()

        let full = median("full") { renderer.invalidateAll(); frame() }

        let controls = scene.currentScreen.controls
        var rangeMs: Double?
        if let slider = controls.compactMap({ $0 as? RangeSlider }).first {
            // One step = the value change of one design pixel of knob travel, back and forth.
            let step = (slider.maximumValue - slider.minimumValue) / max(1, slider.usableTrackLength)
            let base = slider.upperValue > slider.lowerValue + step ? slider.upperValue - step : slider.upperValue
            var flip = false
            rangeMs = median("range") {
                flip.toggle()
                slider.setUpperValue(flip ? base + step : base)
                frame()
            }
        }
        // A frame of a panel sliding in over the start screen, dim included: two 120 Hz
        // simulation steps (one 60 Hz frame) of the first panel in the config (or an empty
        // bottom panel), restarted whenever it arrives.
        let panel = Self.firstPanel(in: scene)
        var time = Instant.zero
        let step = Duration.nanoseconds(1_000_000_000 / 120)
        func panelFrame() {
            if panel.presentation >= 1 || !scene.overlays.contains(where: { $0 === panel }) {
                panel.dismiss()
                while !scene.overlays.isEmpty { time += step; scene.step(step, at: time) }
                scene.showOverlay(panel.id)
            }
            for _ in 0..<2 { time += step; scene.step(step, at: time) }
            frame()
        }

        var circularMs: Double?
        if let dial = controls.compactMap({ $0 as? CircularSlider }).first {
            let base = dial.angle
            var flip = false
            circularMs = median("circular") {
                flip.toggle()
                dial.setAngle(flip ? base + 1 : base)
                frame()
            }
        }
        let panelMs = median("panel") { panelFrame() }
        return Result(size: "\(width)x\(height)", fullMs: full, rangeSliderMs: rangeMs,
                      circularSliderMs: circularMs, panelSlideMs: panelMs,
                      memcpyMs: try memcpyFloor(width: width, height: height))
    }

    private func wanted(_ name: String) -> Bool { only == nil || only == name }

    static func firstPanel(in scene: Scene) -> Panel {
        if let p = scene.registeredOverlays.compactMap({ $0 as? Panel }).first { return p }
        let p = Panel(id: "bench-panel", style: PanelStyle())
        scene.register(p)
        return p
    }

    /// Median wall time of `body` in milliseconds after a warm-up.
    private func median(_ name: String, _ body: () -> Void) -> Double {
        guard wanted(name) else { return 0 }
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

    /// A full-frame memcpy between buffers that together exceed any CPU cache (8 pairs of
    /// frames, 66 MB at 1080p), so it measures memory bandwidth, not cache bandwidth.
    private func memcpyFloor(width: Int, height: Int) throws -> Double {
        let bytes = width * height * 4
        guard wanted("memcpy") else { return 0 }
        let count = max(8, (96 << 20) / max(1, 2 * bytes))
        let sources = try (0..<count).map { _ in try PixelBuffer(width: width, height: height) }
        let targets = try (0..<count).map { _ in try PixelBuffer(width: width, height: height) }
        for b in sources + targets { memset(b.bytes, 0x5A, b.byteCount) }   // fault the pages in
        var i = 0
        return median("memcpy") {
            memcpy(targets[i].bytes, sources[i].bytes, bytes)
            i = (i + 1) % count
        }
    }

    static func format(_ v: Double?) -> String {
        guard let v else { return "-" }
        let thousandths = Int((v * 1000).rounded())
        let frac = thousandths % 1000
        return "\(thousandths / 1000)." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + "\(frac)"
    }

    static func ratio(_ v: Double?, _ base: Double) -> String {
        guard let v, base > 0 else { return "-" }
        let r = Int((v / base * 100).rounded())
        return "\(r / 100).\(r % 100 < 10 ? "0" : "")\(r % 100)x"
    }

    static func table(_ results: [Result]) -> [String] {
        var lines = ["size        full ms  (x copy)  range-slider ms  (x copy)  circular ms  (x copy)  panel-slide ms  (x copy)  memcpy ms"]
        for r in results {
            func col(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(1, w - s.count)) }
            lines.append(col(r.size, 12) + col(format(r.fullMs), 9) + col(ratio(r.fullMs, r.memcpyMs), 10)
                         + col(format(r.rangeSliderMs), 17) + col(ratio(r.rangeSliderMs, r.memcpyMs), 10)
                         + col(format(r.circularSliderMs), 13) + col(ratio(r.circularSliderMs, r.memcpyMs), 10)
                         + col(format(r.panelSlideMs), 16) + col(ratio(r.panelSlideMs, r.memcpyMs), 10)
                         + format(r.memcpyMs))
        }
        lines.append("median of each; slider frames include the damaged-area copy to a scanout buffer")
        return lines
    }

    static func json(_ results: [Result]) -> String {
        let items = results.map { r -> String in
            var fields = ["\"size\": \"\(r.size)\"", "\"full_ms\": \(format(r.fullMs))"]
            fields.append("\"range_slider_ms\": \(r.rangeSliderMs.map(format) ?? "null")")
            fields.append("\"circular_slider_ms\": \(r.circularSliderMs.map(format) ?? "null")")
            fields.append("\"panel_slide_ms\": \(format(r.panelSlideMs))")
            fields.append("\"memcpy_ms\": \(format(r.memcpyMs))")
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "{\"results\": [" + items.joined(separator: ", ") + "]}"
    }
}
