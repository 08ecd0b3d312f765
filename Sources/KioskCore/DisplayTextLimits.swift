/// How long text shown on screen may be. `kiosk check` refuses longer text in a config, and
/// the renderer cuts anything longer that reaches it another way, with these same numbers.
///
/// Lengths are in Unicode scalars because that is what shaping costs: Pango and HarfBuzz work
/// per code point, and one label of 100,000 combining marks took 14 s to shape, every frame.
package enum DisplayTextLimits {
    /// The most scalars of one text (a label, a title, a popup's text).
    package static let maximumScalars = 4096
    /// The most scalars of one character (extended grapheme cluster): a base and 31
    /// combining marks, more than any script needs.
    package static let maximumCharacterScalars = 32
}
