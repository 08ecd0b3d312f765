import KioskControls
import KioskCore
import KioskConfig
import KioskBackend
import KioskService
import KioskUI

/// The fuzz entry points: bytes in, the kiosk's own pipeline run on them, the errors it is
/// meant to report swallowed. Anything else (a trap, a hang, memory without bound) escapes to
/// the fuzzer, which is the point.
///
/// Every run is on the headless backend at a small panel (`panelSize`) on the virtual clock,
/// so it reads no clock, no device and no file, and gives the same result every time: a crash
/// the fuzzer saves replays the same way in `swift test`.
package enum FuzzEntry {
    /// The upright screen every run renders to: a fifth of the 800x480 design, small enough
    /// for thousands of runs a second, large enough that every control covers pixels.
    static let panelSize = (width: 160, height: 96)

    /// A config file (as `kiosk check` and `kiosk run` read it): parsed, decoded, validated,
    /// its scene built and one frame rendered. Every popup template it names reads as
    /// config/popups/dialog.json, so popups that are otherwise valid reach the scene (and the
    /// demo's string files as themselves: `BundledFiles.file(_:)`).
    package static func config(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        let config: KioskConfiguration
        do {
            config = try ConfigLoader.decode(text, file: "fuzz.json") { .success(BundledFiles.file($0)) }
        } catch {
            return .rejected(error.problems.map(\.description))
        }
        return play(config, touches: [], until: .zero)
    }

    /// A popup template: the text of `popups/fuzzed.json` in `templateConfig`, whose only
    /// screen is a button that opens the popup. One tap opens it, it is drawn while it fades
    /// in, a tap on the backdrop dismisses it.
    package static func template(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        let config: KioskConfiguration
        do {
            config = try ConfigLoader.decode(templateConfig, file: "fuzz.json") { path in
                path == templatePath ? .success(text) : .failure(FileReadProblem(reason: "No such file or directory"))
            }
        } catch {
            return .rejected(error.problems.map(\.description))
        }
        // Panel pixels: the button fills the screen; the backdrop's corner is outside any box
        // that fits a popup's button row (a template's box may still cover it: then the tap
        // lands on the dialog, which is fine too).
        let touches = [
            TouchEvent(slot: 0, phase: .down, position: Point(80, 48), time: .milliseconds(0)),
            TouchEvent(slot: 0, phase: .up, position: Point(80, 48), time: .milliseconds(40)),
            TouchEvent(slot: 0, phase: .down, position: Point(1, 1), time: .milliseconds(400)),
            TouchEvent(slot: 0, phase: .up, position: Point(1, 1), time: .milliseconds(440)),
        ]
        return play(config, touches: touches, until: .milliseconds(1000))
    }

    /// A string file: the text of config/demo.json's `strings/demo/hi.json`, the demo's other
    /// files as they are. An accepted one is played: the demo starts in Hindi, a tap opens the
    /// hello popup and the kiosk goes back to English, writing every text again.
    package static func strings(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        let config: KioskConfiguration
        do {
            config = try ConfigLoader.decode(BundledFiles.demoConfig, file: "config/demo.json") { path in
                .success(path == stringsPath ? text : BundledFiles.file(path))
            }
        } catch {
            return .rejected(error.problems.map(\.description))
        }
        // The demo's "Hello" button, in panel pixels of the small panel.
        let scale = Double(panelSize.width) / 800
        let hello = Point(120 * scale, 428 * scale)
        let touches = [
            TouchEvent(slot: 0, phase: .down, position: hello, time: .milliseconds(0)),
            TouchEvent(slot: 0, phase: .up, position: hello, time: .milliseconds(40)),
        ]
        return play(config, touches: touches, until: .milliseconds(1000)) { scene in
            scene.setLanguage("hi", sendsEvents: false)
            _ = scene.addObserver(for: .popupShown) { [weak scene] _ in scene?.setLanguage("en") }
        }
    }

    /// The demo's string file a `strings` input stands for.
    static let stringsPath = "strings/demo/hi.json"

    /// A touch script (as `kiosk run --input` reads it): parsed, then played against
    /// config/demo.json for at most `touchHorizon` of virtual time. The script's positions are
    /// panel pixels of the demo's own 800x480 panel, as a script for `kiosk run` would be,
    /// and are scaled to the small panel.
    package static func touch(_ bytes: [UInt8]) -> FuzzOutcome {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .notText }
        let script: [TouchEvent]
        do { script = try TouchScript.parse(text, file: "fuzz.jsonl") } catch {
            return .rejected(error.problems.map(\.description))
        }
        let scale = Double(panelSize.width) / 800
        let touches = script.map { touch in
            var t = touch
            t.position = Point(touch.position.x * scale, touch.position.y * scale)
            return t
        }
        return play(demo, touches: touches, until: touchHorizon)
    }

    /// How long a touch script is played at most: longer than any script the repository
    /// holds, short enough that a busy scene cannot make one input take seconds.
    static let touchHorizon = Instant.milliseconds(20_000)

    /// The config the touch scripts play against, decoded once per process.
    static let demo: KioskConfiguration = {
        do {
            return try ConfigLoader.decode(BundledFiles.demoConfig, file: "config/demo.json") { .success(BundledFiles.file($0)) }
        } catch {
            fatalError("config/demo.json no longer decodes: \(error)")
        }
    }()

    static let templatePath = "popups/fuzzed.json"

    /// One full-screen button that opens a popup with two buttons and text long enough to wrap.
    static let templateConfig = """
        {
          "startScreen": "main",
          "screens": [ { "id": "main", "controls": [
            { "type": "button", "id": "open", "frame": [0, 0, 800, 480], "title": "Open",
              "action": { "showPopup": "fuzzed" } } ] } ],
          "popups": [ { "id": "fuzzed", "template": "\(templatePath)", "title": "नमस्ते — Title",
            "text": "A message long enough to wrap onto a second line of the dialog's text frame.",
            "buttons": [ { "id": "ok", "title": "Okay" }, { "id": "more", "title": "More" } ] } ]
        }
        """

    /// Builds the headless kiosk for `config` at the small panel (turned with the display,
    /// so the upright screen is always 160x96), plays `touches` and encodes every event as
    /// `kiosk run --events` would.
    static func play(_ config: KioskConfiguration, touches: [TouchEvent], until: Instant,
                     customize: ((Scene) -> Void)? = nil) -> FuzzOutcome {
        let rotation = config.display.rotation
        let (width, height) = rotation.swapsAxes ? (panelSize.height, panelSize.width) : panelSize
        let events = EventCount()
        let kiosk = KioskSetup.headless(config: config, panelWidth: width, panelHeight: height,
                                        rotation: rotation, customize: customize) { event in
            events.bytes += event.jsonLine.utf8.count
            events.count += 1
        }
        do { try kiosk.run(touches: touches, until: until) } catch {
            // A small panel always gets a cairo surface and a loop: failing here is a finding.
            fatalError("no headless kiosk at \(width)x\(height): \(error)")
        }
        return .ran(frames: kiosk.runtime?.stats.framesRendered ?? 0, events: events.count)
    }

    private final class EventCount {
        var count = 0
        /// The encoded lines' length: encoding them is part of a run (`kiosk run --events`).
        var bytes = 0
    }
}
