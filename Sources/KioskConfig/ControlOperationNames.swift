/// The ops of the control protocol by name, in the protocol's order: what `mqtt.allow` may
/// list. The config module knows nothing of the protocol itself, so the names a config may
/// give live here; `ControlOperationDocsTests` holds the op table (`ControlOperationTable.standard`,
/// in KioskService) to this list, so a new op cannot be missing from it.
package enum ControlOperationNames {
    /// Every op, in the protocol's order.
    package static let all = [
        "ping", "get", "set", "showPanel", "showPopup", "dismiss", "switchScreen", "back", "setLanguage", "subscribe", "screenshot",
        "reload", "wake", "sleep", "keepAwake",
    ]
}
