import KioskBackend
import KioskCore
import Testing

/// The refresh interval of every output in the table (50 Hz: whole microseconds, as DRM's flip
/// stamps are): a timer-paced frame presented at `t` is done at `t + refresh`, and a reporting
/// output is told "done" at that same instant, so one list of expected times holds for both.
let refresh = Duration.milliseconds(20)

/// What a case does to an output, in order, as the runner and the device would.
enum PacingStep: Sendable, CustomStringConvertible {
    /// The runner presents a frame at this time.
    case present(Instant)
    /// The output is done with its frame at this time: the device reports it (a page-flip
    /// event, a frame callback); a timer-paced output is advanced to it.
    case outputDone(Instant)
    /// The session goes away, comes back; the output is put back.
    case pause, resume, stop
    /// The end of a run on the virtual clock: the frame in flight is finished.
    case finish
    /// Checks the deadline the runner would wait for: a refresh after this present when the
    /// output is timer-paced, none when it reports its frames itself.
    case expectDeadline(presentedAt: Instant?)

    var description: String {
        switch self {
        case .present(let t): "present \(t)"
        case .outputDone(let t): "done \(t)"
        case .pause: "pause"
        case .resume: "resume"
        case .stop: "stop"
        case .finish: "finish"
        case .expectDeadline(let t): "deadline \(t.map { "\($0)" } ?? "none")"
        }
    }
}

/// One row of the table: steps, and what the runner must have heard (`frameDone` times) and
/// counted by the end.
struct PacingCase: Sendable, CustomTestStringConvertible {
    var name: String
    var steps: [PacingStep]
    /// The `frameDone` times, in order.
    var done: [Instant]
    /// Where a timer-paced output hears something else (a frame finished early is done at its
    /// due time, a reported one at its present).
    var timerPacedDone: [Instant]?
    var presented: Int
    var dropped = 0
    var completed: Int

    var testDescription: String { name }

    func expectedDone(timerPaced: Bool) -> [Instant] { timerPaced ? timerPacedDone ?? done : done }
}

private func ms(_ value: Double) -> Instant { .milliseconds(value) }

extension PacingCase {
    /// The table every backend is driven through.
    static let all: [PacingCase] = [
        PacingCase(name: "a presented frame is done when the output is done with it, not before",
                   steps: [.present(ms(0)), .expectDeadline(presentedAt: ms(0)), .outputDone(.zero + refresh),
                           .expectDeadline(presentedAt: nil)],
                   done: [.zero + refresh], presented: 1, completed: 1),
        PacingCase(name: "after frameDone the next frame may come, and is paced the same way",
                   steps: [.present(ms(0)), .outputDone(.zero + refresh), .present(ms(100)),
                           .outputDone(ms(100) + refresh)],
                   done: [.zero + refresh, ms(100) + refresh], presented: 2, completed: 2),
        PacingCase(name: "a late report with no frame in flight changes nothing",
                   steps: [.present(ms(0)), .outputDone(.zero + refresh), .outputDone(ms(50))],
                   done: [.zero + refresh], presented: 1, completed: 1),
        PacingCase(name: "paused: a frame is dropped and done at once",
                   steps: [.pause, .present(ms(40)), .expectDeadline(presentedAt: nil)],
                   done: [ms(40)], presented: 0, dropped: 1, completed: 0),
        PacingCase(name: "a frame in flight when the session goes away still completes",
                   steps: [.present(ms(0)), .pause, .outputDone(.zero + refresh)],
                   done: [.zero + refresh], presented: 1, completed: 1),
        PacingCase(name: "resumed: the frame still in flight is finished, then frames are shown again",
                   steps: [.present(ms(0)), .pause, .resume, .present(ms(100)), .outputDone(ms(100) + refresh)],
                   done: [ms(0), ms(100) + refresh], timerPacedDone: [.zero + refresh, ms(100) + refresh],
                   presented: 2, completed: 2),
        PacingCase(name: "stopped: the frame in flight is never reported, later frames are dropped and done at once",
                   steps: [.present(ms(0)), .stop, .outputDone(.zero + refresh), .present(ms(100))],
                   done: [ms(100)], presented: 1, dropped: 1, completed: 0),
        PacingCase(name: "at the end of a run the frame in flight is finished at the time it would have been done",
                   steps: [.present(ms(0)), .finish, .finish],
                   done: [ms(0)], timerPacedDone: [.zero + refresh], presented: 1, completed: 1),
    ]
}
