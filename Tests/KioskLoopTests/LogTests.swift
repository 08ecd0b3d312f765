@preconcurrency import Glibc
import Testing
import KioskLoop

/// The one OS error's wording and the one log's lines.
@Suite("SystemCallError and Log")
struct LogTests {
    @Test("the errno is worded once: with its number, or plain as device errors read")
    func wording() {
        #expect(SystemCallError.reason(EBADF) == "Bad file descriptor (errno 9)")
        #expect("\(SystemCallError(call: "epoll_ctl", errno: EBADF))" == "epoll_ctl: Bad file descriptor (errno 9)")
        #expect("\(SystemCallError(call: "ioctl", path: "/dev/fb0", errno: ENOTTY))"
                == "/dev/fb0: ioctl: Inappropriate ioctl for device (errno 25)")
        #expect("\(SystemCallError(path: "/dev/dri/card0", call: "open", errno: EACCES, hint: "add the user to group video"))"
                == "/dev/dri/card0: open: Permission denied (add the user to group video)")
    }

    @Test("on a journal stream every line of a text starts with its priority, elsewhere none")
    func encoding() {
        #expect(Log.encode("a\nb", priority: .error, prefixed: true) == Array("<3>a\n<3>b\n".utf8))
        #expect(Log.encode("a", priority: .warning, prefixed: false) == Array("a\n".utf8))
    }

    @Test("runtime lines are named by the program")
    func programName() {
        #expect(Log.program == "kiosk")
        #expect(Log.line("ready") == "kiosk: ready")
    }
}
