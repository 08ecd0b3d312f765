// swift-tools-version: 6.0
// SwiftKiosk: a software-rendered touchscreen kiosk runtime for embedded Linux.
// Module graph (arrows point one way, see Documentation/Architecture.md):
//   KioskCore (geometry, time, pixels, neutral input) ← KioskGestures, KioskAnimation ← KioskUI ← KioskConfig
//   KioskUI + CCairo/CPangoCairo + CPixelShim (pixel loops) ← KioskRender
//   KioskCore + CLinux ← KioskLoop (epoll, signals, timers, the clock) ← KioskBackend (the display seam, headless)
//   KioskBackend ← KioskDRM, KioskFramebuffer, KioskInput (libinput), KioskWayland (a Wayland client) — backends
//   know pixels and input, never the UI
//   KioskLoop + CMosquitto ← KioskMQTT (the MQTT bridge; it reads no config: KioskService hands it an MQTTConnection)
//   all of the above ← KioskService (Kiosk, the runtime, the one runner, backend choice) ← KioskCLI
//   the library modules ← SwiftKiosk (the umbrella an app imports) ← kiosk, SwiftKioskTesting
import PackageDescription

// Fuzzing (scripts/fuzz.sh): KIOSK_FUZZ=1 adds one libFuzzer executable per input format, built
// with -sanitize=fuzzer,address into .build/fuzz. They link only with that sanitizer, so a normal
// build never sees them. Their logic is the library KioskFuzzing, which `swift test` replays.
let fuzzing = Context.environment["KIOSK_FUZZ"] == "1"
// One name per input format: Fuzz/Targets/<name>/ holds the executable fuzz-<name>.
let fuzzTargets = ["config", "template", "touch", "image", "strings"]

