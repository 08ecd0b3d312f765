@preconcurrency import Glibc
import KioskCore

/// Which files a state file may replace: the ones the kiosk wrote.
///
/// The state file is a path someone typed (`--state`, `state.file`), and a wrong one (a link
/// to /etc/passwd under a kiosk run as root, another program's file) must not be overwritten.
/// What the kiosk wrote is known by its first bytes, `signature`: `encode` always begins so.
/// The kiosk's to replace are
/// - no file (a first start, a dangling link), and a file that cannot be read at all (the
///   errno's reason: `Permission denied` for a mode-000 file to a kiosk that is not root),
///   where nothing could be read, so nothing readable is lost;
/// - bytes that begin with `signature`: a file corrupt further on, or too large, is still the
///   kiosk's;
/// - a file of at most `maximumSize` bytes that, once the NUL bytes at its end are set aside
///   (a power cut can leave a file's length on the disk without its data, which then reads as
///   zeros: an SD card's FAT, ext4 without `data=ordered`), is
///   - empty, white space only or NUL bytes only;
///   - a beginning of `signature`: a file cut short;
///   - a JSON object whose `format` is `"swiftkiosk-state"`, of any `version` and key order
///     (an older kiosk's file), or a beginning of one (`StateObjectPrefix`).
///
/// Every format the kiosk ever wrote begins with `signature` (version 1, `format` first, one
/// line of `JSONWriter`'s spaced style). What the kiosk cannot use of its own file, it sets
/// aside as `FILE.bad` before it writes anew (`StateFile+SetAside`).
///
/// Anything else is foreign (another program's JSON, a password file, a binary, a directory,
/// a FIFO, more than `maximumSize` bytes that do not begin with `signature`): reported, never
/// replaced.
extension StateFile {
    /// The bytes every state file the kiosk writes begins with (`encode` puts `format` first).
    static let signature = Array(#"{"format": "\#(formatName)""#.utf8)

    /// What a path holds, as far as the state file is concerned.
    enum Content: Sendable, Equatable {
        /// Nothing: a first start.
        case none
        /// Something that cannot be read at all: the errno's text.
        case unreadable(String)
        /// Not a regular file: what it is ("a directory").
        case notRegular(String)
        /// The file's first bytes: all of them up to `maximumSize`, one more when it is larger.
        case bytes([UInt8])
    }

    /// What `path` holds, links followed: one read of at most `maximumSize` + 1 bytes.
    static func content(at path: FilePath) -> Content {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else {
            return errno == ENOENT ? .none : .unreadable(TextFile.errorText())
        }
        if let kind = TextFile.nonRegularKind(status.st_mode) { return .notRegular(kind) }
        do throws(FileError) {
            return .bytes(try TextFile.readPrefix(path, count: maximumSize + 1))
        } catch {
            return .unreadable(error.reason)
        }
    }

    /// Why the file at `path` is not the kiosk's to replace; nil when it is. `StateKeeper` asks
    /// before every write, so a file put there during the run is not replaced either, and one
    /// moved away lets the next write through.
    static func foreignReason(at path: FilePath) -> String? { foreignReason(of: content(at: path)) }

    /// Why `content` is not the kiosk's to replace; nil when it is.
    static func foreignReason(of content: Content) -> String? {
        switch content {
        case .none, .unreadable: return nil
        case .notRegular(let kind): return "not a regular file (\(kind))"
        case .bytes(let bytes): return foreignReason(of: bytes)
        }
    }

    /// Why a file of `bytes` (its first `maximumSize` + 1) is not the kiosk's; nil when it is.
    static func foreignReason(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: signature) { return nil }
        let notOurs = "not a SwiftKiosk state file (it does not begin with \(String(decoding: signature, as: UTF8.self)))"
        // Only a whole file can be anything else of the kiosk's: it never wrote a larger one.
        guard bytes.count <= maximumSize else { return notOurs }
        let written = bytes[..<(bytes.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)]
        if written.starts(with: signature) || signature.starts(with: written) { return nil }
        if written.allSatisfy({ isWhiteSpace($0) || $0 == 0 }) { return nil }
        if let text = String(validating: written, as: UTF8.self), let value = try? JSONParser(maxDepth: 16).parseValue(text) {
            guard let object = value.objectValue else { return notOurs }
            return formatProblem(object)
        }
        // Not JSON (nor UTF-8, when cut inside a character): maybe an object cut short.
        return StateObjectPrefix.isCutShortStateObject(Array(written)) ? nil : notOurs
    }

    /// JSON's white space, all an empty file holds.
    static func isWhiteSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
}
