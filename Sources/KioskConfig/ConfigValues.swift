import KioskCore
import KioskUI

// The config's spellings of KioskCore values. They are wrappers rather than `Decodable`
// conformances on `Color`, `Rect`, … because those types belong to KioskCore, which knows
// nothing of config files and their error messages.

func invalidValue(_ decoder: any Decoder, _ message: String) -> DecodingError {
    invalidValue(at: decoder.codingPath, message)
}

/// The same, for a value inside the one being decoded (an element of an array, say).
func invalidValue(at path: [any CodingKey], _ message: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
}

/// `"#RRGGBB"` or `"#RRGGBBAA"`.
struct ColorValue: Decodable {
    let color: Color

    init(_ color: Color) { self.color = color }

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = Color(hex: text) else {
            throw invalidValue(decoder, "invalid colour \(JSONWriter.quoted(text)): expected #RRGGBB or #RRGGBBAA")
        }
        self.color = color
    }
}

/// `[x, y, width, height]` in design pixels: x and y obey `NumberRule.coordinate`, width and
/// height `NumberRule.frameSide`.
struct FrameValue: Decodable {
    let rect: Rect

    init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        if let count = numbers.count, count != 4 {
            throw invalidValue(decoder, "expected 4 numbers [x, y, width, height], found \(count)")
        }
        let x = try numbers.decode(NumberRule.coordinate), y = try numbers.decode(NumberRule.coordinate)
        let width = try numbers.decode(NumberRule.frameSide), height = try numbers.decode(NumberRule.frameSide)
        rect = Rect(x, y, width, height)
    }
}

/// `[width, height]` of a design size, each obeying `NumberRule.designSide`.
struct DesignSizeValue: Decodable {
    let size: Size

    init(_ size: Size) { self.size = size }

    init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        if let count = numbers.count, count != 2 {
            throw invalidValue(decoder, "expected 2 numbers [width, height], found \(count)")
        }
        let width = try numbers.decode(NumberRule.designSide), height = try numbers.decode(NumberRule.designSide)
        size = Size(width, height)
    }
}

/// A quarter-turn in degrees: 0, 90, 180 or 270.
struct RotationValue: Decodable {
    let rotation: DisplayRotation

    init(_ rotation: DisplayRotation) { self.rotation = rotation }

    init(from decoder: any Decoder) throws {
        let degrees = try decoder.singleValueContainer().decode(Double.self)
        guard let whole = Int(exactly: degrees), let rotation = DisplayRotation(degrees: whole) else {
            throw invalidValue(decoder, "must be 0, 90, 180 or 270")
        }
        self.rotation = rotation
    }
}

/// A string naming one of a fixed set of words (`"alignment"`, `"edge"`). Conforming types
/// implement `init(from:)` as `self = try Self(keywordFrom: decoder)`.
package protocol ConfigKeyword: RawRepresentable<String>, CaseIterable {
    /// What the word names, for messages: "alignment".
    static var keywordKind: String { get }
}

extension ConfigKeyword {
    package init(keywordFrom decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        if let value = Self(rawValue: word) {
            self = value
            return
        }
        let words = Self.allCases.map(\.rawValue).sorted()
        var message = "unknown \(Self.keywordKind) \(JSONWriter.quoted(word)); "
        if let suggestion = Suggestion.closest(to: word, among: words) {
            message += "did you mean \(JSONWriter.quoted(suggestion))?"
        } else {
            message += words.count == 1 ? "expected \(words[0])" : "expected one of \(words.joined(separator: ", "))"
        }
        throw invalidValue(decoder, message)
    }
}

/// A keyword whose type belongs to another module (`PanelEdge`, `TransitionKind`), read the
/// same way as the config's own keywords: `KeywordValue<PanelEdge>`.
package struct KeywordValue<Word: ConfigKeyword>: Decodable {
    package let word: Word

    package init(_ word: Word) { self.word = word }

    package init(from decoder: any Decoder) throws { word = try Word(keywordFrom: decoder) }
}

extension PanelEdge: ConfigKeyword {
    package static var keywordKind: String { "edge" }
}

extension TransitionKind: ConfigKeyword {
    package static var keywordKind: String { "transition" }
}
