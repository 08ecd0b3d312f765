import KioskCore
import KioskUI

/// Turns the kiosk's events into the bridge's publications: each event's JSON line, and the
/// state of the control it came from (`PREFIX/state/ID`) whenever that changed.
///
/// State is published on every `valueCommitted` and on any other event of a control whose value
/// changed, but while a finger drags (`valueChanged`, one per frame) at most once per
/// ``dragInterval`` per control: a broker fanning out retained state to a fleet's dashboards
/// needs a value a few times a second, not sixty, and the commit at the end always carries the
/// final one. Timed by the events' own times, so it needs no timer and stays deterministic.
///
/// Knows the bridge only as two closures, so tests (and other transports) can stand in.
final class MQTTStateLink {
    /// At most one state per control this often while it is dragged.
    static let dragInterval = Duration.milliseconds(250)

    private let publishEvent: (String) -> Void
    private let publishState: (_ controlID: String, _ valueJSON: String) -> Void
    private var lastPublished: [String: (json: String, time: Instant)] = [:]

    init(publishEvent: @escaping (String) -> Void,
                publishState: @escaping (_ controlID: String, _ valueJSON: String) -> Void) {
        self.publishEvent = publishEvent
        self.publishState = publishState
    }

    /// The state of every control of `scene` that has a value (at start, and after the scene
    /// was replaced).
    func publishAllStates(of scene: Scene) {
        for control in ControlValueJSON.controlsWithState(in: scene) {
            guard let json = ControlValueJSON.state(of: control) else { continue }
            lastPublished[control.id] = (json, lastPublished[control.id]?.time ?? .zero)
            publishState(control.id, json)
        }
    }

    /// One event: its line (as subscribers read it, with its `seq`; default: without), then
    /// its control's state if that is due.
    func emitted(_ event: ControlEvent, line: String? = nil, scene: Scene?) {
        publishEvent(line ?? event.jsonLine)
        guard let control = scene?.control(withID: event.source), let json = ControlValueJSON.state(of: control) else { return }
        if let last = lastPublished[control.id] {
            if last.json == json { return }
            if event.kind == .valueChanged && event.time - last.time < Self.dragInterval { return }
        }
        lastPublished[control.id] = (json, event.time)
        publishState(control.id, json)
    }
}
