/// The part of a request that may run on another thread, and what the loop's thread makes of
/// its result (`ControlRequestHandler.Performance.remaining`): a screenshot's encoding and
/// file, whose result is the reply; a picture's decoding, whose result the loop then shows.
struct RemainingWork {
    /// Touches nothing of the kiosk's: it runs on a worker (in line without one).
    let work: @Sendable () -> any Sendable
    /// Makes the reply from `work`'s result, on the loop's thread.
    let finish: (ControlRequestHandler, any Sendable) -> ControlReply
    /// Whether `finish` changes the kiosk: then the sender's later requests wait until it
    /// has run, so that they see what it changed, as they would had it been done at once.
    let changesTheKiosk: Bool

    /// Work whose result is the reply, changing nothing of the kiosk's.
    static func reply(_ work: @escaping @Sendable () -> ControlReply) -> RemainingWork {
        RemainingWork(work: work, finish: { _, result in result as! ControlReply }, changesTheKiosk: false)
    }

    /// Work whose typed `result` the loop's thread finishes, changing the kiosk.
    static func changing<Result: Sendable>(_ work: @escaping @Sendable () -> Result,
                                           then finish: @escaping (ControlRequestHandler, Result) -> ControlReply) -> RemainingWork {
        RemainingWork(work: work, finish: { handler, result in finish(handler, result as! Result) }, changesTheKiosk: true)
    }
}
