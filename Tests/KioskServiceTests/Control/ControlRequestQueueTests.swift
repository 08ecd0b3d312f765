import KioskTestSupport
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
        private var submitted = 0
        func submit(_ queue: ControlRequestQueue, _ requests: [String]) {
            for request in requests {
                let number = submitted
                submitted += 1
                queue.submit(Array(request.utf8)) { [unowned self] in self.lines[number] = $0.line }
            }
        }
    }

    static func set(_ i: Int) -> String { #"{"id": \#(i), "op": "set", "control": "angle", "value": {"angle": \#(i % 360)}}"# }

    @Test("a lone request is carried out at once; past the pass's budget requests wait, and past the capacity they are busy")
    func capacityAndBudget() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target, limits: .init(capacity: 10, budgetPerPass: 4))
        let replies = Replies()
        replies.submit(queue, (0..<16).map(Self.set))
        // Four at once (the budget), ten waiting (the capacity), two busy; nothing else done.
        #expect(replies.lines.keys.sorted() == [0, 1, 2, 3, 14, 15])
        #expect(replies.lines[14] == #"{"id": 14, "ok": false, "error": "busy: 10 requests are waiting; try again shortly"}"#)
        #expect(target.scene!.control(withID: "angle")?.currentValue?.first?.value == 3)
        queue.beginPass()
        #expect(replies.lines.keys.sorted() == [0, 1, 2, 3, 4, 5, 6, 7, 14, 15])
        #expect(target.scene!.control(withID: "angle")?.currentValue?.first?.value == 7)
        // What arrives during a pass shares what is left of its budget, behind those waiting.
        queue.beginPass()
        replies.submit(queue, [Self.set(16)])
        #expect(replies.lines[16] == nil)
        queue.beginPass()
        queue.beginPass()
        #expect(!queue.hasWaiting)
        #expect(replies.lines.count == 17)
        #expect(replies.lines[13] == #"{"id": 13, "ok": true, "control": "angle", "value": {"angle": 13}}"#)
        queue.beginPass()
        replies.submit(queue, [Self.set(17)])
        #expect(replies.lines[17] == #"{"id": 17, "ok": true, "control": "angle", "value": {"angle": 17}}"#)
    }

    @Test("one sender cannot take every place: past its share it is busy, and another sender still gets in")
    func perSource() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target, limits: .init(capacity: 10, perSource: 3, budgetPerPass: 1))
        let flood = NSObjectLike(), other = NSObjectLike()
        var replies: [String] = []
        for i in 0..<6 { queue.submit(Array(Self.set(i).utf8), from: ObjectIdentifier(flood)) { replies.append($0.line) } }
        // One at once (the budget), three waiting (the share), two busy.
        #expect(replies.count == 3)
        #expect(replies.last == #"{"id": 5, "ok": false, "error": "busy: 3 of your requests are waiting; try again shortly"}"#)
        queue.submit(Array(#"{"op": "ping", "id": "other"}"#.utf8), from: ObjectIdentifier(other)) { replies.append($0.line) }
        #expect(queue.hasWaiting && replies.count == 3)
        for _ in 0..<4 { queue.beginPass() }
        #expect(replies.last == #"{"id": "other", "ok": true}"#)
    }

    @Test("a set naming an image file costs what finding it, checking it twice and caching it cost, not a small request's share")
    func imageSetsCostTheirShare() throws {
        let kiosk = try ImageKiosk()
        let budget = 2 * ControlRequestQueue.imageFileCost
        let queue = ControlRequestQueue(target: kiosk.target, limits: .init(budgetPerPass: budget))
        let replies = Replies()
        let sources = ["images/night.png", "images/day.png", "images/night.png"]
        replies.submit(queue, sources.map { #"{"op": "set", "control": "logo", "value": {"source": "\#($0)"}}"# })
        #expect(replies.lines.keys.sorted() == [0, 1] && queue.hasWaiting)
        queue.beginPass()
        #expect(replies.lines.count == 3 && replies.lines.values.allSatisfy { $0.hasPrefix(#"{"ok": true"#) })
        // Other properties of the same control are small requests.
        replies.submit(queue, (0..<3).map { _ in #"{"op": "set", "control": "logo", "value": {"fit": "cover"}}"# })
        #expect(replies.lines.count == 6 && !queue.hasWaiting)
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
        // A pass of 8 takes one screenshot (16) at most; none at once.
        let queue = ControlRequestQueue(target: target, limits: .init(budgetPerPass: 8, screenshots: 2))
        let replies = Replies()
        replies.submit(queue, [#"{"op": "screenshot", "id": 1}"#, #"{"op": "screenshot", "id": 2}"#,
                               #"{"op": "screenshot", "id": 3}"#, #"{"op": "ping", "id": 4}"#, #"{"op": "ping", "id": 5}"#])
        #expect(replies.lines.keys.sorted() == [2])
        #expect(replies.lines[2] == #"{"id": 3, "ok": false, "error": "busy: 2 screenshots are being made; try again shortly"}"#)
        queue.beginPass()
        #expect(replies.lines.keys.sorted() == [0, 2])
        #expect(replies.lines[0]?.hasPrefix(#"{"id": 1, "ok": true, "width": 8, "height": 4, "png": ""#) == true)
        queue.beginPass()
        queue.beginPass()
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
        #expect(target.reloads == 1)
        #expect(replies.lines.count == 1)
        queue.beginPass()
        #expect(replies.lines.count == 2)
    }

    @Test("at the end of a run every request still waiting gets its one reply")
    func refusedAtTheEnd() throws {
        let target = try ControlTestTarget()
        let queue = ControlRequestQueue(target: target)
        let replies = Replies()
        replies.submit(queue, [#"{"op": "reload"}"#, #"{"op": "ping", "id": "a"}"#, #"{"op": "screenshot", "id": "b"}"#])
        queue.refuseWaiting("the kiosk is stopping")
        #expect(replies.lines[1] == #"{"id": "a", "ok": false, "error": "the kiosk is stopping"}"#)
        #expect(replies.lines[2] == #"{"id": "b", "ok": false, "error": "the kiosk is stopping"}"#)
        #expect(!queue.hasWaiting)
    }
}

/// Something with an identity, to stand for a sender.
private final class NSObjectLike {}
