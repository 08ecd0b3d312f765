import Foundation
import Testing

/// One hostile input and exactly what the kiosk must answer: the exit code and every line it
/// prints. Each case runs the real binary in a fresh folder holding `files`, after `setup`
/// (shell), as the shell line `command` (`kiosk` runs the binary).
struct BadInput: Sendable, CustomTestStringConvertible {
    var name: String
    var files: [String: String] = [:]
    var setup: String = ""
    var command: String
    var status: Int32
    var stdout: [String] = []
    var stderr: [String] = []

    var testDescription: String { name }
}

/// A config that names no template, for cases about something else.
private let minimal = """
{ "startScreen": "main", "screens": [ { "id": "main", "controls": [
  { "type": "label", "id": "hello", "frame": [10, 10, 200, 40], "text": "Hello" } ] } ] }
"""

/// A config with one button, whose taps are events.
private let withButton = """
{ "startScreen": "main", "screens": [ { "id": "main", "controls": [
  { "type": "button", "id": "go", "frame": [10, 10, 200, 40], "title": "Go" } ] } ] }
"""

/// A dial whose angle used to pass `check` and trap at run time (Double → Int).
private let hugeAngle = """
{ "startScreen": "main", "screens": [ { "id": "main", "controls": [
  { "type": "circularSlider", "id": "dial", "frame": [10, 10, 200, 200], "angle": 1e19 } ] } ] }
"""

/// A config with one popup whose template is `popups/dialog.json`.
private let withPopup = """
{ "startScreen": "main",
  "screens": [ { "id": "main", "controls": [] } ],
  "popups": [ { "id": "hello", "template": "popups/dialog.json", "title": "Hi",
                "buttons": [ { "id": "ok", "title": "OK" } ] } ] }
"""

/// A kiosk on a TLS broker whose CA is the file `certs/ca.pem`, beside the config.
private let withBrokerCA = """
{ "startScreen": "main", "screens": [ { "id": "main", "controls": [] } ],
  "mqtt": { "url": "mqtts://broker.invalid", "caFile": "certs/ca.pem" } }
"""

