import KioskCore
import KioskLoop

/// Where requests from every transport (the control socket, MQTT) wait to be carried out: a
/// budget of them on each pass of the runner's loop, so that a burst (two thousand
/// screenshots published at once) costs frames nothing but the budget's time.
///
/// Admission happens as a request arrives: a line that is not a request is answered at once;
/// a request that finds the queue full (`Limits.capacity` requests or `Limits.byteCapacity`
/// bytes waiting, or `Limits.perSource` of its own sender's), or a screenshot that finds
/// `Limits.screenshots` admitted already, is answered `busy: …` and changes nothing. The rest wait in arrival order (one that finds
/// nothing waiting and budget left is carried out at once). Each pass carries out requests
/// until their cost reaches `Limits.budgetPerPass`: each op's `ControlOperation.Cost`, a small
/// one 1, a screenshot (a frame copied) `frameCopyCost`, a reload (files read, a scene built)
/// the whole budget, a `set` that names image files `imageFileCost`. A screenshot's encoding
/// and file write run on a worker thread of their own, a picture's decoding on another; the
/// reply comes when they are done. A request whose remaining work changes the kiosk when it
/// is done (a picture shown) holds its sender's later requests back until then, so that they
/// see its change; other senders' go on meanwhile.
///
/// Replies are handed to each request's `reply` closure on the loop's thread, at once or
/// later; a transport that promises replies in order (the socket) puts them back in order.
final class ControlRequestQueue {
    /// How much may wait, and how much is done per pass.
    struct Limits {
        /// Requests waiting at most; past it, `busy`.
        var capacity = 256
        /// Requests of one sender (a socket client, the MQTT bridge) waiting at most: one that
        /// floods does not take the places of the others.
        var perSource = 64
        /// Bytes of waiting requests at most (each is at most 64 KiB).
        var byteCapacity = 1 << 20
        /// Cost carried out per pass of the loop.
        var budgetPerPass = 64
        /// Screenshots (the ops that cost a `frameCopy`) waiting or being made at most: each
        /// holds a copy of the frame.
        var screenshots = 2
    }

    /// What a frame copy costs of a pass's budget: about 1 ms at 1080p, worth many small requests.
    static let frameCopyCost = 16
    /// What a `set` naming image files costs on the loop: the file found and confined (a
    /// `realpath` of it and of every allowed folder), its control made once more to find where
    /// the picture goes, the change checked twice (before and after the decoding, which is
    /// the worker's) and the pixels put in the cache. Worth many small requests, so a burst of
    /// them cannot fill a pass.
    static let imageFileCost = 16

    /// What the requests act on; weak, because the target (the runner) owns the queue.
    private weak var target: ControlTarget?
    let limits: Limits

    private struct Waiting {
        var request: ControlRequest
        var bytes: Int
        var source: ObjectIdentifier?
        var reply: (ControlReply) -> Void
    }

    /// Requests waiting, by sender.
    private var waitingBySource: [ObjectIdentifier: Int] = [:]

    private var waiting: [Waiting] = []
    /// `waiting[head...]` are still to do (the queue is taken from the front without moving it).
    private var head = 0
    private var waitingBytes = 0
    /// Screenshots admitted and not yet replied to.
    private var screenshotsAdmitted = 0
    /// Makes the threads remaining work is done on, when first needed; nil: it is done in line.
    private let makeWorker: (() -> BlockingWorker?)?
    /// Screenshots' encoding.
    private var worker: BlockingWorker?
    /// Pictures' decoding, on a thread of its own: a photo's second does not hold a screenshot back.
    private var imageWorker: BlockingWorker?
    /// Senders with remaining work in progress that changes the kiosk: their later requests wait.
    private var heldSources: Set<ObjectIdentifier> = []

    /// A queue carrying requests out on `target`; screenshots are finished on a worker of
    /// `loop` when one is given (the real clock), else in line.
    init(target: ControlTarget, loop: EventLoop? = nil, limits: Limits = Limits()) {
        self.target = target
        self.limits = limits
        makeWorker = loop.map { loop in { try? BlockingWorker(loop: loop) } }
    }

    /// Requests wait to be carried out and may be: the loop must come back at once. Those of
    /// a held sender wait for its work, which wakes the loop when done.
    var hasWaiting: Bool { nextIndex != nil }

    /// The first waiting request whose sender is not held.
    private var nextIndex: Int? {
        guard !heldSources.isEmpty else { return head < waiting.count ? head : nil }
        return waiting[head...].firstIndex { entry in entry.source.map { !heldSources.contains($0) } ?? true }
    }

