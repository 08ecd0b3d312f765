import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `{"type": "textField", …}` and `{"type": "keypad", "field": …}`: their keys with their
/// defaults, the controls they build, and their mistakes reported with the file, the JSON path
/// and the line, a keypad's `field` that names no text field included.
@Suite("Text field and keypad config")
struct KeypadConfigTests {
    static let field = #""type": "textField", "id": "pin", "frame": [20, 20, 300, 60]"#
    static let pad = #""type": "keypad", "id": "pad", "frame": [400, 20, 300, 400]"#

    @Test("the keys are read with their defaults, and the keypad types into the field it names")
    func defaults() throws {
        let config = try ConfigLoader.decode(mainScreen(
            #"{\#(Self.field)}"#,
            ##"{"type": "textField", "id": "code", "frame": [20, 100, 300, 60], "text": "12", "maxLength": 6, "placeholder": "Code", "mask": true, "font": "sans-serif 24", "color": "#102030", "background": "#FFFFFF", "align": "center"}"##,
            #"{\#(Self.pad), "field": "code"}"#,
            ##"{"type": "keypad", "id": "pad2", "frame": [400, 430, 300, 40], "field": "pin", "font": "sans-serif 12", "color": "#000000", "background": "#EEEEEE", "submitBackground": "#2EA043"}"##),
            file: "demo.json")
        let controls = config.screens[0].controls
        #expect(controls[0].base as? TextFieldConfig == TextFieldConfig(id: "pin", frame: Rect(20, 20, 300, 60)))
        #expect(controls[1].base as? TextFieldConfig == TextFieldConfig(
            id: "code", frame: Rect(20, 100, 300, 60), text: "12", maxLength: 6, placeholder: "Code", mask: true,
            font: "sans-serif 24", color: Color(hex: "#102030"), background: Color(hex: "#FFFFFF"), alignment: .center))
        #expect(controls[2].base as? KeypadConfig == KeypadConfig(id: "pad", frame: Rect(400, 20, 300, 400), field: "code"))
        #expect(controls[3].base as? KeypadConfig == KeypadConfig(
            id: "pad2", frame: Rect(400, 430, 300, 40), field: "pin", font: "sans-serif 12", color: Color(hex: "#000000"),
            background: Color(hex: "#EEEEEE"), submitBackground: Color(hex: "#2EA043")))

        let scene = SceneBuilder.build(config)
        let code = try #require(scene.control(withID: "code") as? TextField)
        #expect(code.text == "12" && code.maxLength == 6 && code.isMasked && code.placeholder == "Code")
        #expect(code.alignment == .center && code.textColor == Color(hex: "#102030"))
        let pad = try #require(scene.control(withID: "pad") as? Keypad)
        #expect(pad.field === code)
        pad.enter(.digit(3))
        #expect(code.text == "123")
    }

    @Test("a keypad in a panel may type into a field on a screen")
    func keypadInAPanel() throws {
        let json = #"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
              {"type": "textField", "id": "pin", "frame": [20, 20, 300, 60]}]}],
             "panels": [{"id": "keys", "controls": [
              {"type": "keypad", "id": "pad", "frame": [20, 10, 300, 200], "field": "pin"}]}]}
            """#
        let scene = SceneBuilder.build(try ConfigLoader.decode(json, file: "demo.json"))
        let pad = try #require(scene.control(withID: "pad") as? Keypad)
        #expect(pad.field === scene.control(withID: "pin"))
    }

    static let cases: [BadConfig] = [
        BadConfig("a keypad's field must name a control",
                  mainScreen(#"{\#(field)}"#, #"{\#(pad), "field": "pim"}"#),
                  #"demo.json: screens[0].controls[1].field: no textField with id "pim"; did you mean "pin"? (line 3)"#),
        BadConfig("a keypad's field must name a text field, not another control",
                  mainScreen(#"{"type": "label", "id": "title", "frame": [20, 20, 300, 40], "text": "PIN"}"#,
                             #"{\#(pad), "field": "title"}"#),
                  #"demo.json: screens[0].controls[1].field: "title" is a label, not a textField (line 3)"#),
        BadConfig("a keypad's field must not name a screen",
                  mainScreen(#"{\#(pad), "field": "main"}"#),
                  #"demo.json: screens[0].controls[0].field: no textField with id "main" (it is a screen) (line 2)"#),
        BadConfig("a keypad needs a field",
                  mainScreen(#"{\#(pad)}"#),
                  #"demo.json: screens[0].controls[0]: missing required key "field" (line 2)"#),
        BadConfig("a field whose type is misspelt has its own message, not a second one at the keypad",
                  mainScreen(#"{"type": "textFeild", "id": "pin", "frame": [20, 20, 300, 60]}"#,
                             #"{\#(pad), "field": "pin"}"#),
                  #"demo.json: screens[0].controls[0].type: unknown control type "textFeild"; did you mean "textField"? (line 2)"#),
        BadConfig("maxLength is a whole number of characters",
                  mainScreen(#"{\#(field), "maxLength": 4.5}"#),
                  "demo.json: screens[0].controls[0].maxLength: must be a whole number of characters (found 4.5) (line 2)"),
        BadConfig("maxLength lies within 1…1000",
                  mainScreen(#"{\#(field), "maxLength": 0}"#),
                  "demo.json: screens[0].controls[0].maxLength: must be between 1 and 1000 (found 0) (line 2)"),
        BadConfig("the text at the start fits maxLength",
                  mainScreen(#"{\#(field), "maxLength": 4, "text": "12345"}"#),
                  "demo.json: screens[0].controls[0].text: has 5 characters, more than maxLength (4) (line 2)"),
        BadConfig("mask is a boolean (a mask character is not a choice)",
                  mainScreen("{\n\(field),\n\"mask\": \"●\"}"),
                  "demo.json: screens[0].controls[0].mask: expected true or false, found a string (line 4)"),
        BadConfig("a misspelt key is named with its suggestion",
                  mainScreen(#"{\#(field), "placeholdr": "PIN"}"#),
                  #"demo.json: screens[0].controls[0]: unknown key "placeholdr"; did you mean "placeholder"? (line 2)"#),
        BadConfig("a keypad's bad colour",
                  mainScreen(#"{\#(field)}"#, "{\n\(pad), \"field\": \"pin\",\n\"submitBackground\": \"green\"}"),
                  #"demo.json: screens[0].controls[1].submitBackground: invalid colour "green": expected #RRGGBB or #RRGGBBAA (line 5)"#),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithPathAndLine(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("the owner's properties: the field's look (text is its value field), the keypad's colours and font")
    func properties() {
        #expect(TextFieldConfig.properties.map(\.name) == ["placeholder", "mask", "font", "color", "background", "align"])
        #expect(KeypadConfig.properties.map(\.name) == ["font", "color", "background", "submitBackground"])
        #expect(ControlRegistry.standard.descriptionType(named: "textField") == TextFieldConfig.self)
        #expect(ControlRegistry.standard.descriptionType(named: "keypad") == KeypadConfig.self)
    }
}
