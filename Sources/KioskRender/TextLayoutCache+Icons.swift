import CPangoCairo
import KioskUI

/// An icon before a text, in one layout: the icon's character carries the icon font as a
/// Pango attribute (`pango_attr_family_new`), so the shaper places it with the words. It is
/// coloured and sized like them, centred with them, and at the start of the line in either
/// direction.
extension TextLayoutCache {
    /// Sets `icon` (a code point of `IconGlyph.fontFamily`), then a space when `text` is not
    /// empty, then `text`, as the layout's text; only the icon's bytes are in the icon font.
    /// The space stays in the text's font: the gap grows with the font as the icon does.
    static func setText(_ text: String, after icon: UInt32, on layout: OpaquePointer) {
        guard let scalar = Unicode.Scalar(icon) else { return pango_layout_set_text(layout, text, -1) }
        let iconText = String(Character(scalar))
        let full = text.isEmpty ? iconText : iconText + " " + text
        pango_layout_set_text(layout, full, -1)
        let attributes = pango_attr_list_new()
        let family = pango_attr_family_new(IconGlyph.fontFamily)!
        family.pointee.start_index = 0
        family.pointee.end_index = UInt32(iconText.utf8.count)
        pango_attr_list_insert(attributes, family)  // takes the attribute
        pango_layout_set_attributes(layout, attributes)  // takes a reference
        pango_attr_list_unref(attributes)
    }
}
