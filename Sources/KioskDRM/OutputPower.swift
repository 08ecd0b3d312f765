import CDRM
import KioskBackend

/// How one output is powered down and up again (DPMS), chosen from the modesetting strategy:
/// pure, so the choice is tested without a card.
///
/// - Atomic: a blocking commit of the CRTC's `ACTIVE` = 0 (mode and planes stay, as DPMS
///   off should); on again, the full modeset (`ACTIVE` = 1 with the plane's buffer).
/// - Legacy: the connector's `DPMS` property (`DRM_MODE_DPMS_OFF`, then `_ON`), which the
///   kernel maps onto the same CRTC state; connectors without one change nothing (the runner's
///   black frame is all the screen shows).
enum OutputPowerCommand: Equatable {
    /// Commit `ACTIVE` = 0 on the CRTC (atomic off).
    case deactivateCRTC
    /// The full modeset (atomic on).
    case modeset
    /// Set the connector's `DPMS` property (its id) to this value (legacy).
    case connectorDPMS(property: UInt32, value: UInt64)
    /// Nothing can be done.
    case none

    /// What to do for `power` on an output driven by `modesetting`, whose connector's `DPMS`
    /// property has id `dpmsProperty` (nil: it has none).
    static func command(for power: DisplayPower, modesetting: Modesetting, dpmsProperty: UInt32?) -> OutputPowerCommand {
        switch (power, modesetting) {
        case (.dimmed, _): return .none
        case (.off, .atomic): return .deactivateCRTC
        case (.on, .atomic): return .modeset
        case (.off, .legacy): return dpmsProperty.map { .connectorDPMS(property: $0, value: UInt64(DRM_MODE_DPMS_OFF)) } ?? .none
        case (.on, .legacy): return dpmsProperty.map { .connectorDPMS(property: $0, value: UInt64(DRM_MODE_DPMS_ON)) } ?? .none
        }
    }
}
