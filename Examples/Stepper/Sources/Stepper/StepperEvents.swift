import SwiftKiosk

extension ControlEvent.Kind {
    /// A stepper's value landed on its minimum or maximum (`value.limit` says which). Event
    /// kinds are open: a control declares its own next to the built-in ones.
    public static let limitReached: Self = "limitReached"
}
