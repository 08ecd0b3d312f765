/// The size in a Pango font description (`"sans-serif bold 18"`, `"sans 24px"`), found the way
/// `pango_font_description_from_string` finds it (pango/fonts.c), in Swift because this module
/// imports no C.
///
/// Pango reads the description from the end: a last word starting with `@` is the font
/// variations (`@wght=650`) and is set aside; then the last word, split at white space and
/// commas, is the size when it is a number as `g_ascii_strtod` reads one (decimal, hex,
/// `inf`, `nan`), on its own or followed directly by `px` (pixels rather than points).
/// `Double(_:)` accepts exactly the strings that `strtod` reads whole, so it does the number.
///
/// Pango itself ignores a size above 1,000,000 (the word then joins the family name), but a
/// number in that place is a size to whoever wrote it, so the check judges every one.
enum FontDescriptionSize {
    /// The size word as written (with its `px`) and its value; nil when the description has
    /// no size, so that Pango uses its default.
    static func read(_ description: String) -> (word: String, value: Double)? {
        let bytes = Array(description.utf8)
        var end = bytes.count
        let last = word(in: bytes, endingBefore: end, stoppingAtComma: false)
        if !last.isEmpty, bytes[last.lowerBound] == UInt8(ascii: "@") { end = last.lowerBound }
        let size = word(in: bytes, endingBefore: end, stoppingAtComma: true)
        guard !size.isEmpty else { return nil }
        let word = String(decoding: bytes[size], as: UTF8.self)
        if let value = Double(word) { return (word, value) }
        if word.hasSuffix("px"), let value = Double(word.dropLast(2)) { return (word, value) }
        return nil
    }

    /// The last word before `end`, after skipping trailing white space (`getword` in Pango).
    private static func word(in bytes: [UInt8], endingBefore end: Int, stoppingAtComma: Bool) -> Range<Int> {
        var last = end
        while last > 0, isSpace(bytes[last - 1]) { last -= 1 }
        var start = last
        while start > 0, !isSpace(bytes[start - 1]), !(stoppingAtComma && bytes[start - 1] == UInt8(ascii: ",")) {
            start -= 1
        }
        return start..<last
    }

    /// `g_ascii_isspace`: space, tab, newline, vertical tab, form feed, carriage return.
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}
