/// The broker password, read from `mqtt.passwordFile` at start. It prints as `<redacted>`, so
/// that no log line, error or test failure that interpolates it shows it.
package struct MQTTPassword: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    let value: String

    /// The password a file holds: its text without one final newline (`echo secret > file`).
    /// nil for an empty file.
    package init?(fileContents text: String) {
        var text = text
        if text.hasSuffix("\r\n") { text.removeLast() } else if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty else { return nil }
        value = text
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "<redacted>" }
}