extension BadInput {
    static let files: [BadInput] = [
        BadInput(name: "a missing mqtt.caFile is named, with the key, by check",
                 files: ["kiosk.json": withBrokerCA], command: "kiosk check kiosk.json", status: 1,
                 stdout: [#"kiosk.json: mqtt.caFile: cannot read "certs/ca.pem": No such file or directory (line 2)"#]),
        BadInput(name: "a missing mqtt.caFile stops the start, naming the key and the file",
                 files: ["kiosk.json": withBrokerCA], command: "kiosk run --config kiosk.json --backend headless --clock real --until 100",
                 status: 1,
                 stderr: [#"kiosk: kiosk.json: mqtt.caFile: cannot read "certs/ca.pem": No such file or directory (line 2)"#]),
        BadInput(name: "an mqtt.caFile without a certificate in it is refused by check",
                 files: ["kiosk.json": withBrokerCA, "certs/ca.pem": "not a certificate\n"], command: "kiosk check kiosk.json",
                 status: 1,
                 stdout: [#"kiosk.json: mqtt.caFile: "certs/ca.pem" holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block) (line 2)"#]),
        BadInput(name: "a FIFO as the config is refused at once, not waited on",
                 setup: "mkfifo fifo.json", command: "kiosk check fifo.json", status: 1,
                 stdout: ["fifo.json: not a regular file (a FIFO)"]),
        BadInput(name: "a FIFO as the config of run",
                 setup: "mkfifo fifo.json", command: "kiosk run --config fifo.json", status: 1,
                 stderr: ["kiosk: fifo.json: not a regular file (a FIFO)"]),
        BadInput(name: "a FIFO as a popup template",
                 files: ["kiosk.json": withPopup], setup: "mkdir popups && mkfifo popups/dialog.json",
                 command: "kiosk check kiosk.json", status: 1,
                 stdout: ["kiosk.json: popups[0].template: cannot read \"popups/dialog.json\": "
                          + "not a regular file (a FIFO) (line 3)"]),
        BadInput(name: "a FIFO as the touch script",
                 files: ["kiosk.json": minimal], setup: "mkfifo touches.jsonl",
                 command: "kiosk run --config kiosk.json --input touches.jsonl", status: 1,
                 stderr: ["kiosk: touches.jsonl: not a regular file (a FIFO)"]),
        BadInput(name: "a directory as the config",
                 setup: "mkdir folder.json", command: "kiosk check folder.json", status: 1,
                 stdout: ["folder.json: not a regular file (a directory)"]),
        BadInput(name: "a character device as the config",
                 command: "kiosk check /dev/zero", status: 1,
                 stdout: ["/dev/zero: not a regular file (a character device)"]),
    ]

    static let output: [BadInput] = [
        BadInput(name: "events that cannot be written make the run fail with the reason",
                 files: ["kiosk.json": withButton, "touches.jsonl": """
                     {"t": 0, "type": "down", "id": 0, "x": 20, "y": 20}
                     {"t": 50, "type": "up", "id": 0}
                     """],
                 command: "kiosk run --config kiosk.json --input touches.jsonl --events /dev/full", status: 1,
                 stderr: ["kiosk: cannot write to /dev/full: No space left on device; lines are being lost",
                          "kiosk: headless 800x480 rotation 0: 11 frames, 1 events, 2 touches, ended at 225 ms virtual time",
                          "kiosk: events: cannot write to /dev/full: No space left on device (1 line lost)"]),
        BadInput(name: "a screenshot that cannot be written is an error with the errno reason",
                 files: ["kiosk.json": minimal],
                 command: "kiosk run --config kiosk.json --screenshot missing/shot.png", status: 1,
                 stderr: ["kiosk: missing/shot.png: No such file or directory"]),
        BadInput(name: "a screenshot never replaces a device node",
                 files: ["kiosk.json": minimal],
                 command: "kiosk run --config kiosk.json --screenshot /dev/full", status: 1,
                 stderr: ["kiosk: /dev/full: not a regular file (a character device)"]),
        BadInput(name: "a report that cannot reach stdout makes check fail",
                 files: ["kiosk.json": minimal], command: "kiosk check kiosk.json > /dev/full", status: 1,
                 stderr: ["kiosk: cannot write to stdout: No space left on device; lines are being lost",
                          "kiosk: cannot write to stdout: No space left on device (1 line lost)"]),
    ]

    /// Numbers, sizes and strings that used to pass `check` and then trap, hang or exhaust
    /// memory at run time.
    static let values: [BadInput] = [
        BadInput(name: "a dial angle of 1e19 is refused by check",
                 files: ["kiosk.json": hugeAngle], command: "kiosk check kiosk.json", status: 1,
                 stdout: ["kiosk.json: screens[0].controls[0].angle: must be at least 0 and less than 360 (found 1e+19) (line 2)"]),
        BadInput(name: "a dial angle of 1e19 is refused by run, before anything is drawn",
                 files: ["kiosk.json": hugeAngle], command: "kiosk run --config kiosk.json", status: 1,
                 stderr: ["kiosk: kiosk.json: screens[0].controls[0].angle: must be at least 0 and less than 360 (found 1e+19) (line 2)"]),
        BadInput(name: "absurd sizes, font sizes and calibration are refused with their paths",
                 files: ["kiosk.json": """
                     { "display": { "designSize": [1e5, 480] },
                       "theme": { "font": "sans-serif 1e308" },
                       "input": { "calibration": [1e308, 0, 0, 0, 1, 0] },
                       "startScreen": "main", "screens": [ { "id": "main", "controls": [
                       { "type": "label", "id": "l", "frame": [0, 0, 1e12, 40], "text": "x", "font": "sans 1e308px" } ] } ] }
                     """],
                 command: "kiosk check kiosk.json", status: 1,
                 stdout: ["kiosk.json: display.designSize[0]: must be between 64 and 8192 (found 100000) (line 1)",
                          "kiosk.json: theme.font: the size must be between 1 and 512 (found 1e308) (line 2)",
                          "kiosk.json: input.calibration[0]: must be between -100 and 100 (found 1e+308) (line 3)",
                          "kiosk.json: screens[0].controls[0].frame[2]: must be more than 0 and at most 16384 (found 1000000000000) (line 5)",
                          "kiosk.json: screens[0].controls[0].font: the size must be between 1 and 512 (found 1e308px) (line 5)"]),
        BadInput(name: "a label of 100,000 combining marks is refused (shaping it took 14 s a frame)",
                 files: ["kiosk.json": """
                     { "startScreen": "main", "screens": [ { "id": "main", "controls": [
                       { "type": "label", "id": "l", "frame": [0, 0, 100, 40], "text": "a\(String(repeating: "\u{301}", count: 100_000))" } ] } ] }
                     """],
                 command: "kiosk check kiosk.json", status: 1,
                 stdout: ["kiosk.json: screens[0].controls[0].text: must be at most 4096 Unicode scalars long (found 100001) (line 2)"]),
        BadInput(name: "a touch-script time beyond the longest virtual time is refused with its line",
                 files: ["kiosk.json": minimal, "t.jsonl": """
                     {"t": 0, "type": "down", "id": 0, "x": 10, "y": 10}
                     {"t": 1e13, "type": "up", "id": 0}
                     """],
                 command: "kiosk run --config kiosk.json --input t.jsonl", status: 1,
                 stderr: ["kiosk: t.jsonl:2: \"t\" must be a number of milliseconds from 0 to 1000000000 (about 11.5 days)"]),
        BadInput(name: "a touch at y = -1e308 is refused with its line",
                 files: ["kiosk.json": minimal, "t.jsonl": """
                     {"t": 0, "type": "down", "id": 0, "x": 10, "y": 10}
                     {"t": 16, "type": "move", "id": 0, "x": 10, "y": -1e308}
                     """],
                 command: "kiosk run --config kiosk.json --input t.jsonl", status: 1,
                 stderr: ["kiosk: t.jsonl:2: \"y\" must be a number of panel pixels from -1000000 to 1000000"]),
        BadInput(name: "a touch script with CRLF line endings plays like any other",
                 files: ["kiosk.json": withButton],
                 setup: "printf '{\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 20, \"y\": 20}\\r\\n"
                     + "{\"t\": 50, \"type\": \"up\", \"id\": 0}\\r\\n' > t.jsonl",
                 command: "kiosk run --config kiosk.json --input t.jsonl", status: 0,
                 stdout: [#"{"t": 50, "source": "go", "event": "tapped"}"#],
                 stderr: ["kiosk: headless 800x480 rotation 0: 11 frames, 1 events, 2 touches, ended at 225 ms virtual time"]),
        BadInput(name: "a panel flung a million pixels each way comes to rest and the run ends",
                 files: ["t.jsonl": """
                     {"t": 0, "type": "down", "id": 0, "x": 520, "y": 428}
                     {"t": 50, "type": "up", "id": 0}
                     {"t": 1000, "type": "down", "id": 0, "x": 400, "y": 300}
                     {"t": 1016, "type": "move", "id": 0, "x": 400, "y": -999999}
                     {"t": 1032, "type": "move", "id": 0, "x": 400, "y": 999999}
                     {"t": 1033, "type": "up", "id": 0}
                     """],
                 setup: "cp -r \"$PACKAGE/config/popups\" \"$PACKAGE/config/strings\" . && cp \"$PACKAGE/config/demo.json\" kiosk.json",
                 command: "kiosk run --config kiosk.json --input t.jsonl", status: 0,
                 stdout: [#"{"t": 50, "source": "openFilters", "event": "tapped"}"#,
                          #"{"t": 358.333, "source": "filters", "event": "panelShown"}"#,
                          #"{"t": 1033.333, "source": "filters", "event": "panelDismissed", "value": {"interactive": true}}"#],
                 stderr: ["kiosk: headless 800x480 rotation 0: 23 frames, 3 events, 6 touches, ended at 1065.333 ms virtual time"]),
        BadInput(name: "text too large for FreeType at the panel's scale is left out and said, not a blank screen",
                 files: ["kiosk.json": """
                     { "display": { "designSize": [64, 64] }, "startScreen": "main", "screens": [ { "id": "main",
                       "controls": [ { "type": "label", "id": "l", "frame": [0, 0, 64, 20], "text": "Hi", "font": "sans 12" } ] } ] }
                     """],
                 command: "kiosk run --config kiosk.json --size 8192x8192", status: 0,
                 stderr: ["kiosk: a frame could not be drawn completely: drawText failed: \"sans 12\" at scale 128 is too large "
                          + "for FreeType; the text is left out",
                          "kiosk: headless 8192x8192 rotation 0: 1 frames, 0 events, 0 touches, ended at 16.667 ms virtual time"]),
    ]

    static let commandLine: [BadInput] = [
        BadInput(name: "an extra argument to calibrate is a usage error",
                 files: ["kiosk.json": minimal], command: "kiosk calibrate kiosk.json other.json", status: 2,
                 stderr: ["kiosk calibrate: unexpected argument 'other.json' (see 'kiosk calibrate --help')"]),
        BadInput(name: "an argument beside --config of calibrate is a usage error",
                 files: ["kiosk.json": minimal], command: "kiosk calibrate --config kiosk.json kiosk.json", status: 2,
                 stderr: ["kiosk calibrate: unexpected argument 'kiosk.json' (see 'kiosk calibrate --help')"]),
        BadInput(name: "a usage error names the command once",
                 command: "kiosk run --config kiosk.json extra", status: 2,
                 stderr: ["kiosk run: unexpected argument 'extra' (see 'kiosk run --help')"]),
        BadInput(name: "kiosk ctl without a kiosk on the socket says so as kiosk ctl",
                 command: "kiosk ctl --socket nowhere.sock ping", status: 1,
                 stderr: ["kiosk ctl: nowhere.sock: cannot connect: No such file or directory (is the kiosk running with this socket?)"]),
        BadInput(name: "an unknown command", command: "kiosk frobnicate", status: 2,
                 stderr: ["kiosk: unknown command 'frobnicate'; commands: run, check, calibrate, bench, ctl (see 'kiosk --help')"]),
        BadInput(name: "--events naming the config would truncate it: refused before anything is opened",
                 files: ["kiosk.json": minimal], setup: "ln -s kiosk.json link.json",
                 command: "kiosk run --config kiosk.json --events link.json", status: 2,
                 stderr: ["kiosk run: --events link.json is the file of --config; it would be overwritten "
                          + "(see 'kiosk run --help')"]),
        BadInput(name: "--screenshot naming the touch script is refused",
                 files: ["kiosk.json": minimal, "t.jsonl": ""],
                 command: "kiosk run --config kiosk.json --input t.jsonl --screenshot t.jsonl", status: 2,
                 stderr: ["kiosk run: --screenshot t.jsonl is the file of --input; it would be overwritten "
                          + "(see 'kiosk run --help')"]),
        BadInput(name: "an empty file name", command: "kiosk run --config ''", status: 2,
                 stderr: ["kiosk run: --config needs a file name, not '' (see 'kiosk run --help')"]),
        BadInput(name: "--until beyond the longest virtual time",
                 command: "kiosk run --config kiosk.json --until 1e13", status: 2,
                 stderr: ["kiosk run: --until must be a number of milliseconds from 0 to 1000000000, not '1e13' "
                          + "(see 'kiosk run --help')"]),
        BadInput(name: "--until that is not a number",
                 command: "kiosk run --config kiosk.json --until soon", status: 2,
                 stderr: ["kiosk run: --until must be a number of milliseconds from 0 to 1000000000, not 'soon' "
                          + "(see 'kiosk run --help')"]),
        BadInput(name: "--iterations of bench has a bound",
                 command: "kiosk bench --iterations 1000000000000", status: 2,
                 stderr: ["kiosk bench: --iterations must be a whole number from 1 to 100000, not '1000000000000' "
                          + "(see 'kiosk bench --help')"]),
        BadInput(name: "--rotation that is not a quarter turn",
                 command: "kiosk run --config kiosk.json --rotation 45", status: 2,
                 stderr: ["kiosk run: --rotation must be 0, 90, 180 or 270, not '45' (see 'kiosk run --help')"]),
        BadInput(name: "a text option that is not UTF-8 is refused, not repaired",
                 command: "kiosk run --config kiosk.json --backend \"$(printf 'dr\\377')\"", status: 2,
                 stderr: ["kiosk run: --backend must be UTF-8 text, not 'dr\\xFF' (see 'kiosk run --help')"]),
        BadInput(name: "a missing file whose name is not UTF-8 is shown with its bytes",
                 command: "kiosk check \"$(printf 'caf\\351.json')\"", status: 1,
                 stdout: ["caf\\xE9.json: No such file or directory"]),
        BadInput(name: "a config whose name is not UTF-8 is found and read",
                 files: ["kiosk.json": minimal], setup: "mv kiosk.json \"$(printf 'caf\\351.json')\"",
                 command: "kiosk check \"$(printf 'caf\\351.json')\"", status: 0,
                 stdout: ["caf\\xE9.json: OK (1 screens, 1 controls, 0 panels, 0 popups)"]),
    ]
}

@Suite("Bad input: every case gets its exact message and exit code")
struct BadInputTests {
    static let all = BadInput.files + BadInput.output + BadInput.values + BadInput.commandLine

    @Test(arguments: BadInputTests.all)
    func answer(_ input: BadInput) throws {
        let dir = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in input.files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }
        // A hang must fail the case, not the whole run: every command gets a time limit.
        #expect(input.command.hasPrefix("kiosk "))
        let command = "timeout 60 \"$KIOSK\" " + input.command.dropFirst("kiosk ".count)
        let out = try KioskProcess.shell(input.setup + "\n" + command, in: dir)
        #expect(out.status == input.status, "stderr: \(out.stderr)")
        #expect(out.lines == input.stdout)
        #expect(out.errorLines == input.stderr)
    }
}
