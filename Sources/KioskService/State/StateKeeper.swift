import KioskConfig
import KioskControls
import KioskCore
import KioskLoop
import KioskUI

/// Keeps a scene's values and screen in the state file (`StateFile`), so they survive a
/// restart, a crash and a power cut.
///
/// The runner drives it: `start(with:at:)` once the scene is built and before the first
/// frame (restore), `advance(to:)` on every pass of the loop after the frame's events went out,
/// `nextDeadline` among the loop's deadlines, and `finish(at:)` at the end of the run. It reads
/// no clock: when to write is `StateSaveSchedule`'s, on the loop's time.
///
/// Nothing here stops the kiosk. A file that cannot be read or restored is reported on stderr
/// (one line per problem) and the config's values stand; the kiosk's own file that holds
/// nothing usable (NUL bytes, cut short) is kept as `FILE.bad` and written anew at the next
/// change; a write that fails is reported once
/// and tried again on the next change. A file the kiosk did not write (a link to /etc/passwd,
/// see `StateFile+Ownership`) is reported once and never replaced: values are not kept while
/// it is there.
package final class StateKeeper {
    /// The debounce interval when the config gives none.
    package static let defaultInterval = Duration.milliseconds(500)

    /// The state file.
    package let path: FilePath
    /// When the next write is due.
    package private(set) var schedule: StateSaveSchedule
    /// Writes that succeeded during this run.
    package private(set) var writes = 0
    /// Why the last write failed, while it is not made good by a later one.
    package private(set) var failure: FileError?
    /// Why the file is left alone: it holds something the kiosk did not write. Looked at
    /// again before every write, so it is nil again once the file is moved away and written.
    package private(set) var foreignFile: String?

    private let log: (String, Log.Priority) -> Void
    private var scene: Scene?
    private var observation: ObservationToken?
    /// The screen the file names (after the last write, or as restored).
    private var savedScreen: String?
    /// The language the file names (as `savedScreen`).
    private var savedLanguage: String?
    /// What the frame's events said, applied on the loop's time in `advance(to:)`.
    private var sawChange = false
    private var sawCommit = false
    /// Writes off the loop, when the runner gave a worker (the real clock): an atomic write
    /// with its two fsyncs takes milliseconds (8 ms median on ext4 here, more on an SD card),
    /// half a frame the loop would otherwise stand still for.
    private var worker: BlockingWorker?
    /// A write is on the worker.
    private var writing = false
    /// A newer state waiting for the write in progress: only the latest is kept.
    private var waiting: [UInt8]?

    /// A keeper of the file at `path`; it reads and writes nothing before `start(with:at:)`.
    ///
    /// - Parameters:
    ///   - path: the state file (`state.file`).
    ///   - interval: how long a dragged value waits before it is written (`state.debounce`).
    ///   - log: where problems (warnings) and the restore's summary (information) go, one line
    ///     each (stderr, with the journal priority).
    package init(path: FilePath, interval: Duration = StateKeeper.defaultInterval,
                log: @escaping (String, Log.Priority) -> Void = { LineWriter.standardError.writeLine($0, priority: $1) }) {
        self.path = path
        schedule = StateSaveSchedule(interval: interval)
        self.log = log
    }

    /// Restores the file into `scene` (see `SavedState.restore(into:)`) and from now on
    /// keeps it. Stale temporary files of writers that were killed are removed first: they
    /// never replaced the file, which still holds the last complete state.
    package func start(with scene: Scene, properties: PropertyModel? = nil, at time: Instant) {
        AtomicFile.removeStaleTemporaryFiles(of: path)
        let reading = StateFile.read(path)
        if let foreign = reading.foreign { refuse(foreign) }
        if let unusable = reading.unusable { setAside(unusable) }
        for problem in reading.problems { report(problem, priority: .warning) }
        if let state = reading.state {
            let restoration = state.restore(into: scene, properties: properties)
            for problem in restoration.problems { report(problem, priority: .warning) }
            report("restored \(restoration.restoredValues) of \(state.values.count) values, screen \(scene.currentScreen.id)")
        }
        observe(scene)
        savedScreen = reading.state?.screen ?? scene.currentScreen.id
        savedLanguage = reading.state?.language ?? scene.language.code
    }

    /// Keeps `scene` from now on instead of the one before (a scene rebuilt by a reload keeps
    /// the file; its values go in with the next write).
    package func observe(_ scene: Scene) {
        if let observation, let old = self.scene { old.removeObserver(observation) }
        self.scene = scene
        observation = scene.addObserver { [unowned self] event in
            // A text field's key is a change made and done, as a commit is.
            if event.kind == .valueCommitted || event.kind == .propertiesChanged || event.kind == .textChanged {
                self.sawCommit = true
            }
            else if event.kind == .valueChanged { self.sawChange = true }
        }
    }

    /// From now on, writes go to `worker`'s thread (the runner does this on the real clock; on
    /// the virtual clock writes stay in line, so a headless run is the same every time).
    package func writeInBackground(on worker: BlockingWorker) { self.worker = worker }

    /// When the loop must come back to write; nil when nothing is due.
    package var nextDeadline: Instant? { schedule.nextDeadline }

    /// Takes in what changed since the last pass and writes when a write is due at `time`.
    package func advance(to time: Instant) {
        if sawCommit { schedule.committed(at: time) } else if sawChange { schedule.valueChanged(at: time) }
        sawChange = false
        sawCommit = false
        if let scene, scene.currentScreen.id != savedScreen || scene.language.code != savedLanguage {
            schedule.committed(at: time)
        }
        if schedule.isDue(at: time) { write() }
    }

    /// The end of the run (SIGTERM, SIGINT, the display closing, `--until`): writes whatever
    /// is not in the file yet.
    package func finish(at time: Instant) {
        advance(to: time)
        // What is on the worker lands first; the last word is written here, in line.
        worker?.finishAll()
        worker = nil
        if let waiting {
            self.waiting = nil
            finished(Self.store(waiting, at: path))
        }
        if schedule.hasUnsavedChanges { write() }
    }

    private func write() {
        guard let scene else { return }
        let state = SavedState.capture(from: scene)
        let bytes = StateFile.encode(state)
        // The schedule counts the write as made now; a failure reported later re-arms it.
        schedule.wrote()
        savedScreen = state.screen
        savedLanguage = state.language ?? scene.language.code
        guard let worker else {
            finished(Self.store(bytes, at: path))
            return
        }
        if writing {
            waiting = bytes
            return
        }
        submit(bytes, to: worker)
    }

    private func submit(_ bytes: [UInt8], to worker: BlockingWorker) {
        writing = true
        let path = self.path
        worker.submit({ Self.store(bytes, at: path) }, then: { [unowned self] result in
            self.writing = false
            self.finished(result)
            if let next = self.waiting, let worker = self.worker {
                self.waiting = nil
                self.submit(next, to: worker)
            }
        })
    }

    /// What became of one write.
    private enum Outcome: Sendable {
        case written
        case failed(FileError)
        /// Not written: the file is not the kiosk's (the reason).
        case refused(String)
    }

    /// The atomic write itself, on whichever thread does it.
    private static func store(_ bytes: [UInt8], at path: FilePath) -> Outcome {
        // Asked at every write, not once at start: a file put there during the run is not
        // replaced either.
        if let foreign = StateFile.foreignReason(at: path) { return .refused(foreign) }
        do throws(FileError) {
            try AtomicFile.write(bytes, to: path)
            return .written
        } catch {
            return .failed(error)
        }
    }

    /// Books a write's outcome: a failure or a refusal is reported once and leaves the
    /// changes for the next one.
    private func finished(_ outcome: Outcome) {
        switch outcome {
        case .written:
            writes += 1
            if failure != nil || foreignFile != nil {
                failure = nil
                foreignFile = nil
                report("written again")
            }
        case .failed(let error):
            schedule.writeFailed()
            // Once per failure, not per change: a full disk would otherwise fill the journal.
            if failure == nil {
                report("cannot write: \(error.reason); the kiosk goes on and the next change tries again", priority: .warning)
            }
            failure = error
        case .refused(let reason):
            schedule.writeFailed()
            refuse(reason)
        }
    }

    /// Moves the kiosk's own file that holds nothing it can use out of the way, kept as
    /// `FILE.bad`, and says so in one line: the next change writes a new file. One that cannot
    /// be moved (a `FILE.bad` that is a directory) is still the kiosk's to replace.
    private func setAside(_ reason: String) {
        do throws(FileError) {
            let bad = try StateFile.setAside(path)
            report("\(reason); ignored, and kept as \(bad); the next change writes a new file", priority: .warning)
        } catch {
            report("\(reason); ignored, and not kept (\(error)); the next change replaces it", priority: .warning)
        }
    }

    /// Says once that the file at `path` is not the kiosk's and stays as it is.
    private func refuse(_ reason: String) {
        if foreignFile == nil {
            report("\(reason); the kiosk will not replace it, and values are not kept until it is moved away", priority: .warning)
        }
        foreignFile = reason
    }

    private func report(_ line: String, priority: Log.Priority = .info) { log(Log.line("state \(path): \(line)"), priority) }
}
