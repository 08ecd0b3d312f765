import KioskBackend
import KioskControls
import KioskCore
import KioskDevice
import KioskLoop
import KioskUI
import Testing
@testable import KioskService

/// A display that does what the test scripts: reports an output (or not yet), takes frames,
/// says frameDone only when told to, and at given virtual times changes size, fails or pauses.
final class ScriptedBackend: DisplayBackend {
    var output: OutputMode?
    var events: BackendEvents?
    var presents: [(time: Instant, damage: DamageRegion, width: Int)] = []
    /// Frames the output completes on its own, one refresh after each present.
    var completesFrames = true
    private var pendingFrame: Instant?
    private var actions: [(time: Instant, run: (ScriptedBackend) -> Void)]
    private(set) var paused = false

    init(output: OutputMode?, actions: [(Double, (ScriptedBackend) -> Void)] = []) {
        self.output = output
        self.actions = actions.map { (.milliseconds($0.0), $0.1) }
    }

    var name: String { "scripted" }
    var deliversInput: Bool { true }
    var statistics = PresentStatistics()
    func start(loop: EventLoop, events: BackendEvents) throws { self.events = events }
    func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        presents.append((time, damage, frame.width))
        if completesFrames { pendingFrame = time + .milliseconds(16) }
    }
    var nextDeadline: Instant? { [pendingFrame, actions.first?.time].compactMap { $0 }.min() }
    func advance(to time: Instant) {
        if let due = pendingFrame, due <= time {
            pendingFrame = nil
            events?.frameDone(due)
        }
        while let first = actions.first, first.time <= time {
            actions.removeFirst()
            first.run(self)
        }
    }
    func pause() { paused = true }
    func resume() throws { paused = false }
    func stop() {}

    func resize(_ width: Int, _ height: Int) {
        output = OutputMode(width: width, height: height)
        events?.outputChanged(output!)
    }
}

/// A session the test switches away and back.
final class ScriptedSession: Session {
    var onChange: ((SessionChange) -> Void)?
    let opener: DeviceOpener = DirectOpener()
    var name: String { "scripted" }
    var isActive: Bool { true }
    func start(loop: EventLoop, onChange: @escaping (SessionChange) -> Void) throws { self.onChange = onChange }
    func stop() {}
}

@Suite("One runner for every backend")
struct RunnerTests {
    /// A screen with one slider, laid out in the screen's own pixels (no design size).
    func scene() -> KioskRunner.SceneSource {
        KioskRunner.SceneSource(designSize: nil) { size in
            Scene(designSize: size, screens: [Screen(id: "main", controls: [
                RangeSlider(id: "price", frame: Rect(40, 100, 400, 40), minimum: 0, maximum: 100, lower: 20, upper: 80),
            ])])
        }
    }

    func runner(_ backend: ScriptedBackend, session: Session? = nil,
                scene: KioskRunner.SceneSource? = nil) -> KioskRunner {
        KioskRunner(display: { _ in KioskRunner.Display(backend: backend, session: session) },
                    scene: scene ?? self.scene(), options: .init(clock: .virtual)) { _ in }
    }

