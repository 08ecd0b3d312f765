import Foundation
import KioskControls
import KioskTestSupport
import Testing
import KioskConfig
import KioskCore
import KioskUI
@testable import KioskCLI
@testable import KioskService

/// The op table (`ControlOperationTable.standard`) against what tells people about it:
/// Contracts.md's op table and `kiosk ctl` forms, `kiosk ctl --help`, and the replies
/// themselves. A new op that misses its docs line fails here.
@Suite("The control ops and their docs")
struct ControlOperationDocsTests {
    static let table = ControlOperationTable.standard

    /// The "Control socket" section of Contracts.md.
    static func controlSocketSection() throws -> Substring {
        let contracts = try String(contentsOfFile: TestFiles.path("Documentation/Contracts.md"), encoding: .utf8)
        let start = try #require(contracts.range(of: "\n## Control socket\n"))
        let end = contracts.range(of: "\n## ", range: start.upperBound..<contracts.endIndex)?.lowerBound ?? contracts.endIndex
        return contracts[start.upperBound..<end]
    }

    @Test("the op table names exactly the ops a config's mqtt.allow may list, in the same order")
    func namesTheConfigKnows() {
        #expect(Self.table.names == ControlOperationNames.all)
    }

    @Test("Contracts.md's op table has one row per op, naming each of its fields and the members of its reply")
    func opTable() throws {
        // | `op` | fields | ok reply |
        var rows: [String: (fields: String, reply: String)] = [:]
        for line in try Self.controlSocketSection().split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.dropFirst(2).split(separator: " | ", maxSplits: 2).map(String.init)
            try #require(cells.count == 3, "\(line)")
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(rows[name] == nil, "\(name) has two rows")
            rows[name] = (cells[1], cells[2])
        }
        #expect(rows.keys.sorted() == Self.table.names.sorted())
        for operation in Self.table.operations {
            guard let row = rows[operation.name] else { continue }
            if operation.fields.isEmpty { #expect(row.fields == "—", "\(operation.name)") }
            for field in operation.fields {
                #expect(row.fields.contains("`\(field.name)`"), "\(operation.name)'s row does not name its field \(field.name)")
            }
            for member in operation.reply {
                #expect(row.reply.contains("\"\(member)\""), "\(operation.name)'s row does not show its reply's \(member)")
            }
        }
    }

    @Test("Contracts.md's kiosk ctl forms are exactly the shortcuts, each as its usage error spells it")
    func ctlForms() throws {
        let section = try Self.controlSocketSection()
        let ctl = try #require(section.range(of: "### kiosk ctl"))
        let open = try #require(section.range(of: "```\n", range: ctl.upperBound..<section.endIndex))
        let close = try #require(section.range(of: "```", range: open.upperBound..<section.endIndex))
        let forms = section[open.upperBound..<close.lowerBound].split(separator: "\n")
            .flatMap { $0.split(separator: " | ") }.map(String.init)
        #expect(forms.sorted() == Self.table.operations.map { $0.shortcut.synopsis() }.sorted())
    }

    @Test("kiosk ctl --help lists every shortcut, in ctl's order, with its help")
    func help() throws {
        let requests = try #require(HelpText.ctl.components(separatedBy: "Requests:\n").last)
        var rest = Substring(requests)
        for operation in ControlShortcut.listing {
            let synopsis = operation.shortcut.synopsis(repeated: "...")
            let found = try #require(rest.range(of: synopsis), "\(synopsis) is not in the help, or out of order")
            let lineEnd = rest[found.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
            let firstHelpLine = operation.shortcut.help?.split(separator: "\n").first ?? ""
            #expect(rest[found.upperBound..<lineEnd].hasSuffix(firstHelpLine), "\(synopsis)")
            rest = rest[found.upperBound...]
        }
        // The order ctl has always listed these in (new ones join by the rule of `Shortcut.Output`).
        let listed = ["ping", "get", "set", "show-panel", "show-popup", "dismiss", "switch-screen", "back",
                      "reload", "wake", "sleep", "keep-awake", "events", "screenshot"]
        #expect(ControlShortcut.names.filter(listed.contains) == listed)
    }

    @Test("the help's columns: descriptions at one column, past a long synopsis after three spaces, on two lines, shared")
    func helpLayout() {
        let lines = HelpText.ctl.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for expected in [
            "  ping                                 is the kiosk there?",
            "  set CONTROL NAME=VALUE ...           set value fields, clamped as a finger would, and properties",
            "                                       (text=…, enabled=false, background=#2E7D32), checked as the config",
            "  show-popup POPUP [--title T] [--text T]   open a popup, optionally with other words",
            "  switch-screen SCREEN [--transition T] [--duration S]",
            "  wake | sleep                         light the screen / turn it off now",
            "  '{\"op\": \"ping\", \"id\": 1}'            any request of the protocol, as JSON",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
    }

    @Test("ok replies hold only the members their op's entry names")
    func replies() throws {
        let target = try ControlTestTarget()
        target.currentFrame = try PixelBuffer(width: 4, height: 2, format: .xrgb32)
        target.reloadOutcome = .reloaded
        let requests = [
            #"{"op": "ping"}"#, #"{"op": "get"}"#, #"{"op": "get", "control": "price"}"#,
            #"{"op": "set", "control": "price", "value": {"lower": 30}}"#, #"{"op": "showPanel", "panel": "filters"}"#,
            #"{"op": "showPopup", "popup": "hello"}"#, #"{"op": "dismiss"}"#,
            #"{"op": "switchScreen", "screen": "details"}"#, #"{"op": "back"}"#, #"{"op": "subscribe"}"#,
            #"{"op": "screenshot"}"#, #"{"op": "screenshot", "path": "\#(NSTemporaryDirectory())op-table-shot.png"}"#,
            #"{"op": "reload"}"#,
        ]
        for (request, handler) in requests.map({ ($0, ControlRequestHandler(target: target)) })
            + Self.poweredRequests.map({ ($0, ControlRequestHandler(target: ControlTestTarget.powered())) }) {
            let op = try #require(try JSONParser().parseValue(request)["op"]?.stringValue)
            let reply = try JSONParser().parseValue(handler.reply(to: request).line)
            try #require(reply["ok"] == true, "\(request)")
            let members = Set(try #require(reply.objectValue).keys).subtracting(["ok", "id"])
            let named = Set(try #require(Self.table.operation(named: op)).reply)
            #expect(members.isSubset(of: named), "\(op) replies with \(members.subtracting(named).sorted())")
        }
    }

    /// What a kiosk with screen power and nothing else (`ControlTestTarget.powered()`) is asked.
    static let poweredRequests = [#"{"op": "wake"}"#, #"{"op": "sleep"}"#, #"{"op": "keepAwake", "on": true}"#]
}
