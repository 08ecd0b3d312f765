import KioskControls
import KioskCore
import KioskDevice
import KioskDRM
import KioskService

/// `--list-outputs`: DRM's connectors, their status and modes, on stdout.
enum OutputList {
    static func print(drmDevice: String?) throws -> Int32 {
        let (device, outputs) = try DRMBackend.listOutputs(devicePath: drmDevice, opener: DirectOpener())
        let out = LineWriter.standardOutput
        out.writeLine(device)
        for o in outputs {
            out.writeLine("  \(o.name): \(o.connected ? "connected" : "disconnected")"
                          + (o.modes.isEmpty ? "" : "; modes " + o.modes.joined(separator: ", ")))
        }
        return 0
    }
}
