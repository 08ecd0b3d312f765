import Foundation
import Testing

/// The measuring half of `SteadyStateFrameTests`: it runs only in the process that the test
/// starts for it (with `KIOSK_STEADY_STATE_CHILD` set), measures every frame kind in turn on
/// its own thread and prints one line per kind for the parent to read.
@Suite("Steady-state measurement (in a process of its own)")
struct SteadyStateMeasurement {
    static let childVariable = "KIOSK_STEADY_STATE_CHILD"
    static let linePrefix = "steady-state-profile"

    static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }

    @Test("measure every frame kind", .enabled(if: isChild))
    func measure() throws {
        let environment = ProcessInfo.processInfo.environment
        for kind in FrameKind.allCases {
            let kiosk = try SteadyStateKiosk(bindsPriceLabel: kind.bindsPriceLabel)
            let frame = kind.start(on: kiosk)
            let profile = AllocationMeter.profile(frames: 1000, warmUp: 100,
                                                  trace: environment["KIOSK_ALLOCATION_TRACE"] == "\(kind)", frame)
            print("\(Self.linePrefix) \(kind) \(profile.encoded)")
        }
    }

    /// Runs this test binary again with only `measure` selected, and reads its lines. With
    /// `KIOSK_ALLOCATION_REPORT` set, passes them on to the output.
    static func runInOwnProcess() throws -> [FrameKind: AllocationProfile] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "SteadyStateMeasurement/measure"]
        var environment = ProcessInfo.processInfo.environment
        environment[childVariable] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        var profiles: [FrameKind: AllocationProfile] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(linePrefix) {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let kind = FrameKind.allCases.first(where: { "\($0)" == fields[1] }),
                  let profile = AllocationProfile(encoded: fields[2...].joined(separator: " ")) else { continue }
            profiles[kind] = profile
            if environment["KIOSK_ALLOCATION_REPORT"] != nil { print("allocations: \(kind.rawValue): \(profile)") }
        }
        #expect(process.terminationStatus == 0, "the measuring process failed:\n\(text)")
        return profiles
    }
}
