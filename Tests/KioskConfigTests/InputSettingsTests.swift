import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig

@Suite struct InputSettingsTests {
    static let screens = #""startScreen": "main", "screens": [{"id": "main"}]"#

    @Test("without an input object the calibration is the identity and no cursor shows")
    func defaults() throws {
        let config = try ConfigLoader.decode("{\(Self.screens)}", file: "k.json")
        #expect(config.input == InputSettings())
        #expect(config.input.calibrationTransform == .identity)
    }

    @Test("a calibration matrix is read as libinput's [a, b, c, d, e, f]")
    func matrix() throws {
        let config = try ConfigLoader.decode(#"{"input": {"calibration": [1.1, 0.1, -0.05, 0, 0.9, 0.02], "showCursor": true}, "#
                                             + Self.screens + "}", file: "k.json")
        let t = config.input.calibrationTransform
        let p = t.apply(Point(0.5, 0.5))
        #expect(abs(p.x - (1.1 * 0.5 + 0.1 * 0.5 - 0.05)) < 1e-12)
        #expect(abs(p.y - (0.9 * 0.5 + 0.02)) < 1e-12)
        #expect(config.input.showCursor)
    }

    static let bad: [BadConfig] = [
        BadConfig("calibration needs six numbers",
                  #"{"input": {"calibration": [1, 0, 0, 1]}, "# + screens + "}",
                  "demo.json: input.calibration: expected 6 numbers [a, b, c, d, e, f], found 4 (line 1)"),
        BadConfig("calibration must be invertible",
                  #"{"input": {"calibration": [1, 2, 0, 2, 4, 0]}, "# + screens + "}",
                  "demo.json: input.calibration: the matrix must be invertible, with |a·e − b·d| at least 0.001 (found 0) (line 1)"),
        BadConfig("unknown keys in input are rejected",
                  #"{"input": {"calibraton": [1, 0, 0, 0, 1, 0]}, "# + screens + "}",
                  #"demo.json: input: unknown key "calibraton"; did you mean "calibration"? (line 1)"#),
        BadConfig("showCursor is a boolean",
                  #"{"input": {"showCursor": "yes"}, "# + screens + "}",
                  "demo.json: input.showCursor: expected true or false, found a string (line 1)"),
    ]

    @Test(arguments: bad)
    func rejected(_ c: BadConfig) {
        #expect(problems(in: c.json) == c.expected)
    }
}