    @Test("what a run reads as it starts cannot be set once it has: a late write traps, it is never silently ignored")
    func lateConfigurationTraps() async throws {
        #if compiler(>=6.2)   // exit tests came with Swift 6.2; Debian 13's 6.0 checks the rest
        await #expect(processExitsWith: .failure) {
            let backend = ScriptedBackend(output: OutputMode(width: 320, height: 200), actions: [])
            let run = RunnerTests().runner(backend)
            _ = try? run.run()
            run.onFramePresented = { _ in }
        }
        #endif
        // Before the run, any of them may be set.
        let run = runner(ScriptedBackend(output: OutputMode(width: 320, height: 200), actions: []))
        run.onFramePresented = { _ in }
        run.shouldStop = { false }
        #expect(try run.run() == 0)
    }

    @Test("a backend that knows no size yet gets no frame; its first configure lays the scene out and draws it whole")
    func firstConfigure() throws {
        let backend = ScriptedBackend(output: nil, actions: [(50, { $0.resize(640, 400) })])
        let run = runner(backend)
        #expect(try run.run() == 0)
        #expect(backend.presents.count == 1)
        #expect(backend.presents.first?.time == .milliseconds(50))
        #expect(backend.presents.first?.damage.rects == [Rect(0, 0, 640, 400)])
        #expect(run.runtime?.scene.designSize == Size(640, 400))
    }

    @Test("a new size re-lays-out a layout in screen pixels and repaints everything at the new size")
    func resize() throws {
        let backend = ScriptedBackend(output: OutputMode(width: 800, height: 480),
                                      actions: [(100, { $0.resize(1024, 600) })])
        let run = runner(backend)
        #expect(try run.run() == 0)
        #expect(backend.presents.map(\.width) == [800, 1024])
        #expect(backend.presents.last?.damage.rects == [Rect(0, 0, 1024, 600)])
        #expect(run.runtime?.scene.designSize == Size(1024, 600))
        #expect(run.runtime?.scene.bounds == Rect(0, 0, 1024, 600))
    }

    @Test("no second frame is presented before the output says frameDone", arguments: [false, true])
    func pacedByFrameDone(outputCompletesFrames: Bool) throws {
        var slider: RangeSlider?
        let backend = ScriptedBackend(output: OutputMode(width: 800, height: 480), actions: [
            (30, { _ in slider?.setUpperValue(85) }), (60, { _ in slider?.setUpperValue(90) }),
        ])
        backend.completesFrames = outputCompletesFrames
        let source = scene()
        let run = runner(backend, scene: .init(designSize: nil) { size in
            let scene = source.make(size)
            slider = scene.control(withID: "price") as? RangeSlider
            return scene
        })
        #expect(try run.run() == 0)
        // Never done, the first frame holds back the two changes; done, each gets its frame.
        #expect(backend.presents.map(\.time) == (outputCompletesFrames ? [.zero, .milliseconds(30), .milliseconds(60)] : [.zero]))
    }

    @Test("a backend that fails ends the run with exit code 1; one asked to close, with 0")
    func closing() throws {
        let failing = ScriptedBackend(output: OutputMode(width: 800, height: 480),
                                      actions: [(30, { $0.events?.closed(.failed("compositor gone")) })])
        #expect(try runner(failing).run() == 1)
        let closed = ScriptedBackend(output: OutputMode(width: 800, height: 480),
                                     actions: [(30, { $0.events?.closed(.requested("window closed")) })])
        #expect(try runner(closed).run() == 0)
    }

    @Test("while the session is away no frame is drawn; back, the whole frame is repainted")
    func pauseAndResume() throws {
        let session = ScriptedSession()
        var slider: RangeSlider?
        let backend = ScriptedBackend(output: OutputMode(width: 800, height: 480), actions: [
            (100, { _ in session.onChange?(.paused(reason: "VT released")) }),
            (120, { _ in slider?.setUpperValue(90) }),    // changes while away are not drawn
            (200, { _ in session.onChange?(.resumed(reason: "VT acquired")) }),
        ])
        let source = scene()
        let run = runner(backend, session: session, scene: .init(designSize: nil) { size in
            let scene = source.make(size)
            slider = scene.control(withID: "price") as? RangeSlider
            return scene
        })
        #expect(try run.run() == 0)
        #expect(!backend.paused)
        #expect(backend.presents.map(\.time) == [.zero, .milliseconds(200)])
        #expect(backend.presents.last?.damage.rects == [Rect(0, 0, 800, 480)])
    }

    @Test("a lost session stops the run with exit code 1")
    func lostSession() throws {
        let session = ScriptedSession()
        let backend = ScriptedBackend(output: OutputMode(width: 800, height: 480),
                                      actions: [(40, { _ in session.onChange?(.lost(reason: "lost logind")) })])
        #expect(try runner(backend, session: session).run() == 1)
    }
}
