extension ControlOperationTable {
    /// The control protocol (Documentation/Contracts.md, "Control socket"): one entry per op,
    /// in the protocol's order. A new op is one entry here (its perform function beside the
    /// others of its kind in a `ControlRequestHandler+…` file) and its rows in Contracts.md
    /// (the op table and the `kiosk ctl` forms, which ControlOperationDocsTests checks).
    package static let standard = ControlOperationTable([
        ControlOperation("ping", shortcut: .init(name: "ping", help: "is the kiosk there?"), perform: Handler.ping),
        ControlOperation(
            "get", fields: [.optional("control", .string)],
            reply: ["control", "value"] + stateReply,
            shortcut: .init(name: "get", arguments: [.optionalWord(field: "control", placeholder: "CONTROL")],
                            help: "one control's value and properties, or every value,\n"
                                + "the screen and the properties set at run time"),
            perform: Handler.get),
        ControlOperation(
            "set", fields: [.required("control", .string), .required("value", .object)],
            reply: ["control", "value", "properties"],
            shortcut: .init(name: "set", arguments: [.word(field: "control", placeholder: "CONTROL"),
                                                     .assignments(field: "value")],
                            help: "set value fields, clamped as a finger would, and properties\n"
                                + "(text=…, enabled=false, background=#2E7D32), checked as the config"),
            performInParts: Handler.set),
        ControlOperation(
            "showPanel", fields: [.required("panel", .string)],
            reply: ["panel"],
            shortcut: .init(name: "show-panel", arguments: [.word(field: "panel", placeholder: "PANEL")],
                            help: "slide a panel in"),
            perform: Handler.showPanel),
        ControlOperation(
            "showPopup", fields: [.required("popup", .string), .optional("title", .string), .optional("text", .string)],
            reply: ["popup"],
            shortcut: .init(name: "show-popup", arguments: [.word(field: "popup", placeholder: "POPUP")],
                            options: [.text("title", "T"), .text("text", "T")],
                            help: "open a popup, optionally with other words"),
            perform: Handler.showPopup),
        ControlOperation(
            "dismiss", fields: [.optional("overlay", .string)],
            reply: ["overlay"],
            shortcut: .init(name: "dismiss", arguments: [.optionalWord(field: "overlay", placeholder: "OVERLAY")],
                            help: "dismiss the top panel or popup, or this one"),
            perform: Handler.dismiss),
        ControlOperation(
            "switchScreen", fields: [.required("screen", .string)] + screenChangeFields,
            reply: ["screen"],
            shortcut: .init(name: "switch-screen", arguments: [.word(field: "screen", placeholder: "SCREEN")],
                            options: screenChangeOptions),
            perform: Handler.switchScreen),
        ControlOperation(
            "back", fields: screenChangeFields,
            reply: ["screen"],
            shortcut: .init(name: "back", options: screenChangeOptions),
            perform: Handler.back),
        ControlOperation(
            "setLanguage", fields: [.required("language", .string)],
            reply: ["language"],
            shortcut: .init(name: "set-language", arguments: [.word(field: "language", placeholder: "LANG")],
                            help: "show every text in another of the config's languages"),
            perform: Handler.setLanguage),
        ControlOperation(
            "subscribe", reply: stateReply,
            shortcut: .init(name: "events", output: .events,
                            help: "print the state as one line (as get does), then every event\n"
                                + "as a JSON line until the kiosk stops"),
            perform: Handler.subscribe),
        ControlOperation(
            "screenshot", fields: [.optional("path", .string)],
            reply: ["path", "width", "height", "png"], cost: .frameCopy, fileField: "path",
            shortcut: .init(name: "screenshot", output: .pngFile, help: "write the current frame (panel orientation)"),
            performInParts: Handler.screenshot),
        ControlOperation(
            "reload", cost: .wholePass, brokerMaySendByDefault: false,
            shortcut: .init(name: "reload", help: "re-read the config; print its problems if bad"),
            perform: Handler.reload),
        ControlOperation("wake", reply: powerReply, shortcut: .init(name: "wake", help: powerHelp), perform: Handler.wake),
        ControlOperation("sleep", reply: powerReply, shortcut: .init(name: "sleep", help: powerHelp), perform: Handler.sleep),
        ControlOperation(
            "keepAwake", fields: [.required("on", .bool)],
            reply: powerReply,
            shortcut: .init(name: "keep-awake", arguments: [.onOff(field: "on")],
                            help: "hold the screen on (a video, an alarm), or not"),
            perform: Handler.keepAwake),
    ])

    private typealias Handler = ControlRequestHandler

    /// `switchScreen`'s and `back`'s optional fields: as in a button's action.
    private static let screenChangeFields: [ControlOperation.Field] = [.optional("transition", .string),
                                                                        .optional("duration", .number)]
    private static let screenChangeOptions: [ControlOperation.Shortcut.Option] = [
        .text("transition", "T"), .number("duration", "S", described: "seconds"),
    ]

    /// `get` (without a control) and `subscribe` reply with the state (`stateFields(of:)`).
    private static let stateReply = ["screen", "overlays", "values", "properties", "language", "power", "keepAwake"]

    /// `wake`, `sleep` and `keepAwake` all reply with the power state.
    private static let powerReply = ["power", "keepAwake"]
    /// One help line for `wake | sleep`.
    private static let powerHelp = "light the screen / turn it off now"
}

// Swift 6.0 (Debian 13's swiftlang) asks for this before it takes `Handler.ping` and the other
// unapplied methods in the static table (6.3 does not): the table holds the methods, never a
// handler, and a handler is only ever used on the runner's loop thread.
extension ControlRequestHandler: @unchecked Sendable {}
