// SwiftKioskBackend: what a display backend's author imports beside SwiftKiosk (the
// implementor tier of the API).
//
//     import SwiftKiosk
//     import SwiftKioskBackend
//
//     let kiosk = Kiosk(designSize: Size(width: 320, height: 240), display: .custom { loop in
//         try MyPanel(loop: loop)
//     })
//
// brings in the backend seam (`DisplayBackend`, `BackendEvents`, `OutputMode`, `DisplayPower`),
// the one `OutputPacer` every backend paces its frames with (one frame in flight, timer-paced
// completion, pause and resume, `PresentStatistics`), the `SwapChain` and `BufferAges` of a
// display with buffers of its own, the `HeadlessBackend` and `TouchScript`
// (KioskBackend); the loop a backend registers its file descriptors and timers with
// (`EventLoop`, `TimerSource`, `FileDescriptor`, `MonotonicClock`: KioskLoop); and the
// pixel types a frame is made of (`PixelBuffer`, `PixelLayout`, `ScanoutBuffer`: KioskCore).
// Documentation/SwiftKiosk.docc/WritingABackend.md walks through one; Examples/Stepper runs it
// (Tests/StepperTests/MemoryDisplayTests.swift, built against the public products only).
@_exported import KioskBackend
@_exported import KioskCore
@_exported import KioskLoop
