import CDRM
@preconcurrency import Glibc
import KioskCore

/// The real ``KMSScanout``: an open card, its chosen output (``KMSOutput``: legacy or atomic
/// calls), its dumb buffers and the CRTC state saved at start.
final class KMSCard: KMSScanout {
    let device: DRMDevice
    let kms: KMSOutput
    /// What the CRTC showed before the kiosk (nil when the kernel would not say).
    let savedCRTC: SavedCRTC?
    let buffers: [ScanoutBuffer]
    var flipCompleted: ((_ seconds: UInt32, _ microseconds: UInt32) -> Void)?
    private let dumbBuffers: [DumbBuffer]

    init(device: DRMDevice, kms: KMSOutput, buffers: [DumbBuffer], savedCRTC: SavedCRTC?) {
        self.device = device
        self.kms = kms
        self.dumbBuffers = buffers
        self.buffers = buffers.map(\.scanout)
        self.savedCRTC = savedCRTC
    }

    var path: String { device.path }
    var fileDescriptor: Int32 { device.fd }
    var dpmsProperty: UInt32? { kms.dpmsProperty }
    var isMaster: Bool { device.isMaster }

    func flip(to index: Int) -> KMSAnswer {
        kms.flip(to: dumbBuffers[index].framebufferID, userData: Unmanaged.passUnretained(self).toOpaque())
    }

    func readEvents() {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let card = Unmanaged<KMSCard>.fromOpaque(userData).takeUnretainedValue()
            card.flipCompleted?(seconds, microseconds)
        }
        // Errors are EAGAIN (nothing there: a spurious wake-up) or a lost device, which shows
        // up as a failed flip next; neither is worth stopping for.
        _ = drmHandleEvent(device.fd, &context)
    }

    func waitForEvent(milliseconds: Int32) -> Bool { device.waitForEvent(milliseconds: milliseconds) }

    func modeset(showing index: Int) throws(DRMError) {
        let result = kms.modeset(framebuffer: dumbBuffers[index].framebufferID)
        guard result.errno == 0 else {
            throw result.errno == EACCES || result.errno == EPERM
                ? Self.inUse(device, call: result.call, errno: result.errno)
                : .callFailed(call: result.call, device: device.path, errno: result.errno)
        }
    }

    func setPower(_ command: OutputPowerCommand) -> KMSAnswer {
        switch command {
        case .deactivateCRTC: kms.deactivateCRTC()
        case .connectorDPMS(let property, let value): kms.setConnectorDPMS(property: property, value: value)
        case .modeset, .none: (0, "")
        }
    }

    func becomeMaster() throws(DRMError) { try Self.becomeMaster(device) }

    // Under logind master is already gone (drmDropMaster then fails with EINVAL): harmless.
    func dropMaster() { if device.isMaster { _ = drmDropMaster(device.fd) } }

    func restoreSavedCRTC() -> DRMError? {
        guard let savedCRTC else { return nil }
        let code = kms.restore(savedCRTC)
        return code == 0 ? nil : .callFailed(call: "drmModeSetCrtc (restore)", device: device.path, errno: code)
    }

    func release() {
        for buffer in dumbBuffers { buffer.release() }
        kms.destroyModeBlob()
    }

    /// Makes `device` DRM master, or throws the "display in use" error.
    static func becomeMaster(_ device: DRMDevice) throws(DRMError) {
        // The first opener of a card is master already; otherwise drmSetMaster succeeds only
        // when nobody else is master (EBUSY) and we may (root or previous master, else EACCES).
        guard !device.isMaster else { return }
        if drmSetMaster(device.fd) != 0 {
            throw inUse(device, call: "drmSetMaster", errno: errno)
        }
    }

    static func inUse(_ device: DRMDevice, call: String, errno code: Int32) -> DRMError {
        .displayInUse(device: device.path, call: call, errno: code,
                      holders: DisplayClients.holding(device: device.path))
    }
}
