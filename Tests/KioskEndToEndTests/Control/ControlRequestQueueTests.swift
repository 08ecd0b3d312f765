import Testing
import KioskCore
import KioskUI
@testable import KioskService

/// The runner's request queue without a loop: what is admitted, what is busy, and how much a
/// pass carries out.
@Suite("Control request queue")
struct ControlRequestQueueTests {
    /// Submits `lines` and collects each reply under its line's number.
    final class Replies {
        var lines: [Int: String] = [:]
        func submit(_ queue: ControlRequestQueue, _ requests: [String]) {
            let first = lines.count
            for (i, request) in requests.enumerated() {
                queue.submit(Array(request.utf8)) { [unowned self] in self.lines[first + i] = $0.line }
            }
        }
    }

    static func set(_ i: Int) -> String { #"{"id": \#(i), "op": "set", "control": "angle", "value": {"angle": \#(i % 360)}}"# }

    @Test("past its capacity a request is answered busy at once and changes nothing; the rest wait and go a budget per pass")
    func capacityAndBudget() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target, limits: .init(capacity: 10, budgetPerPass: 4))
        let replies = Replies()
        replies.submit(queue, (0..<12).map(Self.set))
        // The two that found the queue full are answered already; nothing else is.
        #expect(replies.lines.keys.sorted() == [10, 11])
        #expect(replies.lines[10] == #"{"id": 10, "ok": false, "error": "busy: 10 requests are waiting; try again shortly"}"#)
        #expect(target.scene!.control(withID: "angle")?.currentValue?.first?.value == 90)
        queue.performWaiting()
        #expect(replies.lines.keys.sorted() == [0, 1, 2, 3, 10, 11])
        #expect(target.scene!.control(withID: "angle")?.currentValue?.first?.value == 3)
        queue.performWaiting()
        queue.performWaiting()
        #expect(!queue.hasWaiting)
        #expect(replies.lines.count == 12)
        #expect(replies.lines[9] == #"{"id": 9, "ok": true, "control": "angle", "value": {"angle": 9}}"#)
    }

    @Test("a line that is not a request is answered at once, never queued")
    func refusedAtOnce() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target)
        let replies = Replies()
        replies.submit(queue, ["[1]", #"{"op": "pnig", "id": 3}"#])
        #expect(replies.lines[0] == #"{"ok": false, "error": "request must be a JSON object (found an array)"}"#)
        #expect(replies.lines[1] == #"{"id": 3, "ok": false, "error": "unknown op \"pnig\"; did you mean \"ping\"?"}"#)
        #expect(!queue.hasWaiting)
    }

    @Test("screenshots have a limit of their own, and each costs a good part of a pass")
    func screenshots() throws {
        let target = try ControlTestTarget()
        target.currentFrame = try PixelBuffer(width: 8, height: 4, format: .xrgb32)
        let queue = ControlRequestQueue(target: target, limits: .init(budgetPerPass: 20, screenshots: 2))
        let replies = Replies()
        replies.submit(queue, [#"{"op": "screenshot", "id": 1}"#, #"{"op": "screenshot", "id": 2}"#,
                               #"{"op": "screenshot", "id": 3}"#, #"{"op": "ping", "id": 4}"#, #"{"op": "ping", "id": 5}"#])
        #expect(replies.lines.keys.sorted() == [2])
        #expect(replies.lines[2] == #"{"id": 3, "ok": false, "error": "busy: 2 screenshots are being made; try again shortly"}"#)
        // The budget is looked at before each request: the first pass makes both screenshots
        // (16 + 16 > 20) and leaves the pings for the next.
        queue.performWaiting()
        #expect(replies.lines.keys.sorted() == [0, 1, 2])
        #expect(replies.lines[0]?.hasPrefix(#"{"id": 1, "ok": true, "width": 8, "height": 4, "png": ""#) == true)
        queue.performWaiting()
        #expect(replies.lines.count == 5)
        // Once made, screenshots may be asked for again.
        replies.submit(queue, [#"{"op": "screenshot", "id": 6}"#])
        #expect(queue.hasWaiting)
    }

    @Test("a reload takes a whole pass")
    func reloadCost() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target, limits: .init(budgetPerPass: 8))
        let replies = Replies()
        replies.submit(queue, [#"{"op": "reload"}"#, #"{"op": "ping"}"#])
        queue.performWaiting()
        #expect(target.reloads == 1)
        #expect(replies.lines.count == 1)
        queue.performWaiting()
        #expect(replies.lines.count == 2)
    }

    @Test("at the end of a run every request still waiting gets its one reply")
    func refusedAtTheEnd() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target)
        let replies = Replies()
        replies.submit(queue, [#"{"op": "ping", "id": "a"}"#, #"{"op": "screenshot", "id": "b"}"#])
        queue.refuseWaiting("the kiosk is stopping")
        #expect(replies.lines[0] == #"{"id": "a", "ok": false, "error": "the kiosk is stopping"}"#)
        #expect(replies.lines[1] == #"{"id": "b", "ok": false, "error": "the kiosk is stopping"}"#)
        #expect(!queue.hasWaiting)
    }
}
