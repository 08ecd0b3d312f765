/// Where the kiosk keeps its values across restarts: the `"state"` object of a config.
///
/// ```json
/// "state": { "file": "/var/lib/swiftkiosk/state.json", "debounce": 500 }
/// ```
package struct StateSettings: Sendable, Equatable, Decodable {
    /// The state file (`file`; relative paths are relative to the config's directory); nil,
    /// the default: values are not kept. `kiosk run --state FILE` overrides it.
    package var file: String?
    /// How long a value being dragged waits before it is written, in milliseconds
    /// (`debounce`; 50…10000, default 500). Commits and screen changes are written at once.
    package var debounceMilliseconds: Double

    /// `debounce` when the config gives none.
    package static let defaultDebounceMilliseconds = 500.0

    /// Settings keeping values in `file` (nil: nowhere).
    package init(file: String? = nil, debounceMilliseconds: Double = StateSettings.defaultDebounceMilliseconds) {
        self.file = file
        self.debounceMilliseconds = debounceMilliseconds
    }

    enum CodingKeys: String, CodingKey { case file, debounce }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let file = try fields.optional(.file, as: String.self)
        var checkedFile: String?
        if let file {
            if let problem = TextRule.path.problem(with: file) { try fields.report(problem, at: .file) } else { checkedFile = file }
        }
        let debounce = try fields.number(.debounce, .stateDebounce, default: Self.defaultDebounceMilliseconds)
        self.init(file: checkedFile, debounceMilliseconds: debounce ?? Self.defaultDebounceMilliseconds)
    }
}

extension NumberRule {
    /// `state.debounce`, in milliseconds: below 50 a drag writes nearly every frame, above
    /// 10 s a crash loses a long drag.
    package static let stateDebounce = NumberRule(lower: .inclusive(50), upper: .inclusive(10_000), unit: " milliseconds")
}
