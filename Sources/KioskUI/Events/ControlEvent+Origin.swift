extension ControlEvent {
    /// Who caused an event, so that a program reading the events does not take its own `set`
    /// for a person at the screen (Documentation/Contracts.md, "Events"). The JSON line says
    /// `"origin": "owner"` for the owner's events and nothing for the others.
    ///
    /// An event carries the origin of the chain that led to it: the end of a panel's slide
    /// that a request started is the owner's, and so is what an observer does on hearing an
    /// owner's event; a screen change an observer makes on a person's tap is the person's.
    public enum Origin: String, Sendable, CaseIterable {
        /// A person at the screen: a touch, the mouse acting as a finger, a key.
        case touch
        /// The kiosk's owner: the control socket, MQTT, a reload, and the Swift API called
        /// from outside a touch (a timer of the app's, a message from elsewhere).
        case owner
        /// The kiosk on its own: the screen dimming or going off after a time without input.
        case kiosk

        /// Whether the JSON line names it: only the owner's events say where they come from,
        /// so the lines of a person's touches read as they always have.
        var isWritten: Bool { self == .owner }
    }
}
