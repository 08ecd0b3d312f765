// swift-tools-version: 6.0
// An app built on SwiftKiosk from outside the package: one custom control (a stepper), its
// JSON description, an executable with the whole `kiosk` command line knowing it, and tests
// against the testing product. It depends on SwiftKiosk by path and sees only its products.
import PackageDescription

let package = Package(
    name: "Stepper",
    products: [
        .library(name: "Stepper", targets: ["Stepper"]),
        .executable(name: "example", targets: ["example"]),
    ],
    dependencies: [
        .package(name: "SwiftKiosk", path: "../.."),
    ],
    targets: [
        // The control and its JSON description: what another app would reuse.
        .target(name: "Stepper", dependencies: [.product(name: "SwiftKiosk", package: "SwiftKiosk")]),
        // `example run|check|calibrate|bench`, and `example demo` for the scene built in Swift.
        .executableTarget(name: "example", dependencies: ["Stepper", .product(name: "SwiftKiosk", package: "SwiftKiosk")]),
        .testTarget(name: "StepperTests",
                    dependencies: ["Stepper", .product(name: "SwiftKioskTesting", package: "SwiftKiosk"),
                                   .product(name: "SwiftKioskBackend", package: "SwiftKiosk")],
                    exclude: ["Goldens", "Fixtures"]),
    ]
)
