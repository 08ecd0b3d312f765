import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A control type defined outside KioskConfig (`LampDescription`) gets what a built-in gets:
/// it decodes from JSON once registered, its mistakes are reported like a built-in's (file,
/// JSON path, line, the same words), and it becomes a control of its own class in the scene.
@Suite struct CustomControlTests {
    static let lamp = #""type": "lamp", "id": "porch", "frame": [0, 0, 120, 40]"#

    /// The messages for `json` read as "demo.json" with the lamp registered.
    func lampProblems(_ json: String) -> [String] {
        do {
            _ = try ConfigLoader.decode(json, file: "demo.json", registry: lampRegistry)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func aRegisteredLampDecodesFromJSON() throws {
        let json = mainScreen(##"{\##(Self.lamp), "on": true, "onColor": "#30C060"}"##)
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: lampRegistry)
        let control = config.screens[0].controls[0]
        #expect(control.typeName == "lamp")
        #expect(control == ControlConfig(LampDescription(id: "porch", frame: Rect(0, 0, 120, 40), isOn: true,
                                                           onColor: Color(hex: "#30C060"))))
    }

    @Test func aLampInsideAPanelDecodesToo() throws {
        let json = #"""
            {"startScreen": "main", "screens": [{"id": "main"}],
             "panels": [{"id": "settings", "controls": [{"type": "lamp", "id": "porch", "frame": [10, 10, 80, 30]}]}]}
            """#
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: lampRegistry)
        #expect(config.panels[0].controls.map(\.typeName) == ["lamp"])
    }

    @Test func aConfigWithTheLampBuildsASceneWithALamp() throws {
        let json = mainScreen(##"{\##(Self.lamp), "on": true, "onColor": "#30C060"}"##,
                              #"{"type": "label", "id": "caption", "frame": [0, 50, 200, 30], "text": "Porch"}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", registry: lampRegistry)
        let scene = SceneBuilder.build(config)
        let lamp = try #require(scene.control(withID: "porch") as? Lamp)
        #expect(lamp.isOn)
        #expect(lamp.onColor == Color(hex: "#30C060"))
        #expect(lamp.theme == SceneBuilder.makeTheme(config))
        #expect(scene.control(withID: "caption") is Label)
    }

    // MARK: Errors read like a built-in's

    @Test func anUnknownKeyIsReportedWithASuggestionLikeABuiltIns() {
        #expect(lampProblems(mainScreen(##"{\##(Self.lamp), "onColour": "#30C060"}"##))
            == [#"demo.json: screens[0].controls[0]: unknown key "onColour"; did you mean "onColor"? (line 2)"#])
        // The built-in's message for the same mistake, for comparison.
        #expect(problems(in: mainScreen(##"{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": "", "colour": "#FFFFFF"}"##))
            == [#"demo.json: screens[0].controls[0]: unknown key "colour"; did you mean "color"? (line 2)"#])
    }

    @Test func aWrongTypeIsReportedAtItsKeyAndLine() {
        #expect(lampProblems(mainScreen(#"{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": ""}"#,
                                          #"{\#(Self.lamp), "on": "yes"}"#))
            == ["demo.json: screens[0].controls[1].on: expected true or false, found a string (line 3)"])
    }

    @Test func aBadColourIsReportedLikeABuiltIns() {
        #expect(lampProblems(mainScreen(##"{\##(Self.lamp), "onColor": "green"}"##))
            == [##"demo.json: screens[0].controls[0].onColor: invalid colour "green": expected #RRGGBB or #RRGGBBAA (line 2)"##])
    }

    @Test func numbersOutsideANamedOrAnExplicitRangeAreReported() {
        #expect(lampProblems(mainScreen(#"{\#(Self.lamp), "roundness": 1.5, "inset": 20}"#))
            == ["demo.json: screens[0].controls[0].roundness: must be between 0 and 1 (found 1.5) (line 2)",
                "demo.json: screens[0].controls[0].inset: must be between 0 and 16 (found 20) (line 2)"])
    }

    @Test func itsIdAndFrameAreCheckedWithTheRestOfTheConfig() {
        #expect(lampProblems(mainScreen(#"{"type": "label", "id": "porch", "frame": [0, 0, 9, 9], "text": ""}"#,
                                          #"{"type": "lamp", "id": "porch", "frame": [900, 0, 40, 20]}"#,
                                          #"{"type": "lamp", "frame": [0, 0, 40, 20]}"#))
            == [#"demo.json: screens[0].controls[1].id: duplicate id "porch" (first used at screens[0].controls[0]) (line 3)"#,
                "demo.json: screens[0].controls[1].frame: frame lies outside the screen (800x480) (line 3)",
                #"demo.json: screens[0].controls[2]: missing required key "id" (line 4)"#])
    }

    @Test func aFrameNumberOutOfRangeIsReportedAtItsIndex() {
        #expect(lampProblems(mainScreen(#"{"type": "lamp", "id": "porch", "frame": [0, 0, -4, 20]}"#))
            == ["demo.json: screens[0].controls[0].frame[2]: must be more than 0 and at most 16384 (found -4) (line 2)"])
    }

    // MARK: Type names

    @Test func aMisspeltTypeSuggestsTheCustomName() {
        #expect(lampProblems(mainScreen(#"{"type": "lammp", "id": "porch", "frame": [0, 0, 120, 40]}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "lammp"; did you mean "lamp"? (line 2)"#])
    }

    @Test func anUnknownTypeListsTheCustomNameAmongTheBuiltIns() {
        #expect(lampProblems(mainScreen(#"{"type": "dial", "id": "d", "frame": [0, 0, 120, 40]}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "dial"; expected one of button, circularSlider, image, keypad, label, lamp, list, progressBar, rangeSlider, slider, textField, toggle (line 2)"#])
    }

    @Test func theStandardRegistryDoesNotKnowTheLamp() {
        #expect(problems(in: mainScreen(#"{\#(Self.lamp)}"#))
            == [#"demo.json: screens[0].controls[0].type: unknown control type "lamp"; expected one of button, circularSlider, image, keypad, label, list, progressBar, rangeSlider, slider, textField, toggle (line 2)"#])
    }

    @Test func theStandardRegistryHoldsExactlyTheBuiltIns() {
        let standard = ControlRegistry.standard
        #expect(standard.typeNames == ["button", "circularSlider", "image", "keypad", "label", "list", "progressBar", "rangeSlider", "slider", "textField", "toggle"])
        #expect(standard.descriptionType(named: "image") == ImageConfig.self)
        #expect(standard.descriptionType(named: "label") == LabelConfig.self)
        #expect(standard.descriptionType(named: "button") == ButtonConfig.self)
        #expect(standard.descriptionType(named: "rangeSlider") == RangeSliderConfig.self)
        #expect(standard.descriptionType(named: "circularSlider") == CircularSliderConfig.self)
        #expect(standard.descriptionType(named: "toggle") == ToggleConfig.self)
        #expect(standard.descriptionType(named: "slider") == SliderConfig.self)
        #expect(standard.descriptionType(named: "lamp") == nil)
        #expect(lampRegistry.typeNames == ["button", "circularSlider", "image", "keypad", "label", "lamp", "list", "progressBar", "rangeSlider", "slider", "textField", "toggle"])
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
        #expect(ControlConfig(LampDescription(id: "a", frame: frame)) == ControlConfig(LampDescription(id: "a", frame: frame)))
        #expect(ControlConfig(LampDescription(id: "a", frame: frame))
            != ControlConfig(LampDescription(id: "a", frame: frame, isOn: true)))
        #expect(ControlConfig(LampDescription(id: "a", frame: frame)) != ControlConfig(LabelConfig(id: "a", frame: frame, text: "")))
    }

    @Test func anotherDecoderFindsTheRegistryInItsUserInfo() throws {
        let json = Data(#"{"id": "main", "controls": [{"type": "lamp", "id": "porch", "frame": [0, 0, 120, 40], "on": true}]}"#.utf8)
        let decoder = JSONDecoder()
        decoder.userInfo[ControlRegistry.userInfoKey] = lampRegistry
        let screen = try decoder.decode(ScreenConfig.self, from: json)
        #expect((screen.controls.first?.base as? LampDescription)?.isOn == true)
        // Without it, the built-ins are all it knows.
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ScreenConfig.self, from: json) }
    }
}
