import KioskLoop

/// What waits to be written to one client, bounded so that a client that never reads cannot
/// make the kiosk hold more than `limit` bytes for it.
///
/// A line is queued whole or not at all: when the buffer is empty any line fits (one reply
/// may be larger than the limit, a base64 screenshot), otherwise only while the total stays
/// within `limit`. A line that does not fit means the client stopped reading; the server then
/// disconnects it rather than block or drop lines silently.
struct ClientOutputBuffer: Sendable {
    let limit: Int
    private var bytes: [UInt8] = []
    /// Bytes before this index were written already.
    private var head = 0

    init(limit: Int) { self.limit = limit }

    /// Bytes still to write.
    var count: Int { bytes.count - head }
    var isEmpty: Bool { count == 0 }

    /// Queues `line` plus a newline; false (and nothing queued) when it does not fit.
    mutating func enqueue(_ line: some Collection<UInt8>) -> Bool {
        guard isEmpty || count + line.count + 1 <= limit else { return false }
        if isEmpty {
            bytes.removeAll(keepingCapacity: true)
            head = 0
        }
        bytes.append(contentsOf: line)
        bytes.append(UInt8(ascii: "\n"))
        return true
    }

    /// Writes what is queued with `write` until it takes nothing more (returns 0: the socket
    /// would block). Returns whether everything went out.
    mutating func flush(_ write: (UnsafeRawBufferPointer) throws(SystemCallError) -> Int) throws(SystemCallError) -> Bool {
        while !isEmpty {
            // withUnsafeBytes rethrows untyped; the error is carried out by hand.
            let result: Result<Int, SystemCallError> = bytes.withUnsafeBytes { raw in
                do throws(SystemCallError) { return .success(try write(UnsafeRawBufferPointer(rebasing: raw[head...]))) } catch {
                    return .failure(error)
                }
            }
            let written = try result.get()
            guard written > 0 else { break }
            head += written
        }
        // Compact once half is written, so a long-lived subscriber's buffer does not grow.
        if head > 0 && head >= bytes.count / 2 {
            bytes.removeFirst(head)
            head = 0
        }
        return isEmpty
    }
}
