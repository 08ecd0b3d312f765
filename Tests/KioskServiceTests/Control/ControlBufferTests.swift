import Testing
import KioskLoop
@testable import KioskService

/// The socket server's two pure halves: request lines cut from a byte stream, and the bounded
/// output buffer that decides when a client has stopped reading.
@Suite("Control socket buffers")
struct ControlBufferTests {
    func pieces(_ chunks: [String], limit: Int = 16) -> [RequestLineAssembler.Piece] {
        var assembler = RequestLineAssembler(limit: limit)
        return chunks.flatMap { assembler.append(Array($0.utf8)) }
    }

    func line(_ s: String) -> RequestLineAssembler.Piece { .line(Array(s.utf8)) }

    @Test("lines split over reads and lines sharing a read come out whole and in order")
    func assembly() {
        #expect(pieces(["{\"op\"", ": 1}\n{\"a\n", "\n"]) == [line("{\"op\": 1}"), line("{\"a"), line("")])
        #expect(pieces(["a\r\nb\n"]) == [line("a"), line("b")])
        #expect(pieces(["no newline yet"]) == [])
    }

    @Test("a line longer than the limit is reported once and dropped up to its newline; the next line is fine")
    func tooLong() {
        #expect(pieces(["0123456789abcdef\n"]) == [line("0123456789abcdef")])   // exactly the limit
        #expect(pieces(["0123456789", "abcdefg", "hijklmnopqrstuvwxyz", "...\nping\n"]) == [.tooLong, line("ping")])
        var assembler = RequestLineAssembler(limit: 16)
        _ = assembler.append(Array(String(repeating: "x", count: 10_000).utf8))
        #expect(assembler.pendingCount == 0)   // what is dropped is not kept
    }

    @Test("output is queued whole until the limit; a first line larger than the limit still goes")
    func outputLimit() throws {
        var buffer = ClientOutputBuffer(limit: 10)
        let first = buffer.enqueue(Array("abcd".utf8))       // 5 bytes with the newline
        let second = buffer.enqueue(Array("efgh".utf8))      // 10
        let third = buffer.enqueue(Array("i".utf8))          // would be 12: the client is not reading
        #expect(first && second && !third)
        #expect(buffer.count == 10)
        var written: [UInt8] = []
        let done = try buffer.flush { bytes in
            let n = min(3, bytes.count)                      // a socket that takes 3 bytes at a time
            written += bytes.prefix(n)
            return n
        }
        #expect(done && buffer.isEmpty)
        #expect(String(decoding: written, as: UTF8.self) == "abcd\nefgh\n")
        let large = buffer.enqueue([UInt8](repeating: 65, count: 100))   // an empty buffer takes any one line
        #expect(large)
    }

    @Test("a socket that would block keeps the rest for later")
    func partialWrite() throws {
        var buffer = ClientOutputBuffer(limit: 100)
        _ = buffer.enqueue(Array("hello".utf8))
        var calls = 0
        let done = try buffer.flush { bytes in
            calls += 1
            return calls == 1 ? 2 : 0
        }
        #expect(!done && buffer.count == 4)
    }
}
