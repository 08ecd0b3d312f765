import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig

@Suite struct PowerSettingsTests {
    static let screens = #""startScreen": "main", "screens": [{"id": "main"}]"#

    @Test("without a power object the screen never dims nor goes off")
    func defaults() throws {
        let config = try ConfigLoader.decode("{\(Self.screens)}", file: "k.json")
        #expect(config.power == PowerSettings())
        #expect(config.power.dimAfter == nil && config.power.offAfter == nil && config.power.dimLevel == 0.3)
    }

    @Test("dimAfter, dimLevel, offAfter and backlight are read; either delay may be left out")
    func given() throws {
        let config = try ConfigLoader.decode(#"{"power": {"dimAfter": 30, "dimLevel": 0.2, "offAfter": 120, "backlight": "intel_backlight"}, "#
                                             + Self.screens + "}", file: "k.json")
        #expect(config.power == PowerSettings(dimAfter: 30, dimLevel: 0.2, offAfter: 120, backlight: "intel_backlight"))
        let off = try ConfigLoader.decode(#"{"power": {"offAfter": 5}, "# + Self.screens + "}", file: "k.json")
        #expect(off.power == PowerSettings(offAfter: 5))
    }

    static let bad: [BadConfig] = [
        BadConfig("the delays have a range",
                  #"{"power": {"dimAfter": 0, "offAfter": 1e9}, "# + screens + "}",
                  "demo.json: power.dimAfter: must be between 1 and 604800 seconds (found 0) (line 1)",
                  "demo.json: power.offAfter: must be between 1 and 604800 seconds (found 1000000000) (line 1)"),
        BadConfig("the level is a fraction",
                  #"{"power": {"dimLevel": 1.5}, "# + screens + "}",
                  "demo.json: power.dimLevel: must be between 0 and 1 (found 1.5) (line 1)"),
        BadConfig("a delay is a number",
                  #"{"power": {"dimAfter": "30"}, "# + screens + "}",
                  "demo.json: power.dimAfter: expected a number, found a string (line 1)"),
        BadConfig("the backlight is a device name",
                  #"{"power": {"backlight": "../x"}, "# + screens + "}",
                  #"demo.json: power.backlight: must be a device name in /sys/class/backlight (found "../x") (line 1)"#),
        BadConfig("unknown keys in power are rejected",
                  #"{"power": {"dimafter": 3}, "# + screens + "}",
                  #"demo.json: power: unknown key "dimafter"; did you mean "dimAfter"? (line 1)"#),
    ]

    @Test(arguments: bad)
    func rejected(_ c: BadConfig) {
        #expect(problems(in: c.json) == c.expected)
    }
}
