import KioskCore

/// What a DRM call answered: 0 or the errno, and the call, for the message.
typealias KMSAnswer = (errno: Int32, call: String)

/// The card once the output is chosen, as ``DRMBackend`` drives it: the dumb buffers to write,
/// flips to queue and their events to read, the mode to set, DPMS, DRM master to give up and
/// take back, the CRTC to put back. ``KMSCard`` is the card; the pacing tests fake it. Every
/// answer is the kernel's: nothing here paces frames or counts them (the backend's
/// ``KioskBackend/OutputPacer`` does).
protocol KMSScanout: AnyObject {
    /// The card's node, for messages.
    var path: String { get }
    /// The descriptor the page-flip events arrive on.
    var fileDescriptor: Int32 { get }
    /// The dumb buffers' memory, one scanout buffer each; write-combined, so never read.
    var buffers: [ScanoutBuffer] { get }
    /// Called from ``readEvents()`` for each completed flip, with the kernel's timestamp.
    var flipCompleted: ((_ seconds: UInt32, _ microseconds: UInt32) -> Void)? { get set }
    /// Queues a flip to buffer `index` at the next vertical blank; its completion is an event
    /// on the descriptor (DRM_MODE_PAGE_FLIP_EVENT).
    func flip(to index: Int) -> KMSAnswer
    /// Reads the events that are ready (drmHandleEvent); with none it returns at once.
    func readEvents()
    /// Waits at most `milliseconds` for an event; true when one is there.
    func waitForEvent(milliseconds: Int32) -> Bool
    /// Sets the mode showing buffer `index` (a blocking commit); a refusal for lack of master
    /// is the "display in use" error.
    func modeset(showing index: Int) throws(DRMError)
    /// DPMS off or on without a modeset (``OutputPowerCommand/deactivateCRTC`` or
    /// ``OutputPowerCommand/connectorDPMS(property:value:)``).
    func setPower(_ command: OutputPowerCommand) -> KMSAnswer
    /// The connector's legacy `DPMS` property, if it has one.
    var dpmsProperty: UInt32? { get }
    /// Whether the descriptor is DRM master now (logind and VT switches take it away).
    var isMaster: Bool { get }
    /// Becomes DRM master again, or throws the "display in use" error.
    func becomeMaster() throws(DRMError)
    /// Gives master up (a VT switch away); harmless when it is already gone.
    func dropMaster()
    /// Puts back what the CRTC showed at start, if anything was saved; the error, if any.
    func restoreSavedCRTC() -> DRMError?
    /// Frees the buffers and the mode blob; they must no longer be scanned out or queued.
    func release()
}
