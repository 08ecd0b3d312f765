import KioskCore
import KioskGestures

/// What a button (or later IPC) asks the scene to do.
public enum ControlAction: Sendable, Equatable {
    /// Show another screen, with a transition (`duration` nil: the default 0.3 s).
    case switchScreen(String, transition: TransitionKind = .none, duration: Duration? = nil)
    /// Return to the previous screen; nil transition plays the one that left it, backwards.
    case back(transition: TransitionKind? = nil, duration: Duration? = nil)
    /// Show a panel (an overlay sliding in from an edge).
    case showPanel(String)
    /// Show a popup dialog over everything else.
    case showPopup(String)
    /// Show every text in another of the scene's languages (`Scene.setLanguage`).
    case setLanguage(String)
}

/// The scene as seen from a control: where damage, events, actions and animations go.
/// `Screen`, `Panel` and `PopupDialog` are hosts; a control reaches its host through
/// `Control.host` and usually through the control's own helpers (`invalidate`, `send`).
public protocol ControlHost: AnyObject {
    /// Marks an area as needing a repaint in the next frame. The area is in the host's
    /// coordinates, those its controls' frames are in: a screen's are the scene's (design
    /// pixels), a panel's start at the panel's top-left corner wherever it is on screen.
    func invalidate(_ rect: Rect)
    /// Queues `event` for the frame; `control` is the control that sent it, whose observers
    /// are told when the frame's events are handed out.
    func post(_ event: ControlEvent, from control: Control?)
    /// Does what a control asks of the scene (switch screens, show a panel or a popup).
    func perform(_ action: ControlAction, from control: Control)
    /// Steps `control.advance(by:)` on every fixed simulation step until it returns false.
    func startAnimating(_ control: Control)
    /// The time of the input or simulation step being handled (events carry it).
    var currentTime: Instant { get }
    /// What measures text as the display will set it; nil when nothing draws the scene yet.
    var textMeasurer: TextMeasuring? { get }
    /// The language the scene shows (`Scene.language`): which way controls read and how they
    /// write numbers; `.standard` for a host on no scene.
    var language: DisplayLanguage { get }
    /// `control`, one of `group`'s choices (`Control.checkGroup`), was just checked: the
    /// scene unchecks the group's others (`Control.uncheckForGroup()`).
    func controlChecked(_ control: Control, inGroup group: String)
    /// The control called `id` anywhere in the scene (on a screen or in a panel): how a
    /// control bound to another by id reaches it when it acts (a keypad its text field), so
    /// that the binding survives a reload and needs no reference kept.
    func sceneControl(withID id: String) -> Control?
    /// The control keys type into (`Scene.focusedControl`), if any.
    var focusedControl: Control? { get }
    /// Gives `control` the focus (a tap on a text field): keys type into it from now on.
    func focus(_ control: Control)
}

/// A host that belongs to a scene directly (a screen, a panel, a popup): everything but its
/// own damage is the scene's, so it is forwarded here once, and a host written later cannot
/// forget one of the forwards. A host on no scene yet posts nothing and reads the defaults.
public protocol SceneBoundHost: ControlHost {
    /// The scene the host is on; nil until it is added to one.
    var scene: Scene? { get }
}

extension SceneBoundHost {
    /// Queues the event in the scene's outbox (the control's observers are told with the frame).
    public func post(_ event: ControlEvent, from control: Control?) { scene?.post(event, from: control) }
    /// Lets the scene do the action.
    public func perform(_ action: ControlAction, from control: Control) { scene?.perform(action, from: control) }
    /// Steps the control on the scene's fixed-step clock.
    public func startAnimating(_ control: Control) { scene?.startAnimating(control) }
    /// The scene's time (zero before the host belongs to a scene).
    public var currentTime: Instant { scene?.currentTime ?? .zero }
    /// The scene's.
    public var textMeasurer: TextMeasuring? { scene?.textMeasurer }
    /// The scene's (what its controls read their direction and numbers from).
    public var language: DisplayLanguage { scene?.language ?? .standard }
    /// The scene unchecks the group's other choices.
    public func controlChecked(_ control: Control, inGroup group: String) { scene?.controlChecked(control, inGroup: group) }
    /// The scene's control called `id`, on any screen or in any panel.
    public func sceneControl(withID id: String) -> Control? { scene?.control(withID: id) }
    /// The scene's.
    public var focusedControl: Control? { scene?.focusedControl }
    /// The scene moves its focus to `control`.
    public func focus(_ control: Control) { scene?.focus(control) }
}