// Only with KIOSK_FUZZ=1: the libFuzzer driver and one executable per format. SwiftPM links an
// executable's `main` to `<module>_main`, which each target defines itself (@_cdecl) so that it,
// not libFuzzer's own main, starts the program; hence -parse-as-library.
let fuzzExecutables: [Target] = !fuzzing ? [] : [
    .target(name: "KioskFuzzDriver", dependencies: ["KioskFuzzing"], path: "Fuzz/Driver"),
] + fuzzTargets.map { name in
    .executableTarget(name: "fuzz-\(name)", dependencies: ["KioskFuzzing", "KioskFuzzDriver"],
                      path: "Fuzz/Targets/\(name)", swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

// Pango's compiler flags come from a .pc file of our own (its comment says why: pangocairo.pc
// brings -pthread, which SwiftPM refuses with a warning in every build). SwiftPM reads a
// pkgConfig that is an absolute path as that file, and splits the setting at spaces, so a
// checkout whose path has one falls back to pangocairo.pc, warning and all.
let pangoHeaders = Context.packageDirectory.contains(" ")
    ? "pangocairo" : Context.packageDirectory + "/Sources/CPangoCairo/pango-headers.pc"

let package = Package(
    name: "SwiftKiosk",
    products: [
        // What an app imports: scenes, controls, configs, the registry, `Kiosk` and every backend.
        .library(name: "SwiftKiosk", targets: ["SwiftKiosk"]),
        // What an app's tests import: the headless kiosk on the virtual clock, scripted touches,
        // golden images with a diff on failure (Swift Testing).
        .library(name: "SwiftKioskTesting", targets: ["SwiftKioskTesting"]),
        // What a display backend's author imports beside SwiftKiosk: the backend seam, the shared
        // output pacer, the swap chain and scanout buffers, the loop's registration API.
        .library(name: "SwiftKioskBackend", targets: ["SwiftKioskBackend"]),
        .executable(name: "kiosk", targets: ["kiosk"]),
    ],
    targets: [
        // C libraries: one module map each, no Swift code.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: pangoHeaders, providers: [.apt(["libpango1.0-dev"])]),
        // JPEG decoding for images (KioskRender's TurboJPEG wrapper is its only user).
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CMath"),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // No pkgConfig: its -lmosquitto would link the library that CMosquittoLoader loads on first use.
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // xdg-shell's client code from wayland-scanner, committed (scripts/generate-wayland-protocols.sh):
        // a build plugin could make it only with tools-version 6.3's experimental C generation.
        .target(name: "CXdgShell", dependencies: ["CWayland"]),
        .target(name: "CDRMShim", dependencies: ["CDRM"]),
        // libinput's log handler formatted in C: a Swift closure taking its va_list crashes
        // swift-frontend when it targets aarch64.
        .target(name: "CLibInputShim", dependencies: ["CLibInput"]),
        // libmosquitto (and libssl, libcrypto with it) loaded on first use, by the MQTT bridge only.
        .target(name: "CMosquittoLoader", dependencies: ["CMosquitto"], linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CConsoleShim"),
        .target(name: "CFramebufferShim"),
        // Pixel loops cairo has no fast path for (a copy darkened by an overlay's backdrop).
        .target(name: "CPixelShim"),

        // Pure modules: no C but libm (CMath, for Trig), no devices, no clock.
        .target(name: "KioskCore", dependencies: ["CMath"]),
        .target(name: "KioskGestures", dependencies: ["KioskCore"]),
        .target(name: "KioskAnimation", dependencies: ["KioskCore"]),
        .target(name: "KioskUI", dependencies: ["KioskCore", "KioskGestures", "KioskAnimation"]),
        .target(name: "KioskConfig", dependencies: ["KioskCore", "KioskUI"]),
        // The built-in controls, one folder each, written and registered as an app's own are.
        .target(name: "KioskControls", dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig"]),

        // Modules that touch C libraries or the operating system.
        // No unsafe flags in a library target: SwiftPM refuses them in a dependency required by
        // version. The pixel loops that are bandwidth-bound are C (CPixelShim).
        .target(name: "KioskRender", dependencies: ["KioskCore", "KioskUI", "KioskLoop", "CCairo", "CPangoCairo", "CPixelShim",
                                                    "CTurboJPEG"]),
        // The main loop's parts: epoll, signalfd, timerfd, CLOCK_MONOTONIC (the only clock read).
        .target(name: "KioskLoop", dependencies: ["KioskCore", "CLinux"]),
        // The seam every display plugs into, and the in-memory display.
        .target(name: "KioskBackend", dependencies: ["KioskCore", "KioskLoop"]),
        // Sessions and devices: one opener for every node (direct open or logind TakeDevice), the
        // VT, logind. Each C library is wrapped in exactly one module.
        .target(name: "KioskDevice", dependencies: ["KioskCore", "KioskLoop", "KioskBackend", "CSystemd", "CConsoleShim"]),
        .target(name: "KioskDRM", dependencies: ["KioskCore", "KioskBackend", "KioskLoop", "KioskDevice",
                                                 "CDRM", "CDRMShim"]),
        // The Linux framebuffer (/dev/fbN): the fbdev ioctls live in CFramebufferShim.
        .target(name: "KioskFramebuffer", dependencies: ["KioskCore", "KioskBackend", "KioskLoop", "KioskDevice",
                                                         "CFramebufferShim"]),
        .target(name: "KioskInput", dependencies: ["KioskCore", "KioskBackend", "KioskLoop", "KioskDevice",
                                                   "CLibInput", "CLibInputShim", "CUdev"]),
        .target(name: "KioskWayland", dependencies: ["KioskCore", "KioskBackend", "KioskLoop", "KioskDevice", "CWayland", "CXdgShell"]),
        // The MQTT bridge: libmosquitto's socket in the kiosk's loop; the only module touching it.
        .target(name: "KioskMQTT", dependencies: ["KioskCore", "KioskLoop", "CMosquitto", "CMosquittoLoader"]),
        .target(name: "KioskService",
                dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig", "KioskControls",
                               "KioskRender", "KioskLoop", "KioskBackend", "KioskDevice", "KioskDRM", "KioskFramebuffer",
                               "KioskInput", "KioskWayland", "KioskMQTT"]),
        .target(name: "KioskCLI", dependencies: ["KioskService", "KioskConfig", "KioskControls", "KioskRender", "KioskBackend", "KioskLoop",
                                                 "KioskDRM", "KioskDevice", "KioskUI", "KioskCore"]),
        // The library products: an umbrella that re-exports the modules above, and the testing kit.
        .target(name: "SwiftKiosk",
                dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig", "KioskControls", "KioskRender",
                               "KioskService", "KioskCLI"]),
        .target(name: "SwiftKioskBackend", dependencies: ["KioskCore", "KioskBackend", "KioskLoop"]),
        .target(name: "SwiftKioskTesting", dependencies: ["SwiftKiosk"]),
        // The executable is a client of the library like any app: `KioskCommand.main` with the built-ins.
        .executableTarget(name: "kiosk", dependencies: ["SwiftKiosk"]),
        // Bytes in, whole pipeline run, expected errors swallowed: one entry per input format.
        .target(name: "KioskFuzzing", dependencies: ["KioskCore", "KioskConfig", "KioskControls", "KioskBackend", "KioskRender", "KioskService", "KioskUI"]),

        // What every test target may share: helpers that keep the tests compiling with Swift Testing 6.0.
        // Also what more than one test target needs: the package's files and configs, the lamp
        // control, the control protocol's fake target.
        .target(name: "KioskTestSupport", dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig", "KioskControls",
                                                     "KioskRender",
                                                     "KioskService", "SwiftKioskTesting"],
                path: "Tests/Support/KioskTestSupport"),
        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore"]),
        .testTarget(name: "KioskGesturesTests", dependencies: ["KioskGestures"]),
        .testTarget(name: "KioskAnimationTests", dependencies: ["KioskAnimation"]),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "KioskControls", "KioskTestSupport"]),
        // One folder per built-in control: its touch, value, config and property tests.
        // Each folder's goldens are read beside its tests (`expectMatchesGolden`), not bundled.
        .testTarget(name: "KioskControlsTests",
                    dependencies: ["KioskControls", "KioskConfig", "KioskUI", "KioskCore", "KioskGestures", "KioskAnimation",
                                   "KioskRender", "KioskService", "KioskTestSupport", "SwiftKioskTesting"],
                    exclude: ["Button/Goldens", "CircularSlider/Goldens", "Image/Goldens", "Keypad/Goldens", "Label/Goldens",
                              "List/Goldens", "ProgressBar/Goldens", "RangeSlider/Goldens", "Slider/Goldens", "Toggle/Goldens"]),
        // The control API as an app sees it: no @testable import, custom controls in the tests.
        .testTarget(name: "KioskControlAPITests",
                    dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskControls", "KioskRender",
                                   "KioskService", "KioskBackend", "KioskLoop", "KioskTestSupport", "SwiftKioskTesting"]),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig", "KioskControls", "KioskTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "KioskRenderTests", dependencies: ["KioskRender", "KioskConfig", "KioskControls", "SwiftKioskTesting", "KioskTestSupport"],
                    resources: [.copy("Goldens")]),
        .testTarget(name: "KioskDeviceTests", dependencies: ["KioskDevice"]),
        .testTarget(name: "KioskDRMTests", dependencies: ["KioskDRM", "KioskBackend", "KioskLoop", "KioskDevice", "CConsoleShim"]),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput"]),
        .testTarget(name: "KioskBackendTests", dependencies: ["KioskBackend", "KioskCore"]),
        .testTarget(name: "KioskFramebufferTests", dependencies: ["KioskFramebuffer", "KioskBackend", "KioskCore",
                                                                  "KioskLoop", "KioskDevice"]),
        .testTarget(name: "KioskWaylandTests", dependencies: ["KioskWayland", "KioskBackend", "KioskCore"]),
        // One table of pacing cases driven through every backend, each on a fake device.
        .testTarget(name: "KioskPacingTests", dependencies: ["KioskBackend", "KioskCore", "KioskLoop", "KioskDRM",
                                                             "KioskFramebuffer", "KioskWayland"]),
        .testTarget(name: "KioskLoopTests", dependencies: ["KioskLoop", "KioskTestSupport"]),
        .testTarget(name: "KioskMQTTTests", dependencies: ["KioskMQTT", "KioskConfig", "KioskControls", "KioskLoop", "KioskService", "KioskUI",
                                                           "KioskTestSupport"]),
        .testTarget(name: "SwiftKioskTestingTests", dependencies: ["SwiftKioskTesting"], exclude: ["Goldens"]),
        // A counting malloc (per thread), linked into the test executable only: the steady-state
        // tests count what a frame allocates, in our code and in cairo, Pango and the Swift runtime.
        .target(name: "CAllocationCounter", path: "Tests/Support/CAllocationCounter"),
        .testTarget(name: "KioskSteadyStateTests",
                    dependencies: ["CAllocationCounter", "KioskCore", "KioskGestures", "KioskUI", "KioskConfig", "KioskControls",
                                   "KioskRender", "KioskBackend", "KioskService", "KioskTestSupport", "SwiftKioskTesting"]),
        // The runtime, the runner, the control protocol and the state file, in process.
        .testTarget(name: "KioskServiceTests",
                    dependencies: ["KioskService", "KioskCore", "KioskUI", "KioskConfig", "KioskControls", "KioskRender", "KioskBackend",
                                   "KioskLoop", "KioskDevice", "KioskTestSupport", "SwiftKioskTesting"]),
        // The command line as an app calls it (`KioskCommand.main`), in process.
        .testTarget(name: "KioskCLITests",
                    dependencies: ["KioskCLI", "KioskService", "KioskConfig", "KioskControls", "KioskRender", "KioskUI", "KioskCore",
                                   "KioskDevice", "KioskTestSupport"]),
        // The whole kiosk: the `kiosk` binary run as a user would, and the dependency rule.
        .testTarget(name: "KioskEndToEndTests", dependencies: ["KioskCLI", "KioskService", "KioskControls", "KioskRender", "KioskTestSupport"]),
        // Replays the seed corpus (Fuzz/Corpus) and every input a fuzzer once broke (Regressions).
        .testTarget(name: "KioskFuzzRegressionTests",
                    dependencies: ["KioskFuzzing", "KioskCore", "KioskUI", "KioskConfig", "KioskControls", "KioskBackend",
                                   "KioskTestSupport"],
                    exclude: ["Regressions"]),
    ] + fuzzExecutables
)
