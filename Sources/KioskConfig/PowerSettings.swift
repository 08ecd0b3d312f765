/// When the screen dims and goes off: the `"power"` object of a config.
///
/// ```json
/// "power": { "dimAfter": 30, "dimLevel": 0.3, "offAfter": 120, "backlight": "intel_backlight" }
/// ```
///
/// Both delays count seconds without input; either may be left out (never). The first touch
/// on a dimmed or dark screen only wakes it. `backlight` names the device in
/// `/sys/class/backlight` (default: the first there is; none: the renderer shades instead).
package struct PowerSettings: Sendable, Equatable, Decodable {
    /// `dimAfter`, in seconds (nil: never dims).
    package var dimAfter: Double?
    /// `dimLevel`, 0…1 of full brightness (default 0.3).
    package var dimLevel: Double
    /// `offAfter`, in seconds (nil: never goes off).
    package var offAfter: Double?
    /// `backlight`: a device name in `/sys/class/backlight`; nil: the first.
    package var backlight: String?

    /// `dimLevel` when the config gives none.
    package static let defaultDimLevel = 0.3

    /// Settings that dim after `dimAfter` seconds to `dimLevel` and go off after `offAfter`.
    package init(dimAfter: Double? = nil, dimLevel: Double = PowerSettings.defaultDimLevel, offAfter: Double? = nil,
                backlight: String? = nil) {
        self.dimAfter = dimAfter
        self.dimLevel = dimLevel
        self.offAfter = offAfter
        self.backlight = backlight
    }

    enum CodingKeys: String, CodingKey { case dimAfter, dimLevel, offAfter, backlight }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let dimAfter = try fields.optional(.dimAfter, as: Double.self)
        let offAfter = try fields.optional(.offAfter, as: Double.self)
        for (key, value) in [(CodingKeys.dimAfter, dimAfter), (.offAfter, offAfter)] {
            if let value, !NumberRule.idleDelay.contains(value) {
                try fields.report(NumberRule.idleDelay.message(found: value), at: key)
            }
        }
        let level = try fields.number(.dimLevel, .fraction, default: Self.defaultDimLevel)
        let backlight = try fields.optional(.backlight, as: String.self)
        if let backlight, backlight.isEmpty || backlight.contains("/") || backlight == "." || backlight == ".."
            || backlight.utf8.count > 255 {
            try fields.report("must be a device name in /sys/class/backlight (found \"\(backlight)\")", at: .backlight)
        }
        self.init(dimAfter: dimAfter.flatMap { NumberRule.idleDelay.contains($0) ? $0 : nil },
                  dimLevel: level ?? Self.defaultDimLevel,
                  offAfter: offAfter.flatMap { NumberRule.idleDelay.contains($0) ? $0 : nil }, backlight: backlight)
    }
}

extension NumberRule {
    /// `power.dimAfter` and `power.offAfter`: from a second to a week.
    package static let idleDelay = NumberRule(lower: .inclusive(1), upper: .inclusive(604_800), unit: " seconds")
}
