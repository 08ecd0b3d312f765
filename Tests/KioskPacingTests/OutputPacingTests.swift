import KioskBackend
import KioskCore
import Testing

/// Every backend's pacing through one table (``PacingCase/all``), its device faked: what the
/// runner hears (`frameDone`) and what the exit report counts must be the same everywhere,
/// except where a timer, not the output, says a frame is done.
@Suite("Output pacing, every backend")
struct OutputPacingTests {
    @Test("pacing", arguments: BackendKind.allCases, PacingCase.all)
    func pacing(_ kind: BackendKind, _ row: PacingCase) throws {
        let output = try kind.make()
        for step in row.steps {
            switch step {
            case .present(let time): output.present(at: time)
            case .outputDone(let time): output.outputDone(at: time)
            case .pause: output.pause()
            case .resume: try output.resume()
            case .stop: output.stop()
            case .finish: output.finishPendingFrame()
            case .expectDeadline(let presented):
                let expected = output.isTimerPaced ? presented.map { $0 + refresh } : nil
                #expect(output.nextDeadline == expected, "\(kind): \(step)")
            }
        }
        #expect(output.done == row.expectedDone(timerPaced: output.isTimerPaced), "\(kind)")
        let statistics = output.statistics
        #expect(statistics.framesPresented == row.presented, "\(kind): presented")
        #expect(statistics.framesDropped == row.dropped, "\(kind): dropped")
        #expect(statistics.flipsCompleted == row.completed, "\(kind): completed")
        #expect(statistics.fullFrameBytes > 0 || row.presented == 0, "\(kind): full-frame bytes")
        output.stop()
    }

    @Test("a refused flip or pan is counted and done at once where the output would have reported it, a refresh later where a timer paces",
          arguments: [BackendKind.drm, .framebuffer, .framebufferVsync])
    func refused(_ kind: BackendKind) throws {
        let output = try kind.make()
        switch output {
        case let drm as PacedDRM: drm.card.refusesFlips = true
        case let fb as PacedFramebuffer: fb.device.refusesPans = true
        case let fb as PacedVsyncFramebuffer: fb.device.refusesPans = true
        default: Issue.record("\(kind) cannot refuse")
        }
        output.present(at: .milliseconds(0))
        if output.isTimerPaced {
            #expect(output.done.isEmpty)
            #expect(output.nextDeadline == Instant.zero + refresh)
            output.outputDone(at: .zero + refresh)
            #expect(output.done == [Instant.zero + refresh])
        } else {
            #expect(output.done == [.milliseconds(0)])
            #expect(output.nextDeadline == nil)
        }
        #expect(output.statistics.flipFailures == 1)
        #expect(output.statistics.framesPresented == 1)
        #expect(output.statistics.lastError?.contains(kind == .drm ? "drmModeAtomicCommit" : "FBIOPAN_DISPLAY") == true)
        output.stop()
    }
}
