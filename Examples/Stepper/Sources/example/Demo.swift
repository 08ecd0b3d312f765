import Foundation
import Stepper
import SwiftKiosk

/// `example demo [--backend auto|drm|wayland|fbdev|headless]`: the ticket counter built in
/// Swift, run with `Kiosk` on the chosen display (`auto` by default). Headless, where no finger
/// can touch it, it plays a tap on + and a 1.5 s long press on +, so its events show.
enum Demo {
    static func main(_ arguments: [String]) -> Never {
        var backend = BackendName.auto
        if arguments.count == 2, arguments[0] == "--backend", let name = BackendName(rawValue: arguments[1]) {
            backend = name
        } else if !arguments.isEmpty {
            print("usage: example demo [--backend \(BackendName.allCases.map(\.rawValue).joined(separator: "|"))]")
            exit(2)
        }
        let display = DisplayRequest(backend: backend, script: headlessTouches)
        let kiosk = Kiosk(designSize: TicketCounter.designSize, display: display) { size in
            TicketCounter.makeScene(size: size)
        }
        kiosk.main()
    }

    /// A tap on + at 0.2 s, then + held from 0.5 s to 2 s (panel pixels of the 800×480 layout).
    static let headlessTouches: [TouchEvent] = {
        let plus = Point(510, 220)
        let script: [(ms: Double, phase: TouchPhase)] = [(200, .down), (250, .up), (500, .down), (2000, .up)]
        return script.map { TouchEvent(slot: 0, phase: $0.phase, position: plus, time: .milliseconds($0.ms)) }
    }()
}