    /// Admits one request line (without its newline) from a channel with `permissions`, or
    /// answers it at once.
    func submit(_ line: [UInt8], from source: ObjectIdentifier? = nil, permissions: ControlPermissions = .everything,
                reply: @escaping (ControlReply) -> Void) {
        let request: ControlRequest
        switch ControlRequestHandler.admit(line, permissions: permissions) {
        case .refused(let refusal): return reply(refusal)
        case .admitted(let admitted): request = admitted
        }
        let count = waiting.count - head
        let requestCost = cost(of: request)
        let copiesFrame = request.op.cost == .frameCopy
        if copiesFrame, screenshotsAdmitted >= limits.screenshots {
            return reply(.error(id: request.id, "busy: \(screenshotsAdmitted) screenshots are being made; try again shortly"))
        }
        let fromSource = source.map { waitingBySource[$0, default: 0] } ?? 0
        guard count < limits.capacity, fromSource < limits.perSource, waitingBytes + line.count <= limits.byteCapacity else {
            let waitingNow = fromSource >= limits.perSource ? "\(fromSource) of your requests are" : "\(count) requests are"
            return reply(.error(id: request.id, "busy: \(waitingNow) waiting; try again shortly"))
        }
        if copiesFrame { screenshotsAdmitted += 1 }
        let entry = Waiting(request: request, bytes: line.count, source: source, reply: reply)
        // Nothing ahead of it and budget left in this pass: at once, as if it had waited for
        // no time (a lone request costs no extra pass of the loop).
        let held = source.map { heldSources.contains($0) } ?? false
        if count == 0, !held, spent + requestCost <= limits.budgetPerPass {
            spent += requestCost
            return perform(entry)
        }
        waitingBytes += line.count
        if let source { waitingBySource[source, default: 0] += 1 }
        waiting.append(entry)
    }

    /// Books `entry` as no longer waiting.
    private func leave(_ entry: Waiting) {
        waitingBytes -= entry.bytes
        guard let source = entry.source, let n = waitingBySource[source] else { return }
        waitingBySource[source] = n > 1 ? n - 1 : nil
    }

    /// What this pass has carried out so far, in cost.
    private var spent = 0

    /// A new pass of the loop: carries out waiting requests, oldest first, until the pass's
    /// budget is spent (what arrives during the pass shares what is left).
    func beginPass() {
        spent = 0
        while spent < limits.budgetPerPass, let index = nextIndex {
            let next = waiting[index]
            if index == head {
                head += 1
            } else {
                waiting.remove(at: index)   // past a held sender's: at most `capacity` moved
            }
            leave(next)
            if head == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                head = 0
            }
            spent += cost(of: next.request)
            perform(next)
        }
        // Keep the array from growing for ever under a steady stream.
        if head > 0 && head >= waiting.count / 2 {
            waiting.removeFirst(head)
            head = 0
        }
    }

    /// Answers every request still waiting (the run is ending): each gets its one reply.
    func refuseWaiting(_ message: String) {
        let left = waiting[head...]
        waiting.removeAll()
        head = 0
        waitingBytes = 0
        waitingBySource.removeAll()
        for entry in left {
            if entry.request.op.cost == .frameCopy { screenshotsAdmitted -= 1 }
            entry.reply(.error(id: entry.request.id, message))
        }
    }

    /// Finishes the screenshots and pictures still being made and hands out their replies
    /// (the run is ending).
    func finishRemainingWork() {
        imageWorker?.stop()
        imageWorker = nil
        worker?.stop()
        worker = nil
    }

    /// What `request` takes of a pass's budget: its op's cost, or a set's that names image files.
    private func cost(of request: ControlRequest) -> Int {
        switch request.op.cost {
        case .small: target.map { ControlRequestHandler(target: $0).namesImageFiles(request) } == true ? Self.imageFileCost : 1
        case .frameCopy: Self.frameCopyCost
        case .wholePass: limits.budgetPerPass
        }
    }

    private func perform(_ entry: Waiting) {
        let copiesFrame = entry.request.op.cost == .frameCopy
        guard let target else {
            if copiesFrame { screenshotsAdmitted -= 1 }
            return entry.reply(.error(id: entry.request.id, "the kiosk is stopping"))
        }
        switch ControlRequestHandler(target: target).perform(entry.request) {
        case .replied(let reply):
            if copiesFrame { screenshotsAdmitted -= 1 }
            entry.reply(reply)
        case .remaining(let remaining):
            let worker = remaining.changesTheKiosk ? madeWorker(\.imageWorker) : madeWorker(\.worker)
            guard let worker else {
                if copiesFrame { screenshotsAdmitted -= 1 }
                return entry.reply(ControlRequestHandler(target: target).complete(remaining, with: remaining.work()))
            }
            if remaining.changesTheKiosk, let source = entry.source { heldSources.insert(source) }
            worker.submit(remaining.work, then: { [weak self] result in
                guard let self else { return }
                if copiesFrame { screenshotsAdmitted -= 1 }
                if remaining.changesTheKiosk, let source = entry.source { heldSources.remove(source) }
                guard let target = self.target else { return entry.reply(.error(id: entry.request.id, "the kiosk is stopping")) }
                entry.reply(ControlRequestHandler(target: target).complete(remaining, with: result))
            })
        }
    }

    /// The worker at `path`, made when first needed; nil without a loop (done in line).
    private func madeWorker(_ path: ReferenceWritableKeyPath<ControlRequestQueue, BlockingWorker?>) -> BlockingWorker? {
        if self[keyPath: path] == nil { self[keyPath: path] = makeWorker?() }
        return self[keyPath: path]
    }
}
