/// The ops the target carries out itself rather than through its scene: screen power and reload.
extension ControlRequestHandler {
    func wake(_ request: ControlRequest) throws(Failure) -> ControlReply { try changeScreenPower(.wake, request) }

    func sleep(_ request: ControlRequest) throws(Failure) -> ControlReply { try changeScreenPower(.sleep, request) }

    func keepAwake(_ request: ControlRequest) throws(Failure) -> ControlReply {
        try changeScreenPower(.keepAwake(request.bool("on")!), request)
    }

    /// `wake`, `sleep`, `keepAwake`: `{"ok": true, "power": "off", "keepAwake": false}`.
    private func changeScreenPower(_ change: KioskRunner.PowerRequest, _ request: ControlRequest) throws(Failure) -> ControlReply {
        guard target.screenPowerStatus != nil else { throw Failure("this kiosk has no screen power to change") }
        guard let state = target.changeScreenPower(change), let status = target.screenPowerStatus else {
            throw Failure("the screen is kept awake; send {\"op\": \"keepAwake\", \"on\": false} first")
        }
        return .ok(id: request.id, [("power", .string(state.rawValue)), ("keepAwake", .bool(status.keepsAwake))])
    }

    /// Re-reads the config; a bad one changes nothing and its problems come with the error.
    func reload(_ request: ControlRequest) throws(Failure) -> ControlReply {
        switch target.reload() {
        case .reloaded: return .ok(id: request.id)
        case .unsupported: throw Failure("this kiosk has no config file to reload (its scene is built in code)")
        case .failed(let problems):
            let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
            throw Failure("the config has \(count); the kiosk goes on unchanged",
                          [("problems", .array(problems.map { .string($0) }))])
        }
    }
}
