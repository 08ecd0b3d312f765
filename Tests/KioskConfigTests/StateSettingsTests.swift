import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig

@Suite struct StateSettingsTests {
    static let screens = #""startScreen": "main", "screens": [{"id": "main"}]"#

    @Test("without a state object no values are kept, and drags would be written every 500 ms")
    func defaults() throws {
        let config = try ConfigLoader.decode("{\(Self.screens)}", file: "k.json")
        #expect(config.state == StateSettings())
        #expect(config.state.file == nil)
        #expect(config.state.debounceMilliseconds == 500)
    }

    @Test("state.file and state.debounce are read")
    func given() throws {
        let config = try ConfigLoader.decode(#"{"state": {"file": "/var/lib/swiftkiosk/state.json", "debounce": 250}, "#
                                             + Self.screens + "}", file: "k.json")
        #expect(config.state == StateSettings(file: "/var/lib/swiftkiosk/state.json", debounceMilliseconds: 250))
    }

    static let bad: [BadConfig] = [
        BadConfig("the file is a string",
                  #"{"state": {"file": 7}, "# + screens + "}",
                  "demo.json: state.file: expected a string, found a number (line 1)"),
        BadConfig("the file is not empty",
                  #"{"state": {"file": ""}, "# + screens + "}",
                  "demo.json: state.file: must not be empty (line 1)"),
        BadConfig("the debounce has a range",
                  #"{"state": {"debounce": 5}, "# + screens + "}",
                  "demo.json: state.debounce: must be between 50 and 10000 milliseconds (found 5) (line 1)"),
        BadConfig("unknown keys in state are rejected",
                  #"{"state": {"fille": "s.json"}, "# + screens + "}",
                  #"demo.json: state: unknown key "fille"; did you mean "file"? (line 1)"#),
        BadConfig("state is an object",
                  #"{"state": "s.json", "# + screens + "}",
                  "demo.json: state: expected an object, found a string (line 1)"),
    ]

    @Test(arguments: bad)
    func rejected(_ c: BadConfig) {
        #expect(problems(in: c.json) == c.expected)
    }
}