/// Base class of everything on a screen. Subclasses draw themselves through a `Canvas`,
/// answer hit tests and react to the touches the scene routes to them.
///
/// Every property change calls `invalidate()` for exactly the area whose pixels depend on it,
/// and nothing is drawn outside `paintBounds`.
///
/// To write a control of your own, subclass it: override `draw(_:in:)` (and `paintMargin` if
/// drawing reaches beyond the frame), the `touch…` methods it reacts to (return true from
/// `touchBegan` to claim the finger), `advance(by:)` to animate after `startAnimating()`,
/// call `invalidate(_:)` with what a change repaints, and `send(_:value:)` to report what
/// happened. Observers (`addObserver(for:_:)`) hear about it once the frame's events are final.
open class Control {
    /// Names the control in events (`source`) and look-ups; unique across a scene.
    public let id: String
    /// Where the control's damage, events and actions go: the screen, panel or popup that
    /// holds it (nil while it is on none). Set by the host when the control is added.
    public package(set) weak var host: ControlHost?
    /// Colours, font and shape; a change repaints the control.
    open var theme: Theme { didSet { if oldValue != theme { invalidate() } } }
    /// This control's own observers (see `addObserver(for:_:)`).
    var observers = EventObservers()

    /// Position and size in the host's coordinates: the scene's (design pixels) on a screen,
    /// the panel's (from its top-left corner) in a panel.
    open var frame: Rect {
        didSet {
            guard oldValue != frame else { return }
            host?.invalidate(paintBounds(for: oldValue))
            invalidate()
        }
    }

    /// A hidden control (config `"visible": false`) is neither drawn nor touched; a change
    /// repaints where it is, and hiding a control under a finger cancels that touch.
    public var isHidden = false {
        didSet {
            guard oldValue != isHidden else { return }
            host?.invalidate(paintBounds(for: frame))
            if isHidden { touchCancelled(time: currentTime) }
        }
    }

    /// A disabled control (config `"enabled": false`) is drawn faded (`disabledOpacity`) and
    /// takes no touch: a finger landing on it starts nothing, here or under it, and disabling a
    /// control under a finger cancels that touch (a drag ends with its `valueCommitted`).
    public var isEnabled = true {
        didSet {
            guard oldValue != isEnabled else { return }
            invalidate()
            if !isEnabled { touchCancelled(time: currentTime) }
        }
    }

    /// Whether a finger landing on the control may start a gesture on it: shown and enabled.
    public var acceptsTouches: Bool { isEnabled && !isHidden }

    /// How opaque a disabled control is drawn: the one "disabled look" of every control, its
    /// own colours kept so that it is still recognisable.
    public static let disabledOpacity = 0.4

    /// Properties the owner changed at run time (the socket's or MQTT's `set`), by config key,
    /// in the order first set, each with its latest value (null: set back to its default):
    /// what the state file, MQTT's retained state and a reload keep. Empty for a control left
    /// as built. Recorded by the property model, never by a control itself.
    public package(set) var ownerProperties: [OwnerProperty] = []

    /// A control at `frame` (scene coordinates on a screen, panel coordinates in a panel).
    public init(id: String, frame: Rect, theme: Theme) {
        self.id = id
        self.frame = frame
        self.theme = theme
    }

    /// How far drawing may reach beyond the frame (shadows, glows).
    open var paintMargin: Double { 0 }

    /// A part of the frame this control paints fully opaque, whatever lies under it (a list
    /// with an opaque background); nil (the default) for a control that lets anything show
    /// through. A screen repainting only inside it draws neither its background nor the
    /// controls below: a list's scroll frame is then its own copy, not a fill and a copy.
    open var opaqueRect: Rect? { nil }

    /// Everything drawing may touch, for a given frame.
    public func paintBounds(for frame: Rect) -> Rect { frame.outsetBy(paintMargin) }
    /// Everything drawing may touch now: the frame grown by `paintMargin`.
    public var paintBounds: Rect { paintBounds(for: frame) }

    /// Asks for the whole control to be repainted: its `paintBounds`.
    public func invalidate() { host?.invalidate(paintBounds) }
    /// Asks for `rect` to be repainted: only what a change touches, e.g. the strip between a
    /// knob's old and new position. `rect` is in the same coordinates as `frame` (the host's:
    /// the scene's on a screen, the panel's in a panel), not relative to the control's
    /// origin; a rectangle at `frame.minX` starts at the control's left edge.
    public func invalidate(_ rect: Rect) { host?.invalidate(rect) }

