import KioskCore
import KioskLoop

/// The start-up line: when the first frame was handed to the backend and when the output
/// reported it on screen, as CLOCK_MONOTONIC readings, so that a script or a test can
/// subtract the time the process was started (`ExecMainStartTimestampMonotonic`, or its own
/// clock before `exec`) without the kiosk reading another clock.
extension KioskRunner {
    /// "kiosk: first frame presented at 1234.567 ms, on screen at 1236.001 ms CLOCK_MONOTONIC".
    ///
    /// - Parameters:
    ///   - presented: when the runner handed the frame to the backend, on the loop's time line.
    ///   - onScreen: the backend's `frameDone` time (DRM: the kernel's page-flip timestamp).
    ///   - origin: the CLOCK_MONOTONIC nanoseconds the loop's time line calls zero.
    static func firstFrameLine(presented: Instant, onScreen: Instant, origin: Int64) -> String {
        func monotonic(_ instant: Instant) -> String {
            NumberFormat.milliseconds(Instant(nanoseconds: origin + instant.nanoseconds).milliseconds)
        }
        return Log.line("first frame presented at \(monotonic(presented)) ms, on screen at \(monotonic(onScreen)) ms CLOCK_MONOTONIC")
    }
}
