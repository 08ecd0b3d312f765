import KioskCore
import KioskService

/// The display options `kiosk run` and `kiosk calibrate` share and check beyond the table.
extension ArgumentList {
    /// `--backend NAME`, `fallback` when not given, one of `allowed`.
    func backend(allowed: [BackendName], fallback: BackendName) throws(UsageError) -> BackendName {
        let name = value("backend") ?? fallback.rawValue
        guard let backend = BackendName(rawValue: name), allowed.contains(backend) else {
            let names = allowed.map(\.rawValue)
            throw UsageError(command: command, message: "--backend must be \(names.dropLast().joined(separator: ", ")) "
                             + "or \(names.last!), not '\(name)'")
        }
        return backend
    }

    /// `--rotation 0|90|180|270`, nil when not given.
    func rotation() throws(UsageError) -> DisplayRotation? {
        guard let text = value("rotation") else { return nil }
        guard let degrees = Int(text), let r = DisplayRotation(degrees: degrees) else {
            throw UsageError(command: command, message: "--rotation must be 0, 90, 180 or 270, not '\(text)'")
        }
        return r
    }
}
