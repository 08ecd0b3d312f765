import Testing
import CDRM
@testable import KioskDRM

@Suite("Output power (DPMS)")
struct OutputPowerTests {
    @Test("atomic: off is ACTIVE=0 on the CRTC, on is the full modeset; dim changes nothing")
    func atomic() {
        #expect(OutputPowerCommand.command(for: .off, modesetting: .atomic, dpmsProperty: 2) == .deactivateCRTC)
        #expect(OutputPowerCommand.command(for: .on, modesetting: .atomic, dpmsProperty: 2) == .modeset)
        #expect(OutputPowerCommand.command(for: .dimmed(0.3), modesetting: .atomic, dpmsProperty: 2) == .none)
    }

    @Test("legacy: the connector's DPMS property, off then on; without one nothing")
    func legacy() {
        #expect(OutputPowerCommand.command(for: .off, modesetting: .legacy, dpmsProperty: 7)
                == .connectorDPMS(property: 7, value: UInt64(DRM_MODE_DPMS_OFF)))
        #expect(OutputPowerCommand.command(for: .on, modesetting: .legacy, dpmsProperty: 7)
                == .connectorDPMS(property: 7, value: UInt64(DRM_MODE_DPMS_ON)))
        #expect(OutputPowerCommand.command(for: .off, modesetting: .legacy, dpmsProperty: nil) == .none)
    }
}
