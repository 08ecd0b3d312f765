@preconcurrency import Glibc

/// A file system path as the kernel sees it: bytes, not text.
///
/// Linux file names are any bytes but `/` and NUL; they need not be UTF-8. A Swift `String`
/// made from such a name repairs the invalid bytes to U+FFFD, so a file that exists would then
/// be "not found". Paths from the command line therefore stay bytes from `argv` to `open(2)`,
/// and become text only to be shown (``description``), with each invalid byte as `\xNN`.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    /// A path of exactly these bytes (as `argv` gives them).
    public init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }
    /// The path spelled by `text` in UTF-8.
    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(stringLiteral text: String) { self.init(text) }

    /// The path for messages: valid UTF-8 as it is, each invalid byte as `\xNN`.
    public var description: String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// The path starts at the root (`/`), not at the working directory.
    public var isAbsolute: Bool { bytes.first == UInt8(ascii: "/") }

    /// The directory part ("config/demo.json" → "config", "demo.json" → ".", "/a" → "/").
    public var directory: FilePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : FilePath(bytes: bytes[..<slash])
    }

    /// `relative` resolved against this directory; an absolute `relative` stands alone.
    public func appending(_ relative: String) -> FilePath { appending(FilePath(relative)) }

    /// `relative` resolved against this directory, byte for byte (a symbolic link's target,
    /// which need not be UTF-8); an absolute `relative` stands alone.
    public func appending(_ relative: FilePath) -> FilePath {
        if relative.isAbsolute || self == "." { return relative }
        let separator: [UInt8] = bytes.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]
        return FilePath(bytes: bytes + separator + relative.bytes)
    }

    /// True when both paths exist and name one file (same device and inode, links followed).
    public func namesSameFile(as other: FilePath) -> Bool {
        var a = stat(), b = stat()
        guard withCString({ stat($0, &a) }) == 0, other.withCString({ stat($0, &b) }) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