    /// Asks the host to call `advance(by:)` on every fixed simulation step (1/120 s) until it
    /// returns false. Call it when something starts moving outside a step (on a touch, when
    /// a property is set): an idle scene does not step at all.
    public func startAnimating() { host?.startAnimating(self) }

    /// The time of the input or simulation step being handled: what events are stamped with,
    /// and the only clock a control should read.
    public var currentTime: Instant { host?.currentTime ?? .zero }

    /// The language the scene shows (through the host; `.standard` on none): what drawing
    /// code reads for the direction and the number conventions. Read it when drawing or
    /// handling a touch rather than keeping it: a language switch repaints every control.
    public var language: DisplayLanguage { host?.language ?? .standard }

    /// Which way the scene's language reads: a control that shows reading direction (a
    /// slider's min → max, a toggle's on side) mirrors itself when it is right to left.
    public var layoutDirection: LayoutDirection { language.direction }

    /// `rect` (in the frame's coordinates) as it lies in this control's reading direction:
    /// itself left to right, reflected across the frame's vertical centre line right to
    /// left. Draw and hit-test through the same call, so that touch follows the drawing.
    public func mirroredForReading(_ rect: Rect) -> Rect {
        layoutDirection.isRightToLeft ? rect.mirrored(across: frame) : rect
    }

    /// Paints the control as it is now: `draw(_:in:)`, faded when disabled. What hosts call.
    public func render(_ canvas: Canvas, in dirty: Rect) {
        guard !isEnabled else { return draw(canvas, in: dirty) }
        canvas.beginLayer(opacity: Self.disabledOpacity)
        draw(canvas, in: dirty)
        canvas.endLayer()
    }

    /// Paints the control. The canvas is already clipped to `dirty` (scene coordinates);
    /// a control may skip parts that cannot touch it, since every damaged rectangle is
    /// drawn in a pass of its own.
    open func draw(_ canvas: Canvas, in dirty: Rect) {}

    // MARK: Touch

    /// Fingers are fat: a control may accept touches a little outside what it draws.
    /// Returns the distance from `point` to the control's touch target, 0 when inside the
    /// frame, nil when the point is not a touch for this control at all.
    open func touchDistance(to point: Point) -> Double? {
        frame.contains(point) ? 0 : nil
    }

    /// A finger went down on this control. Returning true claims the touch: every later
    /// event of that finger comes here, wherever it moves.
    open func touchBegan(at point: Point, time: Instant) -> Bool { false }
    /// The finger moved past the touch slop (first call) and on (later calls).
    open func touchMoved(to point: Point, time: Instant) {}
    /// The finger lifted without having moved past the slop.
    open func touchTapped(at point: Point, time: Instant) {}
    /// The tap just reported (`touchTapped`) was the second of a double tap: the finger
    /// went down within 300 ms of the previous tap's lift and within 40 px of it
    /// (`GestureConfiguration.doubleTapInterval`, `doubleTapDistance`). Comes right after
    /// that `touchTapped` and before `touchEnded`. Taps are never held back waiting for a
    /// second one, so a control that gives single and double taps different meanings undoes
    /// or absorbs the first tap's effect here (a zoom toggles, a value steps back).
    open func touchDoubleTapped(at point: Point, time: Instant) {}
    /// The finger stayed within the touch slop for the long-press time (500 ms by default).
    /// Comes after `touchBegan` and before `touchEnded`; no `touchTapped` follows. A finger
    /// that then moves past the slop drags on as any other (`touchMoved`, `touchSwiped`):
    /// people rest a finger on a knob before they drag it. A control whose long press means
    /// something of its own returns true from `claimsLongPress` to get no moves after it.
    open func touchLongPressed(at point: Point, time: Instant) {}
    /// True when a long press is this control's whole gesture (it opens a menu, say): once
    /// `touchLongPressed` came, that finger's moves and swipe are not delivered, only its
    /// `touchEnded` or `touchCancelled`. False (the default, and every built-in control): a
    /// finger that rests past the long-press time and then moves is a drag.
    open var claimsLongPress: Bool { false }
    /// The fingers (touch slots) whose long press this control claimed: their moves are held back.
    var claimedLongPresses: Set<Int> = []
    /// The finger was flung: it lifted from a pan faster than the fling velocity. Comes
    /// after the last `touchMoved` and before `touchEnded`; `velocity` is the release
    /// velocity in px/s, `direction` its dominant axis.
    open func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {}
    /// The finger lifted from a pan: comes after its last `touchMoved` and before any
    /// `touchSwiped` and `touchEnded`, with the gesture tracker's release velocity in px/s,
    /// however slow. A control that carries a drag's momentum on (a list's glide) reads it
    /// here; `touchSwiped` comes only for a fling.
    open func touchPanEnded(velocity: Point, time: Instant) {}
    /// The finger lifted (after a tap, a pan, a swipe or a long press).
    open func touchEnded(at point: Point, time: Instant) {}
    /// The system took the touch away (e.g. the screen changed).
    open func touchCancelled(time: Instant) {}
    /// A reload put this control in the place of `previous` (the same id, in the scene the
    /// reload replaced) while a finger held `previous`, and this control already has its value:
    /// return true to take the finger on from where `previous` had it (its later moves and
    /// its lift come here, so the drag goes on and commits at the lift). The default, false,
    /// lets `previous` have `touchCancelled` instead, which ends the drag there (a slider's
    /// `valueCommitted`). Take only what a finger's state is (which knob, where it was); the
    /// value itself has been carried over already.
    open func takeTouch(from previous: Control) -> Bool { false }

