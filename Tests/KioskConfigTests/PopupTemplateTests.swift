import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A template with one part per line: box on line 2, title 3, text 4, buttons 5, and any
/// `extra` root members on line 6.
func dialog(box: String = #"{"frame": [200, 110, 400, 260]}"#, title: String = #"{"frame": [24, 20, 352, 36]}"#,
            text: String = #"{"frame": [24, 64, 352, 110]}"#, buttons: String = #"{"frame": [24, 192, 352, 48]}"#,
            extra: String? = nil) -> String {
    "{\n\"box\": \(box),\n\"title\": \(title),\n\"text\": \(text),\n\"buttons\": \(buttons)\n"
        + (extra.map { ", " + $0 } ?? "") + "\n}"
}

/// The messages for a config whose popup uses `template` as "popups/dialog.json".
func templateProblems(_ template: String, display: String = "{}") -> [String] {
    problems(in: withPopups(helloPopup(), display: display), files: ["popups/dialog.json": template])
}

/// A template that must be rejected, with the exact messages.
struct BadTemplate: Sendable, CustomTestStringConvertible {
    let name: String
    let text: String
    let expected: [String]

    init(_ name: String, _ text: String, _ expected: String...) {
        self.name = name; self.text = text; self.expected = expected
    }

    var testDescription: String { name }
}

@Suite struct PopupTemplateTests {
    /// `config/popups/dialog.json` read as `config/demo.json` would read it.
    func shippedTemplate() throws -> PopupTemplate {
        let config = try ConfigLoader.decode(withPopups(helloPopup()), file: "config/demo.json",
                                             readFile: TestFiles.configReader(directory: "config"))
        return try #require(config.templates["popups/dialog.json"])
    }

    @Test func theShippedTemplateSpellsOutTheDefaults() throws {
        #expect(try shippedTemplate() == PopupConfigTests.defaultTemplate)
    }

