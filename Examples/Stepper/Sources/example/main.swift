import Stepper
import SwiftKiosk

// `example demo`: the ticket counter, a scene built in Swift (Demo.swift).
if CommandLine.arguments.dropFirst().first == "demo" { Demo.main(Array(CommandLine.arguments.dropFirst(2))) }

// Everything else is the kiosk command line (run, check, calibrate, bench) knowing the stepper:
// `example run --config example.json`, `example check example.json`.
KioskCommand.main(registry: .standard.registering(StepperDescription.self))
