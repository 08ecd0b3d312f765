/// Why an image file cannot be shown, in words that follow its name:
/// `"images/logo.png": not a PNG or JPEG image`.
package struct ImageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong: "is 9000x9000 pixels; images may be at most 8192 pixels a side".
    package var reason: String

    /// An error saying `reason`.
    package init(_ reason: String) { self.reason = reason }

    package var description: String { reason }
}
