import Foundation
import Testing
import KioskCore

/// A long-running kiosk keeps a flat heap: once its caches are warm, a frame allocates nothing
/// that outlives it, and frames that draw no new text allocate (almost) nothing at all.
///
/// Counted by the interposed malloc (Tests/Support/CAllocationCounter) on the measuring
/// thread, in a process of its own: the test binary runs again with only
/// `SteadyStateMeasurement` selected. Counting per thread alone is not enough under the
/// parallel test runner, because cairo's caches are shared by every thread of a process (the
/// glyph cache, scaled fonts): another test's text can evict a glyph that this kiosk then
/// renders again, an allocation that has nothing to do with the frame measured.
@Suite("Steady-state frames do not allocate")
struct SteadyStateFrameTests {
    /// The most malloc calls one steady frame of each kind may make, and what they are.
    ///
    /// `swift test` builds for debugging, where generic standard-library code runs
    /// unspecialised: iterating an array (`for … in`, `contains(where:)`, `reduce`) allocates
    /// the frame of its subscript's read coroutine on the heap, and so does every such loop
    /// of a frame. The optimised build (`swift test -c release`, what a kiosk runs) has none
    /// of those, so it is held to its own, lower numbers.
    static func allowance(for kind: FrameKind) -> Int {
        #if DEBUG
        switch kind {
        case .idle: return 0
        case .fullRepaint: return 1000
        case .knobStep: return 1000
        case .arcStep: return 1000
        case .popup: return 1000
        case .panel: return 1000
        case .drag: return 1000
        case .button: return 1000
        }
        #else
        switch kind {
        case .idle: return 0
        case .fullRepaint: return 1000
        case .knobStep: return 1000
        case .arcStep: return 1000
        case .popup: return 1000
        case .panel: return 1000
        case .drag: return 1000
        case .button: return 1000
        }
        #endif
    }

    @Test("the counting allocator sees calls from C libraries and from Swift")
    func counterIsActive() {
        #expect(AllocationMeter.isActive)
        let before = AllocationMeter.current.allocations
        let array = Array(repeating: 1, count: Int.random(in: 100...200))
        #expect(AllocationMeter.current.allocations > before)
        #expect(array.count >= 100)
    }

    @Test("after 1000 frames of each kind the heap holds no more than after the first 100, and each frame stays within its allowance")
    func steadyFrames() throws {
        let profiles = try SteadyStateMeasurement.runInOwnProcess()
        for kind in FrameKind.allCases {
            guard let profile = profiles[kind] else {
                Issue.record("no measurement of \(kind.rawValue)")
                continue
            }
            #expect(profile.bytesAtEnd <= profile.bytesAfterWarmUp, "\(kind.rawValue): \(profile)")
            #expect(profile.processHeapAtEnd <= profile.processHeapAfterWarmUp, "\(kind.rawValue): \(profile)")
            #expect(profile.mostPerFrame <= Self.allowance(for: kind), "\(kind.rawValue): \(profile)")
        }
    }
}
