@preconcurrency import Glibc

/// Diagnostics for the operator (journald keeps stderr). One `write(2)` per line, so lines from
/// libinput's log and the kiosk's own never interleave mid-line.
enum StandardError {
    static func write(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        text.withUTF8 { bytes in
            var remaining = UnsafeRawBufferPointer(bytes)
            while !remaining.isEmpty {
                let written = Glibc.write(2, remaining.baseAddress, remaining.count)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }  // stderr closed: nobody to tell
                remaining = UnsafeRawBufferPointer(rebasing: remaining[written...])
            }
        }
    }
}
