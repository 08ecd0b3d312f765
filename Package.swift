// swift-tools-version: 6.0
// SwiftKiosk: a software-rendered touchscreen kiosk runtime for embedded Linux.
// Module graph (arrows point one way, see Documentation/Architecture.md):
//   KioskCore ← KioskGestures, KioskAnimation ← KioskUI ← KioskConfig
//   KioskUI + CCairo/CPangoCairo ← KioskRender ← KioskBackend ← KioskService ← KioskCLI ← kiosk
import PackageDescription

// Pixel loops are bandwidth-bound; -Ounchecked only removes overflow traps in the renderer's copy paths.
let release: [SwiftSetting] = [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]

let package = Package(
    name: "SwiftKiosk",
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
    ],
    targets: [
        // C libraries: one module map each, no Swift code.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CLibInput", pkgConfig: "libinput", providers: [.apt(["libinput-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(name: "CDRMShim", dependencies: ["CDRM"]),

        // Pure modules: no C, no devices, no clock.
        // libm: the pure modules use only the stdlib, whose rounding and sqrt call into libm.
        .target(name: "KioskCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "KioskGestures", dependencies: ["KioskCore"]),
        .target(name: "KioskAnimation", dependencies: ["KioskCore"]),
        .target(name: "KioskUI", dependencies: ["KioskCore", "KioskGestures", "KioskAnimation"]),
        .target(name: "KioskConfig", dependencies: ["KioskCore", "KioskUI"]),

        // Modules that touch C libraries or the operating system.
        .target(name: "KioskRender", dependencies: ["KioskCore", "KioskUI", "CCairo", "CPangoCairo"],
                swiftSettings: release),
        .target(name: "KioskBackend", dependencies: ["KioskCore", "KioskRender"]),
        // Devices: one opener for every node (direct open or logind TakeDevice), DRM/KMS output,
        // libinput input. Each C library is wrapped in exactly one of these.
        .target(name: "KioskDevice", dependencies: ["KioskCore", "CSystemd"]),
        .target(name: "KioskDRM", dependencies: ["KioskCore", "KioskRender", "KioskBackend", "KioskDevice",
                                                 "CDRM", "CDRMShim"]),
        .target(name: "KioskInput", dependencies: ["KioskCore", "KioskDevice", "CLibInput", "CUdev"]),
        .target(name: "KioskService",
                dependencies: ["KioskCore", "KioskGestures", "KioskAnimation", "KioskUI", "KioskConfig",
                               "KioskRender", "KioskBackend", "KioskDevice", "KioskDRM", "KioskInput",
                               "CLinux", "CSystemd"]),
        .target(name: "KioskCLI", dependencies: ["KioskService", "KioskConfig", "KioskRender", "KioskBackend"]),
        .executableTarget(name: "kiosk", dependencies: ["KioskCLI"]),

        .testTarget(name: "KioskCoreTests", dependencies: ["KioskCore"]),
        .testTarget(name: "KioskGesturesTests", dependencies: ["KioskGestures"]),
        .testTarget(name: "KioskAnimationTests", dependencies: ["KioskAnimation"]),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI"]),
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig"], exclude: ["Fixtures"]),
        .testTarget(name: "KioskRenderTests", dependencies: ["KioskRender", "KioskConfig"],
                    resources: [.copy("Goldens")]),
        .testTarget(name: "KioskDRMTests", dependencies: ["KioskDRM"]),
        .testTarget(name: "KioskInputTests", dependencies: ["KioskInput"]),
        .testTarget(name: "KioskEndToEndTests", dependencies: ["KioskCLI", "KioskService", "KioskRender"]),
    ]
)
