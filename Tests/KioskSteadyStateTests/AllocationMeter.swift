import CAllocationCounter

/// What a run of frames allocated on the calling thread (the counting malloc in
/// Tests/Support/CAllocationCounter): per-frame malloc calls after the warm-up, and the bytes
/// the thread holds after the warm-up and at the end.
///
/// The per-frame counts leave out the debug build's coroutine frames (`coroutineFrames` in
/// allocation_counter.h) in a debug build, and count everything in an optimised one: a debug
/// build's unspecialised generics allocate those for every `for … in` over an array, which
/// would make the numbers depend on how many loops a frame runs rather than on what it keeps.
struct AllocationProfile: CustomStringConvertible {
    /// The most allocations one steady frame made.
    var mostPerFrame: Int
    /// Allocations per steady frame on average.
    var meanPerFrame: Double
    /// Net bytes the thread allocated since the run began, after the warm-up frames.
    var bytesAfterWarmUp: Int64
    /// The same after the last frame.
    var bytesAtEnd: Int64
    /// `mallinfo2().uordblks` (the whole process) after the warm-up and at the end: only
    /// meaningful when nothing else runs, so it is reported, never asserted.
    var processHeapAfterWarmUp: UInt64
    var processHeapAtEnd: UInt64

    init(mostPerFrame: Int, meanPerFrame: Double, bytesAfterWarmUp: Int64, bytesAtEnd: Int64,
         processHeapAfterWarmUp: UInt64, processHeapAtEnd: UInt64) {
        self.mostPerFrame = mostPerFrame
        self.meanPerFrame = meanPerFrame
        self.bytesAfterWarmUp = bytesAfterWarmUp
        self.bytesAtEnd = bytesAtEnd
        self.processHeapAfterWarmUp = processHeapAfterWarmUp
        self.processHeapAtEnd = processHeapAtEnd
    }

    /// The fields as one line of numbers, for the measuring process to hand to the test.
    var encoded: String {
        "\(mostPerFrame) \(meanPerFrame) \(bytesAfterWarmUp) \(bytesAtEnd) \(processHeapAfterWarmUp) \(processHeapAtEnd)"
    }

    init?(encoded: String) {
        let f = encoded.split(separator: " ")
        guard f.count == 6, let most = Int(f[0]), let mean = Double(f[1]), let b0 = Int64(f[2]), let b1 = Int64(f[3]),
              let h0 = UInt64(f[4]), let h1 = UInt64(f[5]) else { return nil }
        self.init(mostPerFrame: most, meanPerFrame: mean, bytesAfterWarmUp: b0, bytesAtEnd: b1,
                  processHeapAfterWarmUp: h0, processHeapAtEnd: h1)
    }

    /// Bytes that the steady frames left behind (negative: they gave some back).
    var growth: Int64 { bytesAtEnd - bytesAfterWarmUp }

    var description: String {
        let heap = Int64(bitPattern: processHeapAtEnd &- processHeapAfterWarmUp)
        return "max \(mostPerFrame) mean \(meanPerFrame) mallocs/frame, thread growth \(growth) B, process heap growth \(heap) B"
    }
}

enum AllocationMeter {
    /// Whether malloc is counted at all here (a static link of the counter that the dynamic
    /// linker did not let interpose would count nothing and pass every test).
    static var isActive: Bool { kiosk_allocation_counter_is_active() != 0 }

    static var current: kiosk_allocation_count { kiosk_thread_allocations() }

    /// The allocations that count (see `AllocationProfile`) among `count`.
    static func counted(_ count: kiosk_allocation_count) -> UInt64 {
        #if DEBUG
        return count.allocations - count.coroutineFrames
        #else
        return count.allocations
        #endif
    }

    /// Runs `frame` `frames` times on this thread; the first `warmUp` fill caches and are not
    /// counted per frame. `frame` gets the frame's number (0-based).
    /// With `trace`, the first counted frame's allocations stop at `kiosk_allocation_traced`
    /// (run the test binary under gdb with a breakpoint there to see where each comes from).
    static func profile(frames: Int = 1000, warmUp: Int = 100, trace: Bool = false,
                        _ frame: (Int) -> Void) -> AllocationProfile {
        kiosk_allocation_counter_prepare()
        let start = current
        for i in 0..<warmUp { frame(i) }
        let afterWarmUp = current
        let heapAfterWarmUp = kiosk_process_heap_in_use()
        var most = 0
        var previous = counted(afterWarmUp)
        for i in warmUp..<frames {
            if trace && i == warmUp { kiosk_allocation_trace(1) }
            frame(i)
            if trace && i == warmUp { kiosk_allocation_trace(0) }
            let now = counted(current)
            most = max(most, Int(now - previous))
            previous = now
        }
        let end = current
        return AllocationProfile(mostPerFrame: most,
                                 meanPerFrame: Double(counted(end) - counted(afterWarmUp)) / Double(max(1, frames - warmUp)),
                                 bytesAfterWarmUp: afterWarmUp.bytes - start.bytes,
                                 bytesAtEnd: end.bytes - start.bytes,
                                 processHeapAfterWarmUp: heapAfterWarmUp,
                                 processHeapAtEnd: kiosk_process_heap_in_use())
    }
}
