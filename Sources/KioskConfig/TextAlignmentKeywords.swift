/// `align`: where a label's lines sit, in the words of the writing direction: `start`,
/// `center`, `end` (left, centre, right for left-to-right text).
package enum TextAlign: String, Sendable, CaseIterable, Decodable, ConfigKeyword {
    case start, center, end
    package static let keywordKind = "align"

    package init(from decoder: any Decoder) throws { self = try Self(keywordFrom: decoder) }

    package var alignment: LabelAlignment {
        switch self {
        case .start: return .leading
        case .center: return .center
        case .end: return .trailing
        }
    }
}

/// Where a label's text sits horizontally in its frame. "Leading" and "trailing" rather than
/// left and right, so that the words still fit if right-to-left text is added later.
public enum LabelAlignment: String, Sendable, Equatable, CaseIterable, Decodable, ConfigKeyword {
    /// Where the text sits across its frame: `leading` (left), `center`, `trailing` (right).
    case leading, center, trailing
    package static let keywordKind = "alignment"

    public init(from decoder: any Decoder) throws { self = try Self(keywordFrom: decoder) }
}
