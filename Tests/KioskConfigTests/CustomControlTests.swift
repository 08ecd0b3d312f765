import Foundation
import KioskConfig
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A control type defined outside KioskConfig (`ToggleDescription`) gets what a built-in gets:
/// it decodes from JSON once registered, its mistakes are reported like a built-in's (file,
/// JSON path, line, the same words), and it becomes a control of its own class in the scene.
@Suite struct CustomControlTests {
    static let toggle = #""type": "toggle", "id": "wifi", "frame": [0, 0, 120, 40]"#

    /// The messages for `json` read as "demo.json" with the toggle registered.
    func toggleProblems(_ json: String) -> [String] {
        do {
            _ = try ConfigLoader.decode(json, file: "demo.json", registry: toggleRegistry)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aRegisteredToggleDecodesFromJSON() throws {
        let json = mainScreen(##"{\##(Self.toggle), "on": true, "onColor": "#30C060"}"##)
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: toggleRegistry)
        let control = config.screens[0].controls[0]
        #expect(control.typeName == "toggle")
        #expect(control == ControlConfig(ToggleDescription(id: "wifi", frame: Rect(0, 0, 120, 40), isOn: true,
                                                           onColor: Color(hex: "#30C060"))))
    }

    @Test func aToggleInsideAPanelDecodesToo() throws {
        let json = #"""
            {"startScreen": "main", "screens": [{"id": "main"}],
             "panels": [{"id": "settings", "controls": [{"type": "toggle", "id": "wifi", "frame": [10, 10, 80, 30]}]}]}
            """#
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: toggleRegistry)
        #expect(config.panels[0].controls.map(\.typeName) == ["toggle"])
    }

    @Test func aConfigWithTheToggleBuildsASceneWithAToggleSwitch() throws {
        let json = mainScreen(##"{\##(Self.toggle), "on": true, "onColor": "#30C060"}"##,
                              #"{"type": "label", "id": "caption", "frame": [0, 50, 200, 30], "text": "Wi-Fi"}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: toggleRegistry)
        let scene = SceneBuilder.build(config)
        let toggle = try #require(scene.control(withID: "wifi") as? Toggle)
        #expect(toggle.isOn)
        #expect(toggle.onColor == Color(hex: "#30C060"))
        #expect(toggle.theme == SceneBuilder.makeTheme(config))
        #expect(scene.control(withID: "caption") is Label)
    }

    // MARK: Errors read like a built-in's

    @Test func anUnknownKeyIsReportedWithASuggestionLikeABuiltIns() {
        #expect(toggleProblems(mainScreen(##"{\##(Self.toggle), "onColour": "#30C060"}"##))
            == [#"demo.json: screens[0].controls[0]: unknown key "onColour"; did you mean "onColor"? (line 2)"#])
        // The built-in's message for the same mistake, for comparison.
        #expect(problems(in: mainScreen(##"{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": "", "colour": "#FFFFFF"}"##))
            == [#"demo.json: screens[0].controls[0]: unknown key "colour"; did you mean "color"? (line 2)"#])
    }

    @Test func aWrongTypeIsReportedAtItsKeyAndLine() {
        #expect(toggleProblems(mainScreen(#"{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": ""}"#,
                                          #"{\#(Self.toggle), "on": "yes"}"#))
            == ["demo.json: screens[0].controls[1].on: expected true or false, found a string (line 3)"])
    }

    @Test func aBadColourIsReportedLikeABuiltIns() {
        #expect(toggleProblems(mainScreen(##"{\##(Self.toggle), "onColor": "green"}"##))
            == [##"demo.json: screens[0].controls[0].onColor: invalid colour "green": expected #RRGGBB or #RRGGBBAA (line 2)"##])
    }

    @Test func numbersOutsideANamedOrAnExplicitRangeAreReported() {
        #expect(toggleProblems(mainScreen(#"{\#(Self.toggle), "roundness": 1.5, "inset": 20}"#))
            == ["demo.json: screens[0].controls[0].roundness: must be between 0 and 1 (found 1.5) (line 2)",
                "demo.json: screens[0].controls[0].inset: must be between 0 and 16 (found 20) (line 2)"])
    }

    @Test func itsIdAndFrameAreCheckedWithTheRestOfTheConfig() {
        #expect(toggleProblems(mainScreen(#"{"type": "label", "id": "wifi", "frame": [0, 0, 9, 9], "text": ""}"#,
                                          #"{"type": "toggle", "id": "wifi", "frame": [900, 0, 40, 20]}"#,
                                          #"{"type": "toggle", "frame": [0, 0, 40, 20]}"#))
            == [#"demo.json: screens[0].controls[1].id: duplicate id "wifi" (first used at screens[0].controls[0]) (line 3)"#,
                "demo.json: screens[0].controls[1].frame: frame lies outside the screen (800x480) (line 3)",
                #"demo.json: screens[0].controls[2]: missing required key "id" (line 4)"#])
    }

    @Test func aFrameNumberOutOfRangeIsReportedAtItsIndex() {
        #expect(toggleProblems(mainScreen(#"{"type": "toggle", "id": "wifi", "frame": [0, 0, -4, 20]}"#))
            == ["demo.json: screens[0].controls[0].frame[2]: must be more than 0 and at most 16384 (found -4) (line 2)"])
    }

    // MARK: Type names

    @Test func aMisspeltTypeSuggestsTheCustomName() {
        #expect(toggleProblems(mainScreen(#"{"type": "togle", "id": "wifi", "frame": [0, 0, 120, 40]}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "togle"; did you mean "toggle"? (line 2)"#])
    }

    @Test func anUnknownTypeListsTheCustomNameAmongTheBuiltIns() {
        #expect(toggleProblems(mainScreen(#"{"type": "dial", "id": "d", "frame": [0, 0, 120, 40]}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "dial"; expected one of button, circularSlider, image, label, list, progressBar, rangeSlider, toggle (line 2)"#])
    }

    @Test func theStandardRegistryDoesNotKnowTheToggle() {
        #expect(problems(in: mainScreen(#"{\#(Self.toggle)}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "toggle"; expected one of button, circularSlider, image, label, list, progressBar, rangeSlider (line 2)"#])
    }

    @Test func theStandardRegistryHoldsExactlyTheFiveBuiltIns() {
        let standard = ControlRegistry.standard
        #expect(standard.typeNames == ["button", "circularSlider", "image", "label", "list", "progressBar", "rangeSlider"])
        #expect(standard.descriptionType(named: "image") == ImageConfig.self)
        #expect(standard.descriptionType(named: "label") == LabelConfig.self)
        #expect(standard.descriptionType(named: "button") == ButtonConfig.self)
        #expect(standard.descriptionType(named: "rangeSlider") == RangeSliderConfig.self)
        #expect(standard.descriptionType(named: "circularSlider") == CircularSliderConfig.self)
        #expect(standard.descriptionType(named: "toggle") == nil)
        #expect(toggleRegistry.typeNames == ["button", "circularSlider", "image", "label", "list", "progressBar", "rangeSlider", "toggle"])
    }

    @Test func anEmptyRegistryRejectsEveryControl() throws {
        let json = mainScreen(#"{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": ""}"#)
        #expect(throws: ConfigErrors.self) { try ConfigLoader.decode(json, file: "demo.json", registry: ControlRegistry()) }
        let config = try ConfigLoader.decode(#"{"startScreen": "main", "screens": [{"id": "main"}]}"#, file: "demo.json",
                                             registry: ControlRegistry())
        #expect(config.screens[0].controls.isEmpty)
    }

    // An exit test (the registry traps, so the check runs in a child process): Swift Testing
    // has them from 6.2 on; with 6.0 (Debian 13's swiftlang) this one test is left out.
    #if compiler(>=6.2)
    @Test func registeringATypeNameTwiceStopsWithAMessageNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ControlRegistry.standard.registering(LabelConfig.self)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains(#"the control type "label" is already registered by LabelConfig"#))
    }
    #endif

    // MARK: Equality and other decoders

    @Test func controlsCompareByTypeAndSettings() {
        let frame = Rect(0, 0, 120, 40)
        #expect(ControlConfig(ToggleDescription(id: "a", frame: frame)) == ControlConfig(ToggleDescription(id: "a", frame: frame)))
        #expect(ControlConfig(ToggleDescription(id: "a", frame: frame))
            != ControlConfig(ToggleDescription(id: "a", frame: frame, isOn: true)))
        #expect(ControlConfig(ToggleDescription(id: "a", frame: frame)) != ControlConfig(LabelConfig(id: "a", frame: frame, text: "")))
    }

    @Test func anotherDecoderFindsTheRegistryInItsUserInfo() throws {
        let json = Data(#"{"id": "main", "controls": [{"type": "toggle", "id": "wifi", "frame": [0, 0, 120, 40], "on": true}]}"#.utf8)
        let decoder = JSONDecoder()
        decoder.userInfo[ControlRegistry.userInfoKey] = toggleRegistry
        let screen = try decoder.decode(ScreenConfig.self, from: json)
        #expect((screen.controls.first?.base as? ToggleDescription)?.isOn == true)
        // Without it, the built-ins are all it knows.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenConfig.self, from: json) }
    }
}
