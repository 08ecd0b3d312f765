import KioskCore

/// The language a scene shows, and what follows from it for drawing and touch: which way
/// lines and controls read (`direction`) and how numbers are written (`numbers`).
///
/// The strings themselves are the config's business (its string files); this is what the
/// scene needs to know about them. Set it with `Scene.language`; controls read it through
/// their host (`Control.language`, `Control.layoutDirection`).
public struct DisplayLanguage: Sendable, Equatable {
    /// The language's code as the config names it (`en`, `de`, `ar-EG`).
    public var code: String
    /// Which way the language reads: right to left mirrors text alignment, sliders, the
    /// progress bar, the toggle, a popup's buttons and pages (Contracts.md, "Right to left").
    public var direction: LayoutDirection
    /// How the language writes numbers (a slider's and a dial's value label).
    public var numbers: NumberConventions

    /// The language `code` with the direction and number conventions its code gives
    /// (`LayoutDirection.of(language:)`, `NumberConventions.of(language:)`).
    public init(code: String) {
        self.init(code: code, direction: .of(language: code), numbers: .of(language: code))
    }

    /// A language with the given parts: for a code the tables do not know.
    public init(code: String, direction: LayoutDirection, numbers: NumberConventions) {
        self.code = code
        self.direction = direction
        self.numbers = numbers
    }

    /// English: left to right, a decimal point. What a scene shows until told otherwise.
    public static let standard = DisplayLanguage(code: "en")
}