    /// Whether this control keeps a drag along `axis` that a scroll container around it (a
    /// list, swipeable pages) would otherwise take over once the finger leaves the touch slop
    /// (see `DragOwnership`). False by default: a control that only takes taps (a button)
    /// gives every drag to the container. A slider keeps drags along its track, a dial every
    /// drag. Asked at the drag's first move, so a container of controls (a list) may answer
    /// for the control its finger holds now.
    open func keepsDrag(along axis: DragAxis) -> Bool { false }

    /// The scene's language changed (`Scene.language`): the default repaints the control,
    /// which is all a control that reads `language` while drawing needs. Override it to drop
    /// what was kept for the old language (and call `super`).
    open func languageDidChange() { invalidate() }

    /// The scene is being switched to the language `code`, however it was chosen (a tap, the
    /// socket, the idle return, a restored state): a control that chooses a language shows
    /// itself chosen (a checkable button whose action sets `code`), with events unless
    /// `sendsEvents` is false. Called before `languageChanged` is posted. Nothing by default.
    open func languageChosen(_ code: String, sendsEvents: Bool) {}

    // MARK: Focus

    /// Whether the control takes the focus, and so typed text (a text field): a tap focuses it,
    /// Tab moves the focus among such controls. A hidden or disabled one is passed over.
    /// False by default.
    open var acceptsFocus: Bool { false }

    /// Whether keys type into this control now (`Scene.focusedControl`).
    public var isFocused: Bool { host?.focusedControl === self }

    /// The focus came or went: the default repaints the control (a focused field's border).
    open func focusDidChange() { invalidate() }

    // MARK: Groups of choices

    /// The group of choices this control is one of (a button's `group`): checking one tells
    /// its host (`ControlHost.controlChecked(_:inGroup:)`), and the scene unchecks the
    /// others of that name, whatever their type. Nil (the default): none.
    open var checkGroup: String? { nil }

    /// Unchecks the control as its group's choice moved to another one, reporting the change
    /// as its own events say. Nothing by default.
    open func uncheckForGroup() {}

    // MARK: Containers

    /// The controls this one hosts inside itself (a list's rows' controls), which the scene
    /// finds by id (`Scene.control(withID:)`, `allControls`) like those on a screen. Empty
    /// for a control that hosts none.
    open var children: [Control] { [] }

    /// This control, then every control inside it, depth first.
    public var withDescendants: [Control] {
        let inside = children
        return inside.isEmpty ? [self] : [self] + inside.flatMap(\.withDescendants)
    }

    /// The control called `id`: this one, or one inside it.
    public func control(withID id: String) -> Control? {
        if self.id == id { return self }
        for child in children { if let found = child.control(withID: id) { return found } }
        return nil
    }

    /// One fixed simulation step for a control that asked for `startAnimating`.
    /// Returns true while the control still has something moving.
    ///
    /// `dt` is the same every step: 1/120 s rounded down to whole nanoseconds (8 333 333 ns),
    /// so twelve steps are 4 ns short of 100 ms. A control that times something in steps
    /// (a repeat every 100 ms) should count steps, or allow half a step, rather than compare
    /// a sum of `dt` with a round number.
    open func advance(by dt: Duration) -> Bool { false }

    // MARK: Value

