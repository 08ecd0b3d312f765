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

/// A config with one popup whose template is `popups/dialog.json`.
private let withPopup = """
{ "startScreen": "main",
  "screens": [ { "id": "main", "controls": [] } ],
  "popups": [ { "id": "hello", "template": "popups/dialog.json", "title": "Hi",
                "buttons": [ { "id": "ok", "title": "OK" } ] } ] }
"""

extension BadInput {
    static let files: [BadInput] = [
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
                          "kiosk: headless 800x480 rotation 0: 12 frames, 1 events, 2 touches, ended at 208.333 ms virtual time",
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
        BadInput(name: "an unknown command", command: "kiosk frobnicate", status: 2,
                 stderr: ["kiosk: unknown command 'frobnicate'; commands: run, check, calibrate, bench (see 'kiosk --help')"]),
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
    static let all = BadInput.files + BadInput.output + BadInput.commandLine

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
