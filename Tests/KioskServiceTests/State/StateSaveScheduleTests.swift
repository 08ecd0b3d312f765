import KioskCore
import Testing
@testable import KioskService

@Suite("When the state file is written")
struct StateSaveScheduleTests {
    let ms = Instant.milliseconds

    @Test("nothing changed: nothing due, nothing wakes the loop")
    func idle() {
        let schedule = StateSaveSchedule(interval: .milliseconds(500))
        #expect(schedule.phase == .clean)
        #expect(schedule.nextDeadline == nil)
        #expect(!schedule.isDue(at: .endOfTime))
        #expect(!schedule.hasUnsavedChanges)
    }

    @Test("a drag is written at most once per interval, its first change starting the interval")
    func dragIsDebounced() {
        var schedule = StateSaveSchedule(interval: .milliseconds(500))
        var writes: [Double] = []
        // A change every 16 ms for 1.6 s: the loop writes whenever the schedule says so.
        for t in stride(from: 100.0, through: 1700, by: 16) {
            schedule.valueChanged(at: ms(t))
            if schedule.isDue(at: ms(t)) {
                writes.append(t)
                schedule.wrote()
            }
        }
        #expect(writes == [612, 1140, 1668])
        // The last changes wait for their interval (or a commit).
        #expect(schedule.nextDeadline == ms(2184))
    }

    @Test("later changes ride along with the write already due")
    func changesDoNotPostpone() {
        var schedule = StateSaveSchedule(interval: .milliseconds(500))
        schedule.valueChanged(at: ms(100))
        schedule.valueChanged(at: ms(400))
        #expect(schedule.nextDeadline == ms(600))
        #expect(!schedule.isDue(at: ms(599)))
        #expect(schedule.isDue(at: ms(600)))
    }

    @Test("a commit is written at once, even during an interval")
    func commitIsImmediate() {
        var schedule = StateSaveSchedule(interval: .milliseconds(500))
        schedule.valueChanged(at: ms(100))
        schedule.committed(at: ms(250))
        #expect(schedule.nextDeadline == ms(250))
        schedule.wrote()
        schedule.committed(at: ms(260))
        #expect(schedule.isDue(at: ms(260)))
    }

    @Test("a commit does not postpone a write that is overdue")
    func commitKeepsOverdue() {
        var schedule = StateSaveSchedule(interval: .milliseconds(500))
        schedule.valueChanged(at: ms(0))
        schedule.committed(at: ms(700))
        #expect(schedule.nextDeadline == ms(500))
    }

    @Test("a failed write waits for the next change, and the end of the run still writes")
    func failureWaitsForNextChange() {
        var schedule = StateSaveSchedule(interval: .milliseconds(500))
        schedule.committed(at: ms(100))
        schedule.writeFailed()
        #expect(schedule.phase == .unsaved)
        #expect(schedule.nextDeadline == nil)
        #expect(schedule.hasUnsavedChanges)
        schedule.valueChanged(at: ms(900))
        #expect(schedule.nextDeadline == ms(1400))
        schedule.wrote()
        #expect(!schedule.hasUnsavedChanges)
    }

    @Test("each phase has a name for logs")
    func names() {
        #expect(StateSaveSchedule.Phase.clean.description == "clean")
        #expect(StateSaveSchedule.Phase.dirty(due: .milliseconds(5)).description.hasPrefix("dirty (due "))
        #expect(StateSaveSchedule.Phase.unsaved.description == "unsaved")
    }
}