    /// The control's value as named fields, in the order its events carry them (a range
    /// slider's `lower` and `upper`, a dial's `angle`); nil for a control that has none (a
    /// label, a button). What the control socket's `get` answers and the state file keeps.
    open var currentValue: [(name: String, value: EventScalar)]? { nil }

    /// Whether the value is a secret (a PIN in a masked `TextField`): it leaves the kiosk only
    /// in the one event meant to carry it (the field's `submitted`, to the owner that checks
    /// it), and is never written where it would outlive the moment or reach someone else: not
    /// into the state file, MQTT's retained state, `get`, `subscribe`'s state or a template
    /// (they see `disclosedValue`). False by default.
    open var valueIsSecret: Bool { false }

    /// The value as `get`, `subscribe`'s state and templates show it: `currentValue`, or for a
    /// secret one (`valueIsSecret`) what can be said without it (a masked field: its
    /// `length`); nil by default for a secret value.
    open var disclosedValue: [(name: String, value: EventScalar)]? { valueIsSecret ? nil : currentValue }

    /// Sets some or all of the value's fields from outside (the socket's `set`, a restored
    /// state file), as a finger would: clamped and brought into range the same way, and, when
    /// the value changed and `sendsEvents`, followed by the events a drag would send
    /// (`valueChanged`, then `valueCommitted`). Fields not named keep their values.
    ///
    /// - Throws: ``ControlValueError`` for a control without a value, a field it does not
    ///   have, or a field of the wrong type; nothing is changed then.
    open func setValue(_ fields: [(name: String, value: EventScalar)], sendsEvents: Bool = true) throws(ControlValueError) {
        throw ControlValueError("'\(id)' has no value to set")
    }

    /// Sends `valueChanged` and `valueCommitted` with the current value: what `setValue`
    /// implementations call once the value changed.
    public func sendValueEvents() {
        guard let value = currentValue else { return }
        send(.valueChanged, fields: value)
        send(.valueCommitted, fields: value)
    }

    // MARK: Events

    /// Reports `kind` with `value` (fields in order, as the JSON line writes them), stamped
    /// with `currentTime` and this control's id: `send(.toggled, value: ["on": true])`.
    /// Like UIKit's `sendActions(for:)`, it does not call observers at once: the event waits
    /// in the scene's outbox (where kinds that coalesce keep only their latest value) until
    /// the frame's events are handed out. A control on no host sends nothing.
    public func send(_ kind: ControlEvent.Kind, value: KeyValuePairs<String, EventScalar> = [:]) {
        send(kind, fields: value.map { (name: $0.key, value: $0.value) })
    }

    /// `send(_:value:)` with fields already in an array (built in a loop, say); `disclosing`,
    /// when the fields hold a secret, is what channels that must not carry it send instead
    /// (`ControlEvent.disclosedValue`).
    public func send(_ kind: ControlEvent.Kind, fields: [(name: String, value: EventScalar)],
                     disclosing disclosed: [(name: String, value: EventScalar)]? = nil) {
        guard let host else { return }
        var event = ControlEvent(time: host.currentTime, source: id, kind: kind, value: fields)
        event.disclosedValue = disclosed
        host.post(event, from: self)
    }

    /// Calls `handler` with every event of `kind` this control sends (every event when
    /// `kind` is nil), once the frame's events are final: after coalescing, in the order of
    /// the JSON lines, right after the event's own line. Many observers may watch one
    /// control; they run in the order they were added. A handler may change the scene (set
    /// values, switch screens); what it changes shows, and what it sends goes out, in the
    /// next frame.
    ///
    /// The control keeps its observers for as long as it lives, so a handler that captures
    /// the control itself (strongly) keeps it alive for ever: a retain cycle, never freed
    /// even once the control left its screen. Capture it weakly:
    ///
    /// ```swift
    /// slider.addObserver(for: .valueCommitted) { [weak slider] _ in
    ///     guard let slider else { return }
    ///     print("kept", slider.lowerValue, slider.upperValue)
    /// }
    /// ```
    @discardableResult
    public func addObserver(for kind: ControlEvent.Kind? = nil,
                            _ handler: @escaping (ControlEvent) -> Void) -> ObservationToken {
        observers.add(kind: kind, handler)
    }

    /// Stops the calls of the observer `token` names; returns false if it was not one of this
    /// control's (or was removed already).
    @discardableResult
    public func removeObserver(_ token: ObservationToken) -> Bool { observers.remove(token) }
}
