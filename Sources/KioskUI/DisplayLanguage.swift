/// STUB until the right-to-left branch lands (it owns this type): the language a scene is shown in.
public struct DisplayLanguage: Sendable, Equatable {
    /// The language code.
    public var code: String
    /// The language called `code`.
    public init(code: String) { self.code = code }
    /// English.
    public static let standard = DisplayLanguage(code: "en")
}
