import CPangoCairo
import KioskCore
import KioskUI

/// An icon before a text, in one layout: the icon's character carries the icon font as a
/// Pango attribute (`pango_attr_family_new`), so the shaper places it with the words. It is
/// coloured and sized like them, centred with them, and at the start of the line in either
/// direction.
extension TextLayoutCache {
    /// Sets `icon` (a code point of `IconGlyph.fontFamily`), then a space when `text` is not
    /// empty, then `text`, as the layout's text; only the icon's bytes are in the icon font.
    /// The space stays in the text's font: the gap grows with the font as the icon does.
    ///
    /// The paragraph's direction is the layout's (`TextStyle.direction`, the scene's language's),
    /// so the icon is at the start of the line: the right in an Arabic or Hebrew scene. The
    /// icon's character is a private-use one, which the bidirectional algorithm counts as
    /// left-to-right: before words that start right-to-left (`startsRightToLeft`) it goes
    /// between two RIGHT-TO-LEFT MARKs (U+200F, no width), so that a number after it
    /// (`12 ضوء`) does not join it.
    static func setText(_ text: String, after icon: UInt32, on layout: OpaquePointer) {
        guard let scalar = Unicode.Scalar(icon) else { return pango_layout_set_text(layout, text, -1) }
        let mark = startsRightToLeft(text) ? "\u{200F}" : ""
        let iconText = String(Character(scalar))
        let marked = mark + iconText + mark
        pango_layout_set_text(layout, text.isEmpty ? marked : marked + " " + text, -1)
        let attributes = pango_attr_list_new()
        let family = pango_attr_family_new(IconGlyph.fontFamily)!
        family.pointee.start_index = UInt32(mark.utf8.count)
        family.pointee.end_index = UInt32(mark.utf8.count + iconText.utf8.count)
        pango_attr_list_insert(attributes, family)  // takes the attribute
        pango_layout_set_attributes(layout, attributes)  // takes a reference
        pango_attr_list_unref(attributes)
    }

    /// Whether the first letter of `text` (not digits, spaces or punctuation) is of a
    /// right-to-left script: the one rule of `LayoutDirection.of(text:otherwise:)`.
    static func startsRightToLeft(_ text: String) -> Bool {
        LayoutDirection.of(text: text, otherwise: .leftToRight) == .rightToLeft
    }
}
