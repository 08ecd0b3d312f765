import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskUI
import KioskTestSupport
import Testing

@Suite struct ConfigDecodingTests {
    @Test func leftOutFieldsTakeTheirDocumentedDefaults() throws {
        let config = try ConfigLoader.decode(#"""
            {"startScreen": "main", "screens": [{"id": "main", "controls": [
              {"type": "label", "id": "l", "frame": [0, 0, 100, 20], "text": "Hi"},
              {"type": "button", "id": "b", "frame": [0, 30, 100, 40], "title": "Go"},
              {"type": "rangeSlider", "id": "r", "frame": [0, 80, 300, 30]},
              {"type": "circularSlider", "id": "c", "frame": [0, 120, 200, 200]}
            ]}]}
            """#, file: "min.json")
        #expect(config.display.rotation == .none)
        #expect(config.display.background == Color(hex: "#101418"))
        #expect(config.display.designSize == nil)   // frames in the screen's own pixels
        #expect(config.display.layoutSize == Size(800, 480))
        #expect(config.theme.controls.accent == Color(hex: "#0073F0"))
        #expect(config.theme.controls.track == Color(hex: "#E6E6E6"))
        #expect(config.theme.controls.knob == .white)
        #expect(config.theme.controls.text == .white)
        #expect(config.theme.controls.font == "sans-serif 18")
        #expect(config.theme.controls.curvaceousness == 1)
        #expect(config.theme.controls.buttonBackground == Color(hex: "#2A3340"))
        #expect(config.theme.controls.buttonText == config.theme.controls.text)
        let screen = config.screens[0]
        #expect(screen.background == nil)
        #expect(screen.controls == [
            ControlConfig(LabelConfig(id: "l", frame: Rect(0, 0, 100, 20), text: "Hi", font: nil, color: nil, alignment: .leading)),
            ControlConfig(ButtonConfig(id: "b", frame: Rect(0, 30, 100, 40), title: "Go", font: nil, action: nil)),
            ControlConfig(RangeSliderConfig(id: "r", frame: Rect(0, 80, 300, 30), minimum: 0, maximum: 10,
                                           lower: 2, upper: 8)),
            ControlConfig(CircularSliderConfig(id: "c", frame: Rect(0, 120, 200, 200), angle: 0)),
        ])
    }

    @Test func buttonTextFollowsTheTextColourUnlessSet() throws {
        let config = try ConfigLoader.decode(##"""
            {"theme": {"text": "#102030"}, "startScreen": "main", "screens": [{"id": "main"}]}
            """##, file: "t.json")
        #expect(config.theme.controls.buttonText == Color(hex: "#102030"))
    }

    @Test func nullMeansLeftOut() throws {
        let config = try ConfigLoader.decode(#"""
            {"display": null, "startScreen": "main", "screens": [{"id": "main", "background": null, "controls": [
              {"type": "label", "id": "l", "frame": [0, 0, 100, 20], "text": "Hi", "color": null}]}]}
            """#, file: "n.json")
        #expect(config.display == DisplaySettings())
        #expect(config.screens[0].background == nil)
    }

    static let everything = ##"""
        {
          "display": {"rotation": 270, "background": "#000000", "designSize": [1024, 600]},
          "theme": {"accent": "#FF0000", "track": "#00FF00", "knob": "#0000FF", "text": "#111111",
                    "font": "serif 12", "curvaceousness": 0.25, "buttonBackground": "#222222",
                    "buttonText": "#33333380"},
          "startScreen": "second",
          "screens": [
            {"id": "first", "background": "#444444", "controls": [
              {"type": "label", "id": "l", "frame": [1, 2, 3, 4], "text": "Text", "font": "mono 9",
               "color": "#555555", "alignment": "trailing"},
              {"type": "button", "id": "b", "frame": [5, 6, 7, 8], "title": "Title", "font": "sans 10",
               "action": {"switchScreen": "second"}},
              {"type": "rangeSlider", "id": "r", "frame": [9, 10, 11, 12], "min": -5, "max": 5, "lower": -1,
               "upper": 1, "trackColor": "#666666", "highlightColor": "#777777", "knobColor": "#888888",
               "curvaceousness": 0},
              {"type": "circularSlider", "id": "c", "frame": [13, 14, 15, 15], "angle": 345.5,
               "font": "sans 30", "color": "#999999"}
            ]},
            {"id": "second", "controls": []}
          ]
        }
        """##

    @Test func everyOptionalFieldIsRead() throws {
        let config = try ConfigLoader.decode(Self.everything, file: "all.json")
        let c = { (hex: String) in Color(hex: hex)! }
        let expected = KioskConfiguration(
            display: DisplaySettings(rotation: .threeQuarters, background: c("#000000"), designSize: Size(1024, 600)),
            theme: ThemeSettings(controls: Theme(accent: c("#FF0000"), track: c("#00FF00"), knob: c("#0000FF"),
                                                 text: c("#111111"), font: "serif 12", curvaceousness: 0.25,
                                                 buttonBackground: c("#222222"), buttonText: c("#33333380"))),
            startScreen: "second",
            screens: [
                ScreenConfig(id: "first", background: c("#444444"), controls: [
                    ControlConfig(LabelConfig(id: "l", frame: Rect(1, 2, 3, 4), text: "Text", font: "mono 9",
                                       color: c("#555555"), alignment: .trailing)),
                    ControlConfig(ButtonConfig(id: "b", frame: Rect(5, 6, 7, 8), title: "Title", font: "sans 10",
                                         action: .switchScreen("second"))),
                    ControlConfig(RangeSliderConfig(id: "r", frame: Rect(9, 10, 11, 12), minimum: -5, maximum: 5,
                                                   lower: -1, upper: 1, trackColor: c("#666666"),
                                                   highlightColor: c("#777777"), knobColor: c("#888888"),
                                                   curvaceousness: 0)),
                    ControlConfig(CircularSliderConfig(id: "c", frame: Rect(13, 14, 15, 15), angle: 345.5,
                                                         font: "sans 30", color: c("#999999"))),
                ]),
                ScreenConfig(id: "second"),
            ])
        #expect(config == expected)
    }

    /// The config types are ordinary `Decodable`s: another decoder reads them too, given the
    /// registry in its `userInfo`, stopping at the first problem (unknown keys and
    /// cross-references are `ConfigLoader`'s extra checks).
    static func foundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[ControlRegistry.userInfoKey] = ControlRegistry.standard
        return decoder
    }

    @Test func foundationsDecoderReadsTheSameModel() throws {
        let viaLoader = try ConfigLoader.decode(Self.everything, file: "all.json")
        let viaFoundation = try Self.foundationDecoder().decode(KioskConfiguration.self, from: Data(Self.everything.utf8))
        #expect(viaFoundation == viaLoader)
        // The demo names popup templates and string files, which only ConfigLoader (with a
        // file reader) loads; apart from them both read the same model.
        let demo = try demoConfigText()
        var viaReader = try ConfigLoader.decode(demo, file: "demo.json", readFile: TestFiles.configReader(directory: "config"))
        viaReader.templates = [:]
        viaReader.languages?.strings = [:]
        #expect(try Self.foundationDecoder().decode(KioskConfiguration.self, from: Data(demo.utf8)) == viaReader)
    }

    @Test func anotherDecoderThrowsTheFirstProblem() {
        let json = #"{"startScreen": "main", "screens": [{"id": "main", "controls": [{"type": "rangeSlider", "id": "r", "frame": [0, 0, 9, 9], "max": -1}]}]}"#
        // caughtError, not #expect {} throws: {} around a decode: Swift 6.0's type checker
        // crashes on that closure (signal 11).
        let error = caughtError(DecodingError.self) { try Self.foundationDecoder().decode(KioskConfiguration.self, from: Data(json.utf8)) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected DecodingError.dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "must be greater than min (0)")
        #expect(context.codingPath.map(\.stringValue).suffix(1) == ["max"])
    }

    @Test("another decoder without a registry knows no control type, and says so at the type")
    func anotherDecoderWithoutARegistry() {
        let json = #"{"startScreen": "main", "screens": [{"id": "main", "controls": [{"type": "label", "id": "l", "frame": [0, 0, 9, 9], "text": "x"}]}]}"#
        let error = caughtError(DecodingError.self) { try JSONDecoder().decode(KioskConfiguration.self, from: Data(json.utf8)) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected DecodingError.dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == #"unknown control type "label"; no control types are registered"#)
        #expect(context.codingPath.map(\.stringValue).suffix(1) == ["type"])
    }
}

@Suite("Label lines and align")
struct LabelLinesConfigTests {
    @Test("lines and align are read; align's start, center and end are the alignments leading, center and trailing")
    func linesAndAlign() throws {
        for (word, alignment) in [("start", LabelAlignment.leading), ("center", .center), ("end", .trailing)] {
            let json = mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 400, 80], "text": "Hi", "lines": 3, "align": "\#(word)"}"#)
            let config = try ConfigLoader.decode(json, file: "demo.json", readFile: reader([:]))
            let label = try #require(config.screens.first?.controls.first?.base as? LabelConfig)
            #expect(label.lines == 3)
            #expect(label.alignment == alignment)
        }
    }

    @Test("without lines a label is one line, as before")
    func oneLineByDefault() throws {
        let json = mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 400, 40], "text": "Hi"}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", readFile: reader([:]))
        let label = try #require(config.screens.first?.controls.first?.base as? LabelConfig)
        #expect(label.lines == 1)
        #expect(label.alignment == .leading)
    }

    @Test("an unknown align word lists the three")
    func unknownAlign() {
        let json = mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 400, 40], "text": "Hi", "align": "left"}"#)
        let messages = problems(in: json)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("center, end, start") == true, "\(messages)")
    }
}
