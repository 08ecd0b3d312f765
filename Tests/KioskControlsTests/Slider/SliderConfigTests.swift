import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `{"type": "slider", …}` and the dial's range keys: defaults, what they build, and their
/// mistakes reported with the file, the JSON path and the line, in the range slider's words.
@Suite("Slider and dial range config")
struct SliderConfigTests {
    static let slider = #""type": "slider", "id": "dim", "frame": [20, 20, 400, 40]"#
    static let dial = #""type": "circularSlider", "id": "heat", "frame": [20, 100, 240, 240]"#

    @Test("a slider's keys are read with their defaults: 0…100, any value, at min, by the frame's shape, no label")
    func sliderDefaults() throws {
        let config = try ConfigLoader.decode(mainScreen(#"{\#(Self.slider)}"#,
            ##"{"type": "slider", "id": "fader", "frame": [440, 20, 40, 300], "min": 10, "max": 20, "step": 0.5, "value": 12.5, "readOnly": true, "format": ".1 °C", "knobColor": "#FF0000"}"##,
            ##"{"type": "slider", "id": "wide", "frame": [20, 80, 40, 300], "orientation": "horizontal"}"##),
            file: "demo.json")
        let controls = config.screens[0].controls
        #expect(controls[0].base as? SliderConfig == SliderConfig(id: "dim", frame: Rect(20, 20, 400, 40)))
        let scene = SceneBuilder.build(config)
        let dim = try #require(scene.control(withID: "dim") as? Slider)
        #expect(dim.axis == .horizontal && dim.value == 0 && dim.maximumValue == 100 && dim.valueFormat == nil)
        let fader = try #require(scene.control(withID: "fader") as? Slider)
        #expect(fader.axis == .vertical && fader.isReadOnly && fader.value == 12.5 && fader.step == 0.5)
        #expect(fader.valueFormat?.write(12.5) == "12.5 °C")
        #expect(fader.knobColor == Color(hex: "#FF0000"))
        #expect((scene.control(withID: "wide") as? Slider)?.axis == .horizontal)
    }

    @Test("a dial with range keys is a gauge with value; one without is the angle dial it was")
    func dialRange() throws {
        let config = try ConfigLoader.decode(mainScreen(#"{\#(Self.dial), "angle": 90}"#,
            #"{"type": "circularSlider", "id": "qty", "frame": [300, 100, 160, 160], "min": 1, "max": 10, "step": 1, "value": 2, "startAngle": 225, "endAngle": -45, "format": ".0"}"#,
            #"{"type": "circularSlider", "id": "any", "frame": [300, 300, 160, 160], "format": ".1 °C"}"#),
            file: "demo.json")
        let scene = SceneBuilder.build(config)
        let heat = try #require(scene.control(withID: "heat") as? CircularSlider)
        #expect(heat.range == nil && heat.angle == 90 && heat.currentValue?.first?.name == "angle")
        let qty = try #require(scene.control(withID: "qty") as? CircularSlider)
        #expect(qty.range == DialRange(minimum: 1, maximum: 10, step: 1, startAngle: 225, endAngle: -45))
        #expect(qty.value == 2 && qty.currentValue?.first?.name == "value")
        let any = try #require(scene.control(withID: "any") as? CircularSlider)
        #expect(any.range == DialRange() && any.value == 0, "defaults: 0…100 on a full turn from 3 o'clock")
    }

    static let cases: [BadConfig] = [
        BadConfig("slider: max must exceed min",
                  mainScreen(#"{\#(slider), "min": 5, "max": 5}"#),
                  "demo.json: screens[0].controls[0].max: must be greater than min (5) (line 2)"),
        BadConfig("slider: value within min and max",
                  mainScreen(#"{\#(slider), "value": 120}"#),
                  "demo.json: screens[0].controls[0].value: must be between min (0) and max (100) (line 2)"),
        BadConfig("slider: step more than 0",
                  mainScreen(#"{\#(slider), "step": 0}"#),
                  "demo.json: screens[0].controls[0].step: must be more than 0 and at most 2000000000 (found 0) (line 2)"),
        BadConfig("slider: step no more than the range",
                  mainScreen(#"{\#(slider), "max": 10, "step": 20}"#),
                  "demo.json: screens[0].controls[0].step: must not be greater than max − min (10) (line 2)"),
        BadConfig("slider: a format that is not the number format",
                  mainScreen(#"{\#(slider), "format": "%d %%"}"#),
                  #"demo.json: screens[0].controls[0].format: format "%d %%": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C (line 2)"#),
        BadConfig("slider: an orientation that is neither",
                  mainScreen(#"{\#(slider), "orientation": "diagonal"}"#),
                  #"demo.json: screens[0].controls[0].orientation: unknown orientation "diagonal"; expected one of horizontal, vertical (line 2)"#),
        BadConfig("slider: readOnly is a boolean",
                  mainScreen(#"{\#(slider), "readOnly": 1}"#),
                  "demo.json: screens[0].controls[0].readOnly: expected true or false, found a number (line 2)"),
        BadConfig("dial: angle and a range do not go together",
                  mainScreen(#"{\#(dial), "angle": 90, "max": 10}"#),
                  #"demo.json: screens[0].controls[0].angle: a dial with a range (min, max, step, value, startAngle, endAngle or format) has a value, not an angle: write "value" (line 2)"#),
        BadConfig("dial: max must exceed min",
                  mainScreen(#"{\#(dial), "min": 10, "max": 1}"#),
                  "demo.json: screens[0].controls[0].max: must be greater than min (10) (line 2)"),
        BadConfig("dial: step more than 0",
                  mainScreen(#"{\#(dial), "step": -1}"#),
                  "demo.json: screens[0].controls[0].step: must be more than 0 and at most 2000000000 (found -1) (line 2)"),
        BadConfig("dial: an empty sweep",
                  mainScreen(#"{\#(dial), "startAngle": 90, "endAngle": 90}"#),
                  "demo.json: screens[0].controls[0].endAngle: must differ from startAngle (90): the sweep would be empty (line 2)"),
        BadConfig("dial: more than a turn",
                  mainScreen(#"{\#(dial), "startAngle": 225, "endAngle": 600}"#),
                  "demo.json: screens[0].controls[0].endAngle: must be within 360 of startAngle (225): a dial sweeps at most a turn (line 2)"),
        BadConfig("dial: an angle beyond two turns",
                  mainScreen(#"{\#(dial), "startAngle": 1000}"#),
                  "demo.json: screens[0].controls[0].startAngle: must be between -720 and 720 (found 1000) (line 2)"),
        BadConfig("dial: a bad format",
                  mainScreen(#"{\#(dial), "format": "°C"}"#),
                  #"demo.json: screens[0].controls[0].format: format "°C": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C (line 2)"#),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithPathAndLine(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("the owner's properties; value is the value field")
    func properties() {
        #expect(SliderConfig.properties.map(\.name)
                == ["readOnly", "format", "font", "color", "trackColor", "highlightColor", "knobColor"])
        #expect(CircularSliderConfig.properties.map(\.name) == ["color", "font", "arcStartColor", "arcEndColor"])
    }
}
