import Glibc
import Testing
@testable import KioskDevice

@Test("a path that is not a virtual terminal is not used")
func nonVTIsRefused() {
    #expect(VirtualTerminal(path: "/dev/null") == nil)
    #expect(VirtualTerminal(path: "/nonexistent/tty9") == nil)
}

@Test("the VT signals are SIGUSR1 for release and SIGUSR2 for acquire")
func vtSignalNumbers() {
    #expect(VirtualTerminal.releaseSignal == SIGUSR1)
    #expect(VirtualTerminal.acquireSignal == SIGUSR2)
}
