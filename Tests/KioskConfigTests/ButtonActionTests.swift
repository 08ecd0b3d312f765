import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A config whose only control, a button on line 2, has `action`; a second screen "details",
/// a panel "filters" and a popup "hello" give it something to name.
func buttonWithAction(_ action: String) -> String {
    #"""
    {"startScreen": "main", "screens": [{"id": "main", "controls": [
    {"type": "button", "id": "go", "frame": [0, 0, 100, 40], "title": "Go", "action": \#(action)}
    ]}, {"id": "details"}],
    "panels": [{"id": "filters"}],
    "popups": [{"id": "hello", "template": "popups/dialog.json", "title": "Hi", "buttons": [{"id": "ok", "title": "OK"}]}]}
    """#
}

/// An action as written, what the config makes of it, and what the UI is told to do.
struct GoodAction: Sendable, CustomTestStringConvertible {
    let json: String
    let action: ButtonAction
    let control: ControlAction

    init(_ json: String, _ action: ButtonAction, _ control: ControlAction) {
        self.json = json; self.action = action; self.control = control
    }

    var testDescription: String { json }
}

/// A button action that must be rejected: the messages, all at the button's action.
struct BadAction: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let expected: [String]

    init(_ name: String, _ json: String, _ expected: String...) {
        self.name = name; self.json = json; self.expected = expected
    }

    var testDescription: String { name }
}

@Suite struct ButtonActionTests {
    static let files = ["popups/dialog.json": minimalTemplate]

    static let good: [GoodAction] = [
        GoodAction(#"{"switchScreen": "details"}"#, .switchScreen("details"), .switchScreen("details")),
        GoodAction(#"{"switchScreen": "details", "transition": "slideUp"}"#,
                   .switchScreen("details", transition: .slideUp), .switchScreen("details", transition: .slideUp)),
        GoodAction(#"{"transition": "fade", "switchScreen": "details", "duration": 0.5}"#,
                   .switchScreen("details", transition: .fade, duration: 0.5),
                   .switchScreen("details", transition: .fade, duration: .milliseconds(500))),
        GoodAction(#"{"back": true}"#, .back(), .back()),
        GoodAction(#"{"back": true, "duration": 0.2}"#, .back(duration: 0.2), .back(duration: .milliseconds(200))),
        GoodAction(#"{"back": true, "transition": "flipFromBottom", "duration": 10}"#,
                   .back(transition: .flipFromBottom, duration: 10), .back(transition: .flipFromBottom, duration: .seconds(10))),
        GoodAction(#"{"back": true, "transition": "none"}"#, .back(transition: TransitionKind.none), .back(transition: TransitionKind.none)),
        GoodAction(#"{"showPanel": "filters"}"#, .showPanel("filters"), .showPanel("filters")),
        GoodAction(#"{"showPopup": "hello"}"#, .showPopup("hello"), .showPopup("hello")),
    ]

    @Test(arguments: good)
    func everyActionDecodesAndMapsToTheUIsAction(_ good: GoodAction) throws {
        let config = try ConfigLoader.decode(buttonWithAction(good.json), file: "demo.json", readFile: reader(Self.files))
        guard let button = config.screens[0].controls[0].base as? ButtonConfig else {
            Issue.record("not a button")
            return
        }
        #expect(button.action == good.action)
        #expect(button.action?.controlAction() == good.control)
    }

    static let at = "demo.json: screens[0].controls[0].action"

    static let bad: [BadAction] = [
        BadAction("misspelt action", #"{"showPanle": "filters"}"#,
                  #"\#(at): unknown action "showPanle"; did you mean "showPanel"? (line 2)"#),
        BadAction("unknown action", #"{"launch": "rocket"}"#,
                  #"\#(at): unknown action "launch"; expected one of back, setLanguage, showPanel, showPopup, switchScreen (line 2)"#),
        BadAction("misspelt modifier", #"{"switchScreen": "details", "transtion": "fade"}"#,
                  #"\#(at): unknown key "transtion"; did you mean "transition"? (line 2)"#),
        BadAction("two actions", #"{"switchScreen": "details", "showPanel": "filters"}"#,
                  #"\#(at): only one action per button; found "switchScreen" and "showPanel" (line 2)"#),
        BadAction("three actions", #"{"back": true, "showPanel": "filters", "showPopup": "hello"}"#,
                  #"\#(at): only one action per button; found "back", "showPanel" and "showPopup" (line 2)"#),
        BadAction("no action", "{}",
                  #"\#(at): expected an action such as {"switchScreen": "<screen id>"} (line 2)"#),
        BadAction("a modifier alone is no action", #"{"transition": "fade"}"#,
                  #"\#(at): expected an action such as {"switchScreen": "<screen id>"} (line 2)"#),
        BadAction("transition on a panel", #"{"showPanel": "filters", "transition": "slideUp"}"#,
                  #"\#(at).transition: "transition" only goes with switchScreen or back (line 2)"#),
        BadAction("duration on a popup", #"{"showPopup": "hello", "duration": 1}"#,
                  #"\#(at).duration: "duration" only goes with switchScreen or back (line 2)"#),
        BadAction("unknown transition", #"{"switchScreen": "details", "transition": "spin"}"#,
                  #"\#(at).transition: unknown transition "spin"; expected one of fade, flipFromBottom, none, slideLeft, slideRight, slideUp (line 2)"#),
        BadAction("misspelt transition", #"{"switchScreen": "details", "transition": "slide"}"#,
                  #"\#(at).transition: unknown transition "slide"; did you mean "slideUp"? (line 2)"#),
        BadAction("zero duration", #"{"switchScreen": "details", "transition": "fade", "duration": 0}"#,
                  "\(at).duration: must be more than 0 and at most 10 seconds (found 0) (line 2)"),
        BadAction("duration too long (milliseconds by mistake)",
                  #"{"switchScreen": "details", "transition": "fade", "duration": 300}"#,
                  "\(at).duration: must be more than 0 and at most 10 seconds (found 300) (line 2)"),
        BadAction("duration as text", #"{"switchScreen": "details", "transition": "fade", "duration": "0.3s"}"#,
                  "\(at).duration: expected a number, found a string (line 2)"),
        BadAction("duration of a cut", #"{"switchScreen": "details", "duration": 0.5}"#,
                  #"\#(at).duration: "duration" needs a transition other than "none" (line 2)"#),
        BadAction("duration of an explicit cut back", #"{"back": true, "transition": "none", "duration": 0.5}"#,
                  #"\#(at).duration: "duration" needs a transition other than "none" (line 2)"#),
        BadAction("a broken transition gives one message, not a duration message too",
                  #"{"switchScreen": "details", "transition": 3, "duration": 0.5}"#,
                  "\(at).transition: expected a string, found a number (line 2)"),
        BadAction("back must be true", #"{"back": false}"#,
                  "\(at).back: must be true (line 2)"),
        BadAction("back is a boolean", #"{"back": "main"}"#,
                  "\(at).back: expected true or false, found a string (line 2)"),
        BadAction("target must be a string", #"{"showPanel": 3}"#,
                  "\(at).showPanel: expected a string, found a number (line 2)"),
        BadAction("missing panel with a suggestion", #"{"showPanel": "filtres"}"#,
                  #"\#(at).showPanel: no panel with id "filtres"; did you mean "filters"? (line 2)"#),
        BadAction("missing popup", #"{"showPopup": "goodbye"}"#,
                  #"\#(at).showPopup: no popup with id "goodbye" (line 2)"#),
        BadAction("missing screen", #"{"switchScreen": "detials", "transition": "fade"}"#,
                  #"\#(at).switchScreen: no screen with id "detials"; did you mean "details"? (line 2)"#),
        BadAction("a panel is not a popup", #"{"showPopup": "filters"}"#,
                  #"\#(at).showPopup: no popup with id "filters" (it is a panel) (line 2)"#),
        BadAction("a popup is not a screen", #"{"switchScreen": "hello"}"#,
                  #"\#(at).switchScreen: no screen with id "hello" (it is a popup) (line 2)"#),
        BadAction("a control is not a panel", #"{"showPanel": "go"}"#,
                  #"\#(at).showPanel: no panel with id "go" (line 2)"#),
        BadAction("not an object", #""details""#,
                  "\(at): expected an object, found a string (line 2)"),
    ]

    @Test(arguments: bad)
    func badActionIsRejectedWithExactMessages(_ bad: BadAction) {
        #expect(problems(in: buttonWithAction(bad.json), files: Self.files) == bad.expected)
    }

    @Test func referencesToPanelsAreNotCheckedWhenThePanelListIsBroken() {
        let json = #"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
            {"type": "button", "id": "go", "frame": [0, 0, 100, 40], "title": "Go", "action": {"showPanel": "filters"}}
            ]}],
            "panels": {"id": "filters"}}
            """#
        #expect(problems(in: json) == ["demo.json: panels: expected an array, found an object (line 4)"])
    }
}
