@testable import KioskConfig
import KioskCore
import KioskTestSupport
import Testing

/// A key of a path, by name.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// `json` checked as `ConfigLoader` checks it (without popup templates), with a suggestion
/// budget of `suggestionCells`: the messages, and the budget to see what suggestions cost.
func check(_ json: String, suggestionCells: Int) throws -> (problems: [String], budget: Suggestion.Budget) {
    let document = try JSONParser().parse(json)
    let budget = Suggestion.Budget(cells: suggestionCells)
    let diagnostics = Diagnostics(root: document, suggestionBudget: budget)
    let validator = ConfigValidator(diagnostics: diagnostics, designSize: DisplaySettings.defaultPanelSize)
    let decoded = JSONTreeDecoder.decode(KioskConfiguration.self, from: document, diagnostics: diagnostics,
                                         userInfo: [ConfigValidator.userInfoKey: validator,
                                                    ControlRegistry.userInfoKey: ControlRegistry.standard])
    if decoded != nil { validator.finish() }
    return (diagnostics.problems(file: "demo.json").map(\.description), budget)
}

/// Inputs far larger than any real config: every problem is still reported, and the work of
/// finding suggestions stays within one budget per run (counted, never timed).
@Suite struct LargeConfigTests {
    @Test func thirtyTwoThousandUnknownKeysInOneControlAreEachReportedInFileOrder() {
        let unknown = (0..<32_000).map { #""k\#(10_000 + $0)": 0"# }.joined(separator: ", ")
        let found = problems(in: mainScreen(
            #"{"type": "label", "id": "a", "frame": [0, 0, 10, 10], "text": "x", \#(unknown), "colr": 1}"#))
        #expect(found.count == 32_001)
        #expect(found.first == #"demo.json: screens[0].controls[0]: unknown key "k10000" (line 2)"#)
        #expect(found[31_999] == #"demo.json: screens[0].controls[0]: unknown key "k41999" (line 2)"#)
        #expect(found.last == #"demo.json: screens[0].controls[0]: unknown key "colr"; did you mean "color"? (line 2)"#)
    }

    @Test func thirtyTwoThousandUnknownKeysInOneActionAreEachReported() {
        let unknown = (0..<32_000).map { #""k\#(10_000 + $0)": 0"# }.joined(separator: ", ")
        let found = problems(in: buttonWithAction(#"{"showPanel": "filters", \#(unknown), "showPanle": 1}"#),
                             files: ["popups/dialog.json": minimalTemplate])
        let at = "demo.json: screens[0].controls[0].action"
        #expect(found.count == 32_001)
        #expect(found.first == #"\#(at): unknown action "k10000"; expected one of back, setLanguage, showPanel, showPopup, switchScreen (line 2)"#)
        #expect(found.last == #"\#(at): unknown action "showPanle"; did you mean "showPanel"? (line 2)"#)
    }

    @Test func eightThousandMissingReferencesAreEachReportedAndSuggestionsStopWithTheBudget() throws {
        let screens = (0..<2000).map { #"{"id": "screen\#(1000 + $0)"}"# }.joined(separator: ", ")
        let buttons = (0..<8000).map {
            #"{"type": "button", "id": "b\#($0)", "frame": [0, 0, 10, 10], "title": "Go", "action": {"switchScreen": "screem\#(1000 + $0 % 2000)"}}"#
        }.joined(separator: ",\n")
        let json = #"{"startScreen": "screen1000", "screens": [{"id": "main", "controls": [\#n\#(buttons)]}, \#(screens)]}"#
        // Each reference is compared with all 2000 ids (all of its length): 10 rows of a band
        // 5 wide plus one, 102,000 cells; a million pays for nine of them.
        let (found, budget) = try check(json, suggestionCells: 1_000_000)
        #expect(found.count == 8000)
        let at = "demo.json: screens[0].controls"
        #expect(found[0] == #"\#(at)[0].action.switchScreen: no screen with id "screem1000"; did you mean "screen1000"? (line 2)"#)
        #expect(found[8] == #"\#(at)[8].action.switchScreen: no screen with id "screem1008"; did you mean "screen1008"? (line 10)"#)
        #expect(found[9] == #"\#(at)[9].action.switchScreen: no screen with id "screem1009" (line 11)"#)
        #expect(found.filter { $0.contains("did you mean") }.count == 9)
        #expect(found.allSatisfy { $0.contains("no screen with id \"screem") })
        #expect(budget.spent > 9 * 2000 * 51 && budget.spent <= 1_000_000)
        #expect(budget.isExhausted)
    }

    @Test func suggestionWorkPerUnknownKeyDoesNotGrowWithTheObject() throws {
        func cells(unknownKeys: Int) throws -> Int {
            let unknown = (0..<unknownKeys).map { #""k\#(100_000 + $0)": 0"# }.joined(separator: ", ")
            let json = mainScreen(#"{"type": "label", "id": "a", "frame": [0, 0, 10, 10], "text": "x", \#(unknown)}"#)
            let (found, budget) = try check(json, suggestionCells: .max)
            #expect(found.count == unknownKeys)
            return budget.spent
        }
        let small = try cells(unknownKeys: 1000)
        #expect(small > 0)
        #expect(try cells(unknownKeys: 16_000) == 16 * small)
    }

    @Test func referencesToIdsOfAHundredThousandCharactersGetNoSuggestionAndCostNothing() {
        let long = String(repeating: "s", count: 100_000)
        let diagnostics = Diagnostics(root: JSONNode(.object([]), at: .start))
        let validator = ConfigValidator(diagnostics: diagnostics, designSize: DisplaySettings.defaultPanelSize)
        validator.declare(.screen, id: long + "a")
        validator.declare(.panel, id: long + "c")
        validator.refer(to: .screen, id: long + "b", at: [NameKey("startScreen")])
        validator.refer(to: .screen, id: long + "c", at: [NameKey("startScreen")])
        validator.finish()
        #expect(diagnostics.problems(file: "demo.json").map(\.message) == [
            "no screen with id \"\(long)b\"", "no screen with id \"\(long)c\" (it is a panel)",
        ])
        #expect(diagnostics.suggestionBudget.spent == 0)
    }

    @Test func problemsAfterTwentyThousandUnknownTopLevelKeysAreStillPlacedOnTheirLines() {
        let unknown = (0..<20_000).map { #""k\#($0)": 0"# }.joined(separator: ",\n")
        let found = problems(in: "{\(unknown),\n" + #""startScreen": "main", "screens": [{"id": "main", "controls": ["#
            + "\n" + #"{"type": "label", "id": "a", "text": "x"}]}]}"#)
        #expect(found.count == 20_001)
        #expect(found.last == #"demo.json: screens[0].controls[0]: missing required key "frame" (line 20002)"#)
    }

    @Test func keysWithDotsDoNotConfuseThePlacingOfProblems() throws {
        // Two objects of more than 16 members whose paths print alike: "a.b".
        func members(_ tag: String) -> String { (0..<20).map { #"\#n"\#(tag)\#($0)": 0"# }.joined(separator: ",") }
        let text = #"{"a.b": {\#(members("x"))},"# + "\n" + #""a": {"b": {\#(members("y"))}}}"#
        let diagnostics = Diagnostics(root: try JSONParser().parse(text))
        #expect(diagnostics.position(of: [NameKey("a.b"), NameKey("x19")]).line == 21)
        #expect(diagnostics.position(of: [NameKey("a"), NameKey("b"), NameKey("y19")]).line == 42)
        #expect(diagnostics.position(of: [NameKey("a"), NameKey("b"), NameKey("x19")]).line == 22)
        #expect(diagnostics.position(of: [NameKey("a.b"), NameKey("y0")]).line == 1)
    }
}
