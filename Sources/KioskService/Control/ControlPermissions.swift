import KioskCore

/// What one channel may ask of the kiosk (Documentation/Contracts.md, "Who may do what over
/// each channel"). The control socket may do everything: who may connect is the socket
/// file's permissions (`ipc.group`). A broker is shared with other programs and reachable over
/// the network, so MQTT may send only the ops `mqtt.allow` lists (by default every op whose
/// table entry allows it: all but `reload`), and never makes the kiosk write a file it names
/// (a screenshot comes back in the reply). The Swift API is the app itself: no permissions.
package struct ControlPermissions: Sendable, Equatable {
    /// How refusals name the channel: "over MQTT".
    package var channel: String
    /// The ops it may send; nil: every op.
    package var operations: Set<String>?
    /// The config key refusals point to (`mqtt.allow`).
    package var allowKey: String?
    /// Whether a request may name a file for the kiosk to write (`ControlOperation.fileField`).
    package var mayWriteFiles: Bool

    /// The control socket's: everything (who may connect is the socket file's business).
    package static let everything = ControlPermissions(channel: "over the control socket", operations: nil,
                                                       allowKey: nil, mayWriteFiles: true)

    /// MQTT's: the ops of `allow` (the config's `mqtt.allow`), or when nil those the table
    /// lets a broker send by default; no file written.
    package static func mqtt(allow: [String]?, table: ControlOperationTable = .standard) -> ControlPermissions {
        let operations = allow.map(Set.init)
            ?? Set(table.operations.filter(\.brokerMaySendByDefault).map(\.name))
        return ControlPermissions(channel: "over MQTT", operations: operations, allowKey: "mqtt.allow", mayWriteFiles: false)
    }

    /// Why `request` may not come over this channel, or nil when it may.
    func refusal(of request: ControlRequest) -> String? {
        let op = request.op
        if let operations, !operations.contains(op.name) {
            return "op \(JSONWriter.quoted(op.name)) is not allowed \(channel)"
                + (allowKey.map { "; \($0) lists the ops it may send" } ?? "")
        }
        if !mayWriteFiles, let field = op.fileField, request.fields[field] != nil {
            return "\(JSONWriter.quoted(field)) is not allowed \(channel): the kiosk writes no file for it "
                + "(leave \(JSONWriter.quoted(field)) out and the reply carries the result)"
        }
        return nil
    }
}
