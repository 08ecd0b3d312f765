import CDRM
import KioskDevice

extension DRMBackend {
    /// Whether the kiosk could show itself on a card with a connected output right now: the
    /// card opens and no other program is its DRM master. Opening a card nobody masters makes
    /// the opener master (the kernel's first-open rule), so on a bare device this is true; under
    /// a compositor (cage, Weston, a desktop) that holds the card it is false, and `--backend
    /// auto` goes to the compositor instead of failing with "display in use".
    package static func displayIsFree(devicePath: String?, opener: DeviceOpener) -> Bool {
        guard let device = try? openCard(path: devicePath, opener: opener, requireConnected: true) else { return false }
        return device.isMaster
    }
}
