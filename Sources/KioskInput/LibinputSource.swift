import KioskBackend
import KioskCore
import KioskLoop

/// A ``LibinputSeat`` as the runner's input source: its descriptor in the loop, its events
/// delivered as they come, its devices closed while the session is away.
///
/// libinput queues the events of `init`, `suspend()` and `resume()` (devices added, removed,
/// fingers cancelled) without making its descriptor readable, so each of those is followed by
/// a dispatch here.
package final class LibinputSource: InputSource {
    package let seat: LibinputSeat
    private var deliver: ((InputEvent) -> Void)?

    package init(seat: LibinputSeat) { self.seat = seat }

    package func start(loop: EventLoop, deliver: @escaping (InputEvent) -> Void) throws {
        self.deliver = deliver
        flush()
        try loop.register(fd: seat.fileDescriptor) { [unowned self] in self.flush() }
    }

    package func pause() {
        seat.suspend()
        flush()
    }

    package func resume() throws {
        try seat.resume()
        flush()
    }

    private func flush() {
        for event in seat.dispatch() { deliver?(event) }
    }
}
