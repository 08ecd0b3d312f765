import KioskCore

/// Puts one source of compositor timestamps (`wl_pointer`/`wl_touch` event times, or
/// `wl_callback.done` frame times) on the program's time line.
///
/// The protocol gives these stamps as milliseconds "with an undefined base", and compositors
/// really differ: Weston stamps frame callbacks with its presentation clock (often
/// CLOCK_MONOTONIC_RAW, which drifts from CLOCK_MONOTONIC by parts per million: 0.27 s on the
/// test machine), input from its x11 backend with the X server's time, wlroots with
/// CLOCK_MONOTONIC. So no base is assumed. Each stamp is compared with the moment its batch
/// of events was read from the socket (`readAt`, the loop's clock): the stamp cannot be later
/// than that, and the promptest event tells the base best. The offset from stamp to instant is
/// the smallest `readAt − stamp` seen, allowed to grow by at most 100 ppm of the time passed,
/// so that a compositor clock running slower than ours is followed too.
///
/// Consequences: stamps keep their exact spacing (velocities, double taps); no event is placed
/// after the moment it was read, so nothing arrives "from the future"; an event is at most the
/// promptest event's delivery delay (well under a millisecond on one machine) later than it
/// really happened. The 32-bit stamps wrap every 49.7 days: each is unwrapped against the last.
///
/// Pure: the read time arrives with each stamp; nothing here reads a clock.
struct CompositorClock: Sendable {
    /// How fast the offset may grow: 100 ppm (1 ms in 10 s) covers crystal and NTP drift.
    static let driftAllowance: Int64 = 10_000

    /// Nanoseconds from an unwrapped stamp (in nanoseconds) to its instant.
    private(set) var offset: Int64?
    private var lastRead = Instant.zero
    /// The last stamp and its unwrapped value.
    private var lastStamp: (raw: UInt32, unwrapped: Int64)?

    init() {}

    /// The instant of an event stamped `milliseconds`, read from the socket at `readAt`.
    mutating func instant(milliseconds stamp: UInt32, readAt: Instant) -> Instant {
        let stampNanoseconds = unwrap(stamp) * 1_000_000
        let candidate = readAt.nanoseconds - stampNanoseconds
        if let previous = offset {
            let allowed = previous + max(readAt.nanoseconds - lastRead.nanoseconds, 0) / Self.driftAllowance
            offset = min(candidate, allowed)
        } else {
            offset = candidate
        }
        lastRead = max(lastRead, readAt)
        return min(Instant(nanoseconds: stampNanoseconds + offset!), readAt)
    }

    /// The stamp as a 64-bit count, continuing across the 32-bit wrap from the last one.
    private mutating func unwrap(_ stamp: UInt32) -> Int64 {
        let unwrapped = lastStamp.map { $0.unwrapped + Int64(Int32(bitPattern: stamp &- $0.raw)) } ?? Int64(stamp)
        lastStamp = (stamp, unwrapped)
        return unwrapped
    }
}
