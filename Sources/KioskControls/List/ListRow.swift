import KioskCore
import KioskUI

/// One row of a `List`: controls laid out in the row's own coordinates (origin at the row's
/// top-left corner, as wide as the list and `rowHeight` tall), hosted by the row so that they
/// never learn where the list has scrolled them. Their damage, events and actions go through
/// the row to the list and on to the list's host.
public final class ListRow: ControlHost {
    /// The row's place in the list, from 0 at the top.
    public let index: Int
    /// The controls in paint order, frames relative to the row.
    public let controls: [Control]
    /// The list holding the row.
    public internal(set) weak var list: List?

    /// A row of `controls` (frames relative to the row), at `index` once given to a list.
    public init(index: Int, controls: [Control]) {
        self.index = index
        self.controls = controls
        for control in controls { control.host = self }
    }

    /// The control a finger at `point` (row coordinates) lands on, as on a screen.
    func control(at point: Point) -> Control? { Screen.control(at: point, among: controls) }

    // MARK: ControlHost (row coordinates)

    /// Repaints `rect` of the row: the list's kept rows, and the display where it shows.
    public func invalidate(_ rect: Rect) { list?.rowDidInvalidate(self, rect) }
    /// Queues the event in the scene's outbox, as a control on the screen would.
    public func post(_ event: ControlEvent, from control: Control?) { list?.host?.post(event, from: control) }
    /// Lets the scene do the action (a row's button opens a detail screen).
    public func perform(_ action: ControlAction, from control: Control) { list?.host?.perform(action, from: control) }
    /// Steps the control on the scene's fixed-step clock.
    public func startAnimating(_ control: Control) { list?.host?.startAnimating(control) }
    /// The scene's time.
    public var currentTime: Instant { list?.host?.currentTime ?? .zero }
    /// The scene's.
    public var textMeasurer: TextMeasuring? { list?.host?.textMeasurer }
    /// The scene's (what its controls read their direction and numbers from).
    public var language: DisplayLanguage { list?.language ?? .standard }
    /// The scene unchecks the group's other choices.
    public func controlChecked(_ control: Control, inGroup group: String) {
        list?.host?.controlChecked(control, inGroup: group)
    }
    /// The scene's: a keypad in a row types into a field anywhere in the scene.
    public func sceneControl(withID id: String) -> Control? { list?.host?.sceneControl(withID: id) }
    /// The list's host's.
    public var focusedControl: Control? { list?.host?.focusedControl }
    /// The list's host focuses `control`.
    public func focus(_ control: Control) { list?.host?.focus(control) }
}
