import KioskCore
import KioskUI

/// Going back to a screen after a time without a touch: the `"idle"` object of a config.
///
/// ```json
/// "idle": { "after": 60, "screen": "start" }
/// ```
///
/// After `after` seconds without a touch, every panel and popup is dismissed and `screen`
/// shown (with a fade), once; the next touch starts the count again. Separate from screen
/// power (`power`), which dims and turns the display off on its own clock.
package struct IdleSettings: Sendable, Equatable, Decodable {
    /// `after` (default 60): seconds without a touch, 1…86400.
    package var after: Double
    /// `screen` (required): the screen to go back to.
    package var screen: String

    /// Back to `screen` after `after` seconds without a touch.
    package init(after: Double, screen: String) {
        self.after = after
        self.screen = screen
    }

    /// The scene's idle return; with `resettingLanguage` (`languages.resetOnIdle`) it goes
    /// back to the default language too.
    package func idleReturn(resettingLanguage: Bool = false) -> IdleReturn {
        IdleReturn(after: .seconds(after), screen: screen, resetsLanguage: resettingLanguage)
    }

    enum CodingKeys: String, CodingKey { case after, screen }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let after = try fields.number(.after, .idleAfter, default: 60)
        let screen = try fields.reference(.screen, to: .screen)
        self.init(after: after ?? 60, screen: screen ?? "")
    }
}

extension NumberRule {
    /// `idle.after`, in seconds: a day at most (a longer one is a mistake, not a policy).
    package static let idleAfter = NumberRule(lower: .inclusive(1), upper: .inclusive(86_400), unit: " seconds")
    /// A popup's `autoClose` and a screen's `advanceAfter`, in milliseconds: from a tenth of a
    /// second to a day.
    package static let timedMilliseconds = NumberRule(lower: .inclusive(100), upper: .inclusive(86_400_000), unit: " milliseconds")
}
