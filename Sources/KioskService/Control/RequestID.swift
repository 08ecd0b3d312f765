import KioskCore

/// A request's `id` exactly as the client wrote it: the reply echoes the token byte for byte.
///
/// Parsed, a number becomes a `Double`, which cannot hold every integer above 2^53
/// (`9007199254740993` would come back as `…992`) nor keep a client's spelling
/// (`18446744073709551615` as `1.8446744073709552e+19`, `"\u0041"` as `"A"`). A client that
/// matches replies to requests by id compares text, so the text is what is kept.
struct RequestID: Sendable, Equatable {
    /// The id's JSON token: a number, a string with its quotes and escapes, `true`, `false`
    /// or `null`.
    let token: String

    /// The token of the scalar that starts at `position` in `text`, a document the parser
    /// already accepted (so the token is well formed and ends where the scan stops).
    init(scalarAt position: JSONPosition, in text: String) {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        // Walk to the position as the parser counts it: lines end at "\n", columns count scalars.
        var line = 1, column = 1
        while index < scalars.endIndex, (line, column) < (position.line, position.column) {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index = scalars.index(after: index)
        }
        var end = index
        if end < scalars.endIndex, scalars[end] == "\"" {
            end = scalars.index(after: end)
            var escaped = false
            while end < scalars.endIndex {
                let scalar = scalars[end]
                end = scalars.index(after: end)
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { break }
            }
        } else {
            while end < scalars.endIndex, Self.continuesBareToken(scalars[end]) { end = scalars.index(after: end) }
        }
        token = String(scalars[index..<end])
    }

    /// Characters of a number or of `true`, `false`, `null`.
    private static func continuesBareToken(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."z", "A"..."Z", "+", "-", ".": true
        default: false
        }
    }
}
