import Foundation
import Testing

@Suite("Command line")
struct CommandLineTests {
    func write(_ text: String, name: String = "kiosk.json") throws -> String {
        let url = try KioskProcess.temporaryDirectory().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("--help and --version answer and exit 0")
    func help() throws {
        let help = try KioskProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("kiosk run"))
        let runHelp = try KioskProcess.run(["run", "--help"]).stdout
        #expect(runHelp.contains("--screenshot"))
        #expect(runHelp.contains("auto | drm | wayland | fbdev | headless") && runHelp.contains("--fb-device PATH")
            && runHelp.contains("--windowed WxH"))
        #expect(try KioskProcess.run(["calibrate", "--help"]).stdout.contains("--backend drm|fbdev|headless"))
        #expect(try KioskProcess.run(["--version"]).stdout.hasPrefix("kiosk "))
    }

    @Test("a command line that cannot run exits with its status and says why", arguments: BadCommandLine.all)
    func refused(_ bad: BadCommandLine) throws {
        let out = try KioskProcess.run(bad.arguments)
        #expect(out.status == bad.status)
        #expect(out.stderr.contains(bad.message))
        if bad.printsNothing { #expect(out.stdout.isEmpty) }
    }

    @Test("kiosk check accepts the demo config")
    func checkDemo() throws {
        let out = try KioskProcess.run(["check", "config/demo.json"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("OK"))
    }

    @Test("kiosk check prints every problem with file and JSON path and exits 1")
    func checkBad() throws {
        let path = try write("""
        {
          "startScreen": "mian",
          "screens": [ { "id": "main", "controls": [
            { "type": "rangeSlider", "id": "price", "frame": [40, 100, 440, 30], "min": 5, "max": 0 },
            { "type": "label", "id": "price", "frame": [0, 0, 10, 10], "text": "x", "colour": "#FFFFFF" }
          ] } ]
        }
        """)
        let out = try KioskProcess.run(["check", path])
        #expect(out.status == 1)
        #expect(out.lines.count >= 4)
        #expect(out.stdout.contains("\(path): screens[0].controls[0].max: must be greater than min (5)"))
        #expect(out.stdout.contains("screens[0].controls[1].id: duplicate id \"price\""))
        #expect(out.stdout.contains("unknown key \"colour\"; did you mean \"color\"?"))
        #expect(out.stdout.contains("startScreen: no screen with id \"mian\""))
    }

    @Test("kiosk check reports a broken popup template with the template's path and JSON path")
    func brokenTemplate() throws {
        let dir = try KioskProcess.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("popups"), withIntermediateDirectories: true)
        let template = try String(contentsOfFile: KioskProcess.path("config/popups/dialog.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"cornerRadius\": 14", with: "\"cornerRadius\": \"big\"")
        try template.write(to: dir.appendingPathComponent("popups/dialog.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: KioskProcess.path("config/demo.json"),
                                         toPath: dir.appendingPathComponent("demo.json").path)
        try FileManager.default.copyItem(atPath: KioskProcess.path("config/strings"), toPath: dir.appendingPathComponent("strings").path)
        let out = try KioskProcess.run(["check", dir.appendingPathComponent("demo.json").path])
        #expect(out.status == 1)
        #expect(out.lines == ["\(dir.path)/popups/dialog.json: box.cornerRadius: expected a number, found a string (line 2)"])
        let run = try KioskProcess.run(["run", "--config", dir.appendingPathComponent("demo.json").path])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
    }

    @Test("a missing config file is reported with its path")
    func missingFile() throws {
        let out = try KioskProcess.run(["run", "--config", "/nonexistent/kiosk.json"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("/nonexistent/kiosk.json: No such file or directory"))
    }

    @Test("a bad touch-script line is reported with its line number and nothing runs")
    func badTouchScript() throws {
        let script = try write("""
        {"t": 0, "type": "down", "id": 0, "x": 10, "y": 10}
        {"t": 16, "type": "press", "id": 0, "x": 10, "y": 10}
        {"t": 8, "type": "move", "id": 3, "x": 1, "y": 1}
        {"t": 4, "type": "up", "id": 0}
        """, name: "touches.jsonl")
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--input", script])
        #expect(out.status == 1)
        #expect(out.stderr.contains("\(script):2: unknown type \"press\"; expected down, move, up, cancel, key or text"))
        #expect(out.stderr.contains("\(script):3: touch 3 moves but is not down"))
        #expect(out.stderr.contains("\(script):4: time goes backwards (4 after 8)"))
        #expect(out.stdout.isEmpty)
    }

    @Test("--backend fbdev on a node that is not a framebuffer, or none, says so and exits 1")
    func fbdevWithoutFramebuffer() throws {
        let null = try KioskProcess.run(["run", "--config", "config/demo.json", "--backend", "fbdev", "--fb-device", "/dev/null"])
        #expect(null.status == 1)
        #expect(null.stderr.contains("kiosk: /dev/null is not a framebuffer device (FBIOGET_FSCREENINFO: Inappropriate ioctl"))
        let missing = try KioskProcess.run(["run", "--config", "config/demo.json", "--backend", "fbdev",
                                            "--fb-device", "/nonexistent/fb7"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("kiosk: cannot open the framebuffer: /nonexistent/fb7: open: No such file or directory"))
        #expect(null.stdout.isEmpty && missing.stdout.isEmpty)
        let calibrate = try KioskProcess.run(["calibrate", "--config", "config/demo.json", "--backend", "fbdev",
                                              "--fb-device", "/dev/null"])
        #expect(calibrate.status == 1)
        #expect(calibrate.stderr.contains("/dev/null is not a framebuffer device"))
    }

    @Test("--backend auto with --fb-device naming no framebuffer runs headless")
    func autoSkipsANonFramebuffer() throws {
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--until", "10", "--fb-device", "/dev/null"])
        #expect(out.status == 0)
        #expect(out.stderr.contains("kiosk: headless 800x480"))
    }

    @Test("--backend auto without a display runs headless")
    func autoFallsBack() throws {
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--until", "10"])
        #expect(out.status == 0)
        #expect(out.stderr.contains("kiosk: headless 800x480"))
    }

    @Test("kiosk bench --json gives every case and its ratio to the floor at both sizes")
    func bench() throws {
        let out = try KioskProcess.run(["bench", "--json", "--iterations", "2"])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let results = try #require(object?["results"] as? [[String: Any]])
        #expect(results.map { $0["size"] as? String } == ["1920x1080", "800x480"])
        for key in ["floor_ms", "overlay_full_ms", "full_ms", "range_slider_ms", "circular_slider_ms", "label_text_ms", "progress_indeterminate_ms", "panel_slide_ms",
                    "photo_background_ms", "jpeg_decode_1080p_ms", "memcpy_ms", "overlay_full_ratio", "full_ratio",
                    "label_text_ratio", "progress_indeterminate_ratio", "panel_slide_ratio", "photo_background_ratio",
                    // issue 21's controls and pages
                    "toggle_thumb_ms", "toggle_thumb_ratio",
                    "list_fling_ms", "list_fling_ratio", "pages_swipe_ms", "pages_swipe_ratio"] {
            #expect(results.allSatisfy { ($0[key] as? Double ?? -1) > 0 }, "\(key)")
        }
    }

    @Test("kiosk bench --scene anchor --size adds a size and shows its popup over the dim")
    func benchAnchor() throws {
        let out = try KioskProcess.run(["bench", "--scene", "anchor", "--size", "320x240", "--iterations", "1"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("320x240 ms"))
        #expect(out.stdout.contains("full frame, overlay over dim"))
        let bad = try KioskProcess.run(["bench", "--overlay", "nope", "--iterations", "1"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--overlay nope: no popup or panel of that id"))
    }
}

/// A `kiosk` command line that must fail: its exit status and a piece of what it prints on
/// stderr (`printsNothing`: and nothing on stdout).
struct BadCommandLine: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    let status: Int32
    let message: String
    var printsNothing = false

    var testDescription: String { name }

    static let all = [
        BadCommandLine(name: "an unknown option is a usage error with exit code 2",
                       arguments: ["run", "--config", "config/demo.json", "--sise", "800x480"], status: 2,
                       message: "unknown option --sise"),
        BadCommandLine(name: "--backend drm on a machine without a display says so and exits 1",
                       arguments: ["run", "--config", "config/demo.json", "--backend", "drm"], status: 1,
                       message: "no DRM device found", printsNothing: true),
        BadCommandLine(name: "a bad --mode is a usage error",
                       arguments: ["run", "--config", "config/demo.json", "--backend", "drm", "--mode", "big"], status: 2,
                       message: "--mode must look like 800x480 or 1920x1080@60, not 'big'"),
    ]
}
