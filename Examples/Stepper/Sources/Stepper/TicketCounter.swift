import SwiftKiosk

/// The example's scene built in Swift rather than JSON: a stepper for a number of tickets and
/// a label whose total follows it, kept up to date by an observer (target–action).
public enum TicketCounter {
    /// The size the layout is written for; the scene scales to the screen.
    public static let designSize = Size(800, 480)
    /// The price of one ticket, in euros.
    public static let price = 12

    /// The scene, laid out in `designSize` (pass the size `Kiosk` hands to its `makeScene`).
    public static func makeScene(size: Size = designSize) -> Scene {
        let theme = Theme(font: "sans-serif 24")
        let title = Label(id: "title", frame: Rect(40, 40, 720, 56), theme: theme, text: "Tickets",
                          font: "sans-serif bold 32", alignment: .center)
        let tickets = Stepper(id: "tickets", frame: Rect(250, 180, 300, 80), theme: theme, value: 1, minimum: 1,
                              maximum: 10, font: "sans-serif bold 36")
        let total = Label(id: "total", frame: Rect(40, 320, 720, 48), theme: theme, text: totalText(tickets.value),
                          alignment: .center)
        // The observer runs when the frame's events are handed out; what it changes shows in
        // the next frame.
        tickets.addObserver(for: .valueChanged) { event in
            if let count = event["value"]?.number { total.text = totalText(Int(count)) }
        }
        return Scene(designSize: size, screens: [Screen(id: "main", controls: [title, tickets, total])])
    }

    /// "3 × €12 = €36".
    static func totalText(_ count: Int) -> String { "\(count) × €\(price) = €\(count * price)" }
}
