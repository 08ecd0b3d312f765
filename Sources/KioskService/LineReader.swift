/// Turns the bytes of a non-blocking descriptor (stdin, an IPC connection) into text lines as
/// they arrive, keeping a partial last line until its newline comes.
///
/// Lines are decoded as UTF-8 (invalid bytes become U+FFFD rather than failing) and lose their
/// `\n` and an optional `\r` before it. A line longer than `maximumLineLength` is dropped and
/// counted in ``overlongLinesDropped``, so a peer that never sends a newline cannot make the
/// kiosk's memory grow without bound.
public struct LineReader {
    /// What one ``read(from:budget:)`` produced.
    public struct Batch: Equatable, Sendable {
        /// Complete lines, oldest first.
        public var lines: [String]
        /// True when the peer closed its end (`read` returned 0); unregister the descriptor.
        public var reachedEnd: Bool
    }

    /// The longest line kept, in bytes, without its newline.
    public let maximumLineLength: Int
    /// How many lines were dropped for being longer than `maximumLineLength`.
    public private(set) var overlongLinesDropped = 0

    private var pending: [UInt8] = []
    /// True while skipping the rest of an overlong line up to its newline.
    private var discarding = false

    public init(maximumLineLength: Int = 64 * 1024) {
        precondition(maximumLineLength > 0, "maximumLineLength must be positive")
        self.maximumLineLength = maximumLineLength
    }

    /// Reads what `descriptor` has now and returns the lines it completes.
    ///
    /// Stops at `EAGAIN`, at end of file, or after `budget` bytes: the loop is level-triggered,
    /// so whatever is left makes the descriptor ready again on the next `runOnce`, and one
    /// chatty peer cannot starve touch input and frames.
    ///
    /// - Throws: `read` errors other than `EAGAIN` (e.g. `ECONNRESET` on a socket).
    public mutating func read(
        from descriptor: borrowing FileDescriptor, budget: Int = 64 * 1024
    ) throws(SystemCallError) -> Batch {
        var batch = Batch(lines: [], reachedEnd: false)
        var total = 0
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { chunk.deallocate() }
        while total < budget {
            let count: Int
            do {
                count = try descriptor.read(into: chunk)
            } catch where error.isWouldBlock {
                break
            }
            if count == 0 {
                batch.reachedEnd = true
                if let last = finish() { batch.lines.append(last) }
                break
            }
            total += count
            batch.lines += append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        }
        return batch
    }

    /// Adds bytes and returns the lines they complete.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if discarding {
                discarding = false
            } else if pending.count + (index - start) > maximumLineLength {
                overlongLinesDropped += 1
                pending.removeAll(keepingCapacity: true)
            } else {
                pending += bytes[start..<index]
                lines.append(takePending())
            }
            start = index + 1
        }
        if !discarding {
            pending += bytes[start...]
            if pending.count > maximumLineLength {
                // Count it now and skip the rest of it as it arrives.
                overlongLinesDropped += 1
                pending.removeAll(keepingCapacity: true)
                discarding = true
            }
        }
        return lines
    }

    /// At end of input: the last line if it had no final newline.
    public mutating func finish() -> String? {
        discarding = false
        return pending.isEmpty ? nil : takePending()
    }

    private mutating func takePending() -> String {
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        return line
    }
}
