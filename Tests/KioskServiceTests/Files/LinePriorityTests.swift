@preconcurrency import Glibc
import KioskControls
import Testing
@testable import KioskService
import KioskLoop

@Suite("Log lines carry their journal priority on a journal stream, and only there")
struct LinePriorityTests {
    func written(prefixes: Bool, _ write: (LineWriter) -> Void) -> String {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let writer = LineWriter(descriptor: fds[1], destination: "pipe", prefixesPriority: prefixes)
        write(writer)
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        close(fds[0])
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("errors get <3>, warnings <4>, everything else <6>; each line of a text with newlines its own")
    func prefixes() {
        let text = written(prefixes: true) { w in
            w.writeLine("kiosk: cannot open /dev/dri/card0", priority: .error)
            w.writeLine("kiosk: reload failed:\nline 1", priority: .warning)
            w.writeLine("kiosk: ready")
        }
        #expect(text == "<3>kiosk: cannot open /dev/dri/card0\n<4>kiosk: reload failed:\n<4>line 1\n<6>kiosk: ready\n")
    }

    @Test("on a terminal, a pipe or a file the lines are written as they are")
    func noPrefixes() {
        let text = written(prefixes: false) { $0.writeLine("kiosk: cannot open", priority: .error) }
        #expect(text == "kiosk: cannot open\n")
    }

    @Test("JOURNAL_STREAM names the journal by device and inode: stderr is it only when they match")
    func journalStream() {
        var info = stat()
        #expect(fstat(2, &info) == 0)
        #expect(Log.isJournalStream(descriptor: 2, environment: "\(info.st_dev):\(info.st_ino)"))
        #expect(!Log.isJournalStream(descriptor: 2, environment: "\(info.st_dev):\(info.st_ino + 1)"))
        #expect(!Log.isJournalStream(descriptor: 2, environment: nil))
        #expect(!Log.isJournalStream(descriptor: 2, environment: "garbage"))
        #expect(!Log.isJournalStream(descriptor: 2, environment: "1:2:3"))
    }

    @Test("events on stdout are never prefixed")
    func standardOutputPlain() {
        #expect(!LineWriter.standardOutput.prefixesPriority)
    }
}
