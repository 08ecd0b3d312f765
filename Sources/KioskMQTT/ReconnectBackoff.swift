/// How long to wait before the next connection attempt: 1 s after the first failure, doubling
/// to at most 60 s, and back to 1 s once a connection succeeds.
///
/// A fleet whose broker restarts must not stampede it (hundreds of kiosks retrying every
/// second) nor stay away for long once it is back; doubling to a minute does both. No jitter:
/// kiosks lose the broker at the same moment but were started at different times, and a
/// deterministic schedule is what the tests and the logs can state.
package struct ReconnectBackoff: Sendable, Equatable {
    package let initial: Duration
    package let maximum: Duration
    /// The delay the next failure gets.
    package private(set) var next: Duration
    /// Failed attempts since the last success.
    package private(set) var failures = 0

    package init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60)) {
        precondition(initial > .zero && maximum >= initial, "a backoff needs 0 < initial <= maximum")
        self.initial = initial
        self.maximum = maximum
        next = initial
    }

    /// Records a failed attempt and returns how long to wait before the next one.
    package mutating func failed() -> Duration {
        let delay = next
        failures += 1
        next = min(maximum, next * 2)
        return delay
    }

    /// Records a success: the next failure waits `initial` again.
    package mutating func succeeded() {
        next = initial
        failures = 0
    }
}
