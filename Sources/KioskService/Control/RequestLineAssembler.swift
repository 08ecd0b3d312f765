/// Cuts a client's byte stream into request lines (`\n`-terminated; a `\r` before it is
/// dropped), however the bytes arrive: a line split over many reads, many lines in one.
///
/// A line longer than `limit` bytes is never kept whole: once the pending bytes pass the limit
/// the assembler reports `.tooLong` once and drops everything up to the next newline, so a
/// client streaming garbage costs at most `limit` bytes of memory.
struct RequestLineAssembler: Sendable {
    enum Piece: Sendable, Equatable {
        /// One complete line, without its terminator.
        case line([UInt8])
        /// A line that passed the limit; its bytes up to the next newline are dropped.
        case tooLong
    }

    let limit: Int
    private var pending: [UInt8] = []
    /// Inside a line that was already reported too long.
    private var discarding = false

    init(limit: Int) { self.limit = limit }

    /// Bytes of a line begun but not finished.
    var pendingCount: Int { pending.count }

    /// Appends `bytes` and returns the pieces they complete, in order.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Piece] {
        var pieces: [Piece] = []
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline ?? bytes.count
            if !discarding {
                pending.append(contentsOf: bytes[start..<end])
                // The limit counts the line's bytes without its `\n`.
                if pending.count > limit {
                    pieces.append(.tooLong)
                    pending.removeAll(keepingCapacity: false)
                    discarding = true
                }
            }
            guard let newline else { break }
            if discarding {
                discarding = false
            } else {
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                pieces.append(.line(pending))
                pending.removeAll(keepingCapacity: true)
            }
            start = newline + 1
        }
        return pieces
    }

    mutating func append(_ bytes: [UInt8]) -> [Piece] {
        bytes.withUnsafeBytes { append($0) }
    }
}
