import Foundation
import Stepper
import SwiftKiosk

// `example demo`: the ticket counter, a scene built in Swift (Demo.swift).
if CommandLine.arguments.dropFirst().first == "demo" { Demo.main(Array(CommandLine.arguments.dropFirst(2))) }

// Everything else is the kiosk command line (run, check, calibrate, bench) knowing the stepper,
// under this program's name (`example run: unknown option …`): `example run --config
// example.json`, `example check example.json`. The closure sees every scene `run` builds from
// the config, before it is shown: here it says on stderr when a stepper reaches its limit
// (stdout is the event lines').
KioskCommand.main(name: "example", registry: .standard.registering(StepperDescription.self)) { scene in
    scene.addObserver(for: .limitReached) { event in
        FileHandle.standardError.write(Data("example: \(event.source) reached its \(event["limit"]?.string ?? "")\n".utf8))
    }
}
