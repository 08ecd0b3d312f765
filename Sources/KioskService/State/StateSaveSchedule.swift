import KioskCore

/// When the state file is written: the pure half of `StateKeeper`, with time passed in.
///
/// A drag changes a value on every frame; writing (and fsyncing) each of them would wear an
/// SD card out and stall frames. So a change while a finger drags (`valueChanged`) makes a
/// write due `interval` later, and the changes until then ride along: at most one write per
/// interval, and a `kill -9` loses at most the last interval of a drag. The end of an
/// interaction (`valueCommitted`), a screen change and the end of the run make a write due at
/// once. With nothing changed nothing is due, and the loop is not woken.
///
/// A failed write leaves the changes unsaved but makes nothing due: the next change (or the
/// end of the run) tries again, so a full disk does not turn into a write per frame.
package struct StateSaveSchedule: Sendable, Equatable {
    /// Where the file stands against the scene.
    package enum Phase: Sendable, Equatable, CustomStringConvertible {
        /// The file says what the scene says.
        case clean
        /// Something changed since the last write; write at `due`.
        case dirty(due: Instant)
        /// The last write failed; nothing is due until something changes again.
        case unsaved

        package var description: String {
            switch self {
            case .clean: return "clean"
            case .dirty(let due): return "dirty (due \(due))"
            case .unsaved: return "unsaved"
            }
        }
    }

    /// The longest a dragged value waits to be written.
    package let interval: Duration
    /// The state now.
    package private(set) var phase: Phase = .clean

    /// A clean schedule whose drags wait `interval` to be written.
    package init(interval: Duration) { self.interval = interval }

    /// A value changed during an interaction at `time`.
    package mutating func valueChanged(at time: Instant) {
        switch phase {
        case .clean, .unsaved: phase = .dirty(due: time + interval)
        case .dirty: break   // the write already due carries this change too
        }
    }

    /// An interaction ended (a finger lifted, a value was set from outside), or the screen
    /// changed, at `time`: write now.
    package mutating func committed(at time: Instant) {
        switch phase {
        case .dirty(let due) where due <= time: break
        default: phase = .dirty(due: time)
        }
    }

    /// When the owner must come back to write; nil when nothing is due (idle).
    package var nextDeadline: Instant? {
        if case .dirty(let due) = phase { return due }
        return nil
    }

    /// Whether a write is due at `time`.
    package func isDue(at time: Instant) -> Bool { nextDeadline.map { $0 <= time } ?? false }

    /// Whether the end of the run must write: anything changed since the last good write.
    package var hasUnsavedChanges: Bool { phase != .clean }

    /// The write the schedule asked for was made.
    package mutating func wrote() { phase = .clean }

    /// The write failed; the changes wait for the next change or the end of the run.
    package mutating func writeFailed() { phase = .unsaved }
}
