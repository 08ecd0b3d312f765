import Foundation
import KioskCore
import KioskDevice
import KioskService
import KioskTestSupport
import Testing
@testable import KioskCLI

/// The option tables (each command's, each backend's in `DisplayChoice.backends`) against
/// what tells people about them: Contracts.md's "Command line" block and `--help`. An option
/// or a backend that misses its docs line fails here.
@Suite("The command line and its docs")
struct CommandLineDocsTests {
    /// The lines of the code block under Contracts.md's "## Command line".
    static func contractsBlock() throws -> [Substring] {
        let contracts = try String(contentsOfFile: TestFiles.path("Documentation/Contracts.md"), encoding: .utf8)
        let section = try #require(contracts.range(of: "\n## Command line\n"))
        let open = try #require(contracts.range(of: "```\n", range: section.upperBound..<contracts.endIndex))
        let close = try #require(contracts.range(of: "\n```", range: open.upperBound..<contracts.endIndex))
        return contracts[open.upperBound..<close.lowerBound].split(separator: "\n")
    }

    /// The form starting with `start` and its indented continuation lines.
    static func form(_ start: String, in block: [Substring]) throws -> [Substring] {
        let first = try #require(block.firstIndex { $0.hasPrefix(start) }, "no line starts with \(start)")
        let rest = block[(first + 1)...].prefix { $0.hasPrefix(" ") }
        return [block[first]] + rest
    }

    /// The `--names` a text mentions, without dashes.
    static func optionNames(_ text: some StringProtocol) -> Set<String> {
        Set(String(text).matches(of: /--([a-z][a-z-]*)/).map { String($0.output.1) })
    }