    @Test func theShippedTemplateMapsToThisPopupStyle() throws {
        #expect(try shippedTemplate().style() == PopupStyle(
            boxFrame: Rect(200, 110, 400, 260), cornerRadius: 14, borderColor: Color(hex: "#4A5A6E")!, borderWidth: 1,
            boxBackground: Color(hex: "#222A34")!, backdrop: Color(hex: "#00000080")!,
            title: TextBlockStyle(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white,
                                  alignment: .center),
            text: TextBlockStyle(frame: Rect(24, 64, 352, 110), font: "sans-serif 17", color: Color(hex: "#C8D2DC")!,
                                 alignment: .center),
            buttons: PopupButtonStyle(frame: Rect(24, 192, 352, 48), font: "sans-serif bold 17", textColor: .white,
                                      background: Color(hex: "#0073F0")!, cornerRadius: 10, spacing: 12)))
    }

    @Test func theShippedTemplateIsCentredOnTheDefaultDesignSize() throws {
        let box = try shippedTemplate().box.frame
        #expect(box.midX == 400 && box.midY == 240)
    }

    static let everything = ##"""
        {"box": {"frame": [0, 0, 1024, 600], "cornerRadius": 0, "background": "#FFFFFF", "border": "#000000",
                 "borderWidth": 0},
         "backdrop": "#FFFFFF00",
         "title": {"frame": [1, 2, 3, 4], "font": "serif 30", "color": "#111111", "alignment": "leading"},
         "text": {"frame": [5, 6, 7, 8], "font": "serif 12", "color": "#222222", "alignment": "trailing"},
         "buttons": {"frame": [9, 10, 11, 12], "font": "mono 9", "color": "#333333", "background": "#444444",
                     "cornerRadius": 0, "spacing": 0}}
        """##

    static let everythingDecoded = PopupTemplate(
        box: PopupTemplate.Box(frame: Rect(0, 0, 1024, 600), cornerRadius: 0, background: .white, border: .black,
                               borderWidth: 0),
        backdrop: Color(hex: "#FFFFFF00")!,
        title: PopupTemplate.TextPart(frame: Rect(1, 2, 3, 4), font: "serif 30", color: Color(hex: "#111111")!,
                                      alignment: .leading),
        text: PopupTemplate.TextPart(frame: Rect(5, 6, 7, 8), font: "serif 12", color: Color(hex: "#222222")!,
                                     alignment: .trailing),
        buttons: PopupTemplate.ButtonRow(frame: Rect(9, 10, 11, 12), font: "mono 9", color: Color(hex: "#333333")!,
                                         background: Color(hex: "#444444")!, cornerRadius: 0, spacing: 0))

    @Test func everyKeyIsRead() throws {
        let config = try ConfigLoader.decode(withPopups(helloPopup(), display: #"{"designSize": [1024, 600]}"#),
                                             file: "demo.json", readFile: reader(["popups/dialog.json": Self.everything]))
        #expect(config.templates["popups/dialog.json"] == Self.everythingDecoded)
    }

    /// The template is an ordinary `Decodable` too (without the checks that need the config).
    @Test func foundationsDecoderReadsTheSameTemplate() throws {
        #expect(try JSONDecoder().decode(PopupTemplate.self, from: Data(Self.everything.utf8)) == Self.everythingDecoded)
    }

    @Test func theBoxIsCheckedAgainstTheConfiguredDesignSize() {
        let wide = dialog(box: #"{"frame": [600, 300, 400, 260]}"#)
        #expect(templateProblems(wide, display: #"{"designSize": [1024, 600]}"#) == [])
        #expect(templateProblems(wide) == ["popups/dialog.json: box.frame: frame reaches beyond the screen (800x480) (line 2)"])
    }

    static let at = "popups/dialog.json"

    static let cases: [BadTemplate] = [
        BadTemplate("wrong type",
                    "{\n  \"box\": {\"frame\": [200, 110, 400, 260],\n    \"cornerRadius\": \"14\"},\n"
                        + #"  "title": {"frame": [24, 20, 352, 36]}, "text": {"frame": [24, 64, 352, 110]}, "buttons": {"frame": [24, 192, 352, 48]}}"#,
                    "\(at): box.cornerRadius: expected a number, found a string (line 3)"),
        BadTemplate("misspelt key in the box",
                    dialog(box: #"{"frame": [200, 110, 400, 260], "cornerRadus": 8}"#),
                    #"\#(at): box: unknown key "cornerRadus"; did you mean "cornerRadius"? (line 2)"#),
        BadTemplate("misspelt key at the root",
                    dialog(extra: ##""backdorp": "#000000""##),
                    #"\#(at):6:3: unknown key "backdorp"; did you mean "backdrop"?"#),
        BadTemplate("bad box colour",
                    dialog(box: ##"{"frame": [200, 110, 400, 260], "background": "#22A34"}"##),
                    ##"\##(at): box.background: invalid colour "#22A34": expected #RRGGBB or #RRGGBBAA (line 2)"##),
        BadTemplate("bad backdrop colour",
                    dialog(extra: #""backdrop": "black""#),
                    #"\#(at): backdrop: invalid colour "black": expected #RRGGBB or #RRGGBBAA (line 6)"#),
        BadTemplate("title outside the box",
                    dialog(title: #"{"frame": [420, 20, 352, 36]}"#),
                    "\(at): title.frame: frame lies outside the box (400x260) (line 3)"),
        BadTemplate("text reaching beyond the box",
                    dialog(text: #"{"frame": [24, 64, 352, 210]}"#),
                    "\(at): text.frame: frame reaches beyond the box (400x260) (line 4)"),
        BadTemplate("buttons below the box",
                    dialog(buttons: #"{"frame": [24, 270, 352, 48]}"#),
                    "\(at): buttons.frame: frame lies outside the box (400x260) (line 5)"),
        BadTemplate("box off the screen",
                    dialog(box: #"{"frame": [800, 110, 400, 260]}"#),
                    "\(at): box.frame: frame lies outside the screen (800x480) (line 2)"),
        BadTemplate("a box without area: its parts are not checked against it",
                    dialog(box: #"{"frame": [200, 110, 0, 260]}"#),
                    "\(at): box.frame[2]: must be more than 0 and at most 16384 (found 0) (line 2)"),
        BadTemplate("a part without a frame",
                    dialog(title: #"{"font": "serif 20"}"#),
                    #"\#(at): title: missing required key "frame" (line 3)"#),
        BadTemplate("missing part",
                    #"{"box": {"frame": [200, 110, 400, 260]}, "title": {"frame": [24, 20, 352, 36]}, "buttons": {"frame": [24, 192, 352, 48]}}"#,
                    #"\#(at):1:1: missing required key "text""#),
        BadTemplate("negative widths and radii",
                    dialog(box: #"{"frame": [200, 110, 400, 260], "borderWidth": -1}"#,
                           buttons: #"{"frame": [24, 192, 352, 48], "cornerRadius": -2, "spacing": -12}"#),
                    "\(at): box.borderWidth: must be between 0 and 16384 (found -1) (line 2)",
                    "\(at): buttons.cornerRadius: must be between 0 and 16384 (found -2) (line 5)",
                    "\(at): buttons.spacing: must be between 0 and 16384 (found -12) (line 5)"),
        BadTemplate("misspelt alignment",
                    dialog(title: #"{"frame": [24, 20, 352, 36], "alignment": "centre"}"#),
                    #"\#(at): title.alignment: unknown alignment "centre"; did you mean "center"? (line 3)"#),
        BadTemplate("empty font",
                    dialog(text: #"{"frame": [24, 64, 352, 110], "font": " "}"#),
                    "\(at): text.font: must not be empty (line 4)"),
        BadTemplate("syntax error with line and column",
                    "{\n  \"box\": {\"frame\": [200, 110, 400, 260]}\n  \"title\": {}\n}",
                    "\(at):3:3: expected ',' or '}' after object member"),
        BadTemplate("not an object",
                    "[]",
                    "\(at):1:1: expected an object, found an array"),
        BadTemplate("several problems in one run, in document order",
                    dialog(box: #"{"frame": [200, 110, 400, 260], "cornerRadius": "round"}"#,
                           title: ##"{"frame": [24, 20, 352, 36], "colour": "#FFFFFF"}"##,
                           buttons: #"{"frame": [24, 192, 352, 48, 1]}"#, extra: #""backdrop": 0"#),
                    "\(at): box.cornerRadius: expected a number, found a string (line 2)",
                    #"\#(at): title: unknown key "colour"; did you mean "color"? (line 3)"#,
                    "\(at): buttons.frame: expected 4 numbers [x, y, width, height], found 5 (line 5)",
                    "\(at): backdrop: expected a string, found a number (line 6)"),
    ]

    @Test(arguments: cases + limitCases)
    func badTemplateIsRejectedWithExactMessages(_ bad: BadTemplate) {
        #expect(templateProblems(bad.text) == bad.expected)
    }
}