    /// `--NAME a|b|c` in `text`: a, b, c.
    static func choices(of name: String, in text: some StringProtocol) throws -> [String] {
        let match = try #require(String(text).firstMatch(of: try Regex("--\(name) ([a-z|]+)")), "no --\(name) choices")
        return String(try #require(match.output[1].substring)).split(separator: "|").map(String.init)
    }

    static func names(_ options: [CommandOption]) -> Set<String> { Set(options.map(\.name)) }

    @Test("kiosk run's form names exactly the options run takes, and --backend exactly auto and the backends in probe order")
    func runForm() throws {
        let form = try Self.form("kiosk run   --config", in: try Self.contractsBlock())
        #expect(Self.optionNames(form.joined(separator: " ")) == Self.names(RunCommand.options))
        #expect(try Self.choices(of: "backend", in: form[0]) == ["auto"] + DisplayChoice.backends.map(\.name))
        #expect(BackendName.allCases.map(\.rawValue) == ["auto"] + DisplayChoice.backends.map(\.name))
    }

    @Test("each backend with options has its line in kiosk run's form, naming exactly its options")
    func backendLines() throws {
        let form = try Self.form("kiosk run   --config", in: try Self.contractsBlock())
        for backend in DisplayChoice.backends where !backend.options.isEmpty {
            let line = form.first { $0.drop { $0 == " " }.hasPrefix(backend.name + ": ") }
            let found = try #require(line, "Contracts.md has no '\(backend.name):' line")
            #expect(Self.optionNames(found) == Self.names(backend.options), "\(backend.name)")
        }
    }

    @Test("kiosk calibrate's form names its backends, and its options with those of its device backends")
    func calibrateForm() throws {
        let line = try Self.form("kiosk calibrate", in: try Self.contractsBlock()).joined(separator: " ")
        let backends = try Self.choices(of: "backend", in: line)
        #expect(backends == CalibrateCommand.backends.map(\.rawValue))
        // "drm or fbdev options" stands for those backends' tables.
        let phrase = try #require(line.firstMatch(of: /\[([a-z]+(?: or [a-z]+)*) options/), "no '[drm or fbdev options'")
        let devices = phrase.output.1.split(separator: " or ").map(String.init)
        #expect(Set(devices) == ["drm", "fbdev"])
        let deviceOptions = devices.compactMap { BackendName(rawValue: $0).flatMap(DisplayChoice.backend(named:)) }
            .flatMap(\.options)
        #expect(Self.optionNames(line).union(Self.names(deviceOptions)) == Self.names(CalibrateCommand.options))
        #expect(Self.names(CalibrateCommand.backendOptionTable) == Self.names(deviceOptions))
    }

    @Test("kiosk check's, bench's and ctl's forms name exactly their options, bench --only exactly its cases")
    func otherForms() throws {
        let block = try Self.contractsBlock()
        #expect(Self.optionNames(try Self.form("kiosk check", in: block)[0]) == Self.names(CheckCommand.options))
        let bench = try Self.form("kiosk bench", in: block)[0]
        #expect(Self.optionNames(bench) == Self.names(BenchCommand.options))
        #expect(try Self.choices(of: "only", in: bench) == BenchCommand.Case.allCases.map(\.rawValue))
        // The shortcuts' options (`--lower 3`) are the control socket's section's, held by ControlOperationDocsTests.
        #expect(Self.optionNames(try Self.form("kiosk ctl", in: block)[0]) == ["socket"])
        #expect(ControlCommand.options.map(\.name).contains("socket"))
    }

    @Test("kiosk run --help describes every option run takes, and kiosk calibrate --help every backend option it takes")
    func helpDescribesTheTable() {
        let run = Self.optionNames(HelpText.run)
        for option in RunCommand.options { #expect(run.contains(option.name), "kiosk run --help: --\(option.name)") }
        let calibrate = Self.optionNames(HelpText.calibrate)
        for option in CalibrateCommand.options {
            #expect(calibrate.contains(option.name), "kiosk calibrate --help: --\(option.name)")
        }
    }

    @Test("a backend's section in --help follows the one whose options it shares, and says so in one line")
    func sharedOptionsInHelp() throws {
        let titles = BackendHelp.readingOrder(DisplayChoice.backends.filter { !$0.helpTitle.isEmpty }).map(\.name)
        #expect(titles == ["drm", "fbdev", "wayland"])
        let lines = BackendHelp.sections(DisplayChoice.backends)
        let fbdev = try #require(lines.firstIndex { $0.hasPrefix("Framebuffer options") })
        #expect(lines[fbdev + 2] == "  --input-device, --seat as for DRM")
        #expect(lines.filter { $0.hasPrefix("  --seat ") }.count == 1)
    }

    @Test("a value an option does not accept is refused with what it should look like")
    func refusedValue() {
        #expect(throws: UsageError(command: "kiosk run", message: "--mode must look like 800x480 or 1920x1080@60, not '80'")) {
            try RunCommand(arguments: ["--config", "k.json", "--mode", "80"])
        }
        #expect(throws: UsageError(command: "kiosk run", message: "--clock must be real or virtual, not 'slow'")) {
            try RunCommand(arguments: ["--config", "k.json", "--clock", "slow"])
        }
        #expect(throws: UsageError(command: "kiosk bench", message: "--scene must be anchor, not 'lobby'")) {
            try BenchCommand(arguments: ["--scene", "lobby"])
        }
    }

    @Test("the backends' options given reach the display request by name, a flag's as an empty value")
    func backendOptionsByName() throws {
        let run = try RunCommand(arguments: ["--config", "k.json", "--drm-device", "/dev/dri/card1", "--legacy",
                                             "--windowed", "640x400", "--size", "800x480"])
        #expect(run.backendOptions == ["drm-device": "/dev/dri/card1", "legacy": "", "windowed": "640x400"])
        let calibrate = try CalibrateCommand(arguments: ["--config", "k.json", "--seat", "seat1", "--fb-device", "/dev/fb1"])
        #expect(calibrate.backendOptions == ["seat": "seat1", "fb-device": "/dev/fb1"])
    }

    @Test("a backend name is auto or one of the list's; another is refused naming them")
    func backendNames() {
        #expect(BackendName(rawValue: "wayland") == .wayland)
        #expect(BackendName(rawValue: "x11") == nil)
        #expect(throws: UsageError(command: "kiosk run", message: "--backend must be auto, drm, wayland, fbdev or headless, not 'x11'")) {
            try RunCommand(arguments: ["--config", "k.json", "--backend", "x11"])
        }
        #expect(DisplayChoice.resolve(DisplayRequest(backend: .headless)) == .headless)
    }
}
