import KioskCore
import KioskGestures

/// Everything on the display: the screens, which one is shown, the overlays over it, the
/// damage waiting to be repainted and the events waiting to go out. It is laid out in design
/// coordinates (`designSize`); the renderer scales and rotates it onto the panel.
///
/// Data flows one way: gestures come in through `handle(_:)`, time through `step(_:at:)`;
/// damage and events leave through `takeDamage()` and `drainEvents()` once per frame.
public final class Scene {
    /// The size the scene is laid out in; `resize(to:)` changes it for a layout in the screen's
    /// own pixels when the screen changes size.
    public private(set) var designSize: Size
    /// The colour behind every screen; changing it repaints everything.
    public var background: Color {
        didSet {
            guard oldValue != background else { return }
            invalidateAll()
            for screen in screens { screen.updateLayerOpacity() }
        }
    }
    /// Measures text as the renderer sets it (the renderer's canvas, given by the runtime
    /// that draws this scene): a label whose text changes repaints only the old and new
    /// words' band. Nil: a change repaints the whole label.
    public weak var textMeasurer: TextMeasuring?
    /// The language the scene shows: which way text and controls read, how numbers are
    /// written (`DisplayLanguage`); `setLanguage(_:sendsEvents:)` switches among `languages`
    /// and says so with an event. Setting another one makes the next frame exactly what a
    /// fresh scene built with it would draw, in one frame: every control is told
    /// (`Control.languageDidChange()`), what was kept per direction is dropped (retained
    /// layers, a popup's button row, a page swipe in flight) and everything is repainted.
    public var language: DisplayLanguage = .standard {
        didSet { if oldValue != language { languageDidChange(from: oldValue) } }
    }
    /// The screens, in the order given.
    public private(set) var screens: [Screen]
    /// The screen shown now; during a transition, the one it goes to.
    public internal(set) var currentScreen: Screen
    /// Overlays over the current screen, bottom first; the last one gets the touches.
    public internal(set) var overlays: [Overlay] = []
    /// The screen change in progress, if any. Input is ignored while it runs.
    public internal(set) var transition: ScreenTransition?
    /// The time of the latest step: what events are stamped with.
    public private(set) var currentTime: Instant = .zero
    /// Who caused what the scene is doing now, and so every event posted meanwhile (see
    /// `withEventOrigin(_:_:)`): `.touch` while it handles a gesture, the origin of what set a
    /// motion going while it steps that motion, and `.owner` otherwise, since whatever calls
    /// the scene from outside a touch is the owner's program.
    public internal(set) var eventOrigin: ControlEvent.Origin = .owner
    /// Going back to a screen after a time without a touch (the config's `idle`); nil: never.
    public var idleReturn: IdleReturn? { didSet { lastActivity = currentTime } }
    /// The languages the scene can be shown in (codes), its first the default; empty: only
    /// the one it was made with (`setLanguage` refuses every other).
    public var languages: [String] = []
    /// The barcode and QR readers among the keyboards (`handleText(_:fromDevice:)`): what they
    /// type is a scan, never typing into the focused field.
    package var scanners: [Scanner] = []
    /// The control given the focus last (`focusedControl` says whether it may still have it).
    weak var focusHolder: Control?
    /// When the last finger touched the scene (or the idle return was set): what `idleReturn`
    /// and a screen's `advanceAfter` count from.
    var lastActivity: Instant = .zero
    /// The idle return happened and no finger came since: it waits for the next touch.
    var idleReturned = false
    /// When the current screen became current.
    var screenShownAt: Instant = .zero
    /// The groups of swipeable pages (`addPageGroup(_:)`).
    public internal(set) var pageGroups: [PageGroup] = []
    /// The pages following a finger, or settling after one, if any.
    var pageSwipe: PageSwipe?
    /// Screens shown before the current one, for `back`, with the transition that left each.
    var history: [(screen: Screen, transition: TransitionKind, duration: Duration)] = []

    private var damage = DamageRegion()
    /// The region `takeDamage` handed out last, collected into again next time (see there).
    private var spareDamage = DamageRegion()
    private var outbox = EventOutbox()
    /// The controls whose events wait in the outbox, by identity, until they are handed out
    /// (so that a control removed meanwhile still has its observers told).
    private var senders: [ObjectIdentifier: Control] = [:]
    /// The senders of the batch being handed out; takes turns with `senders` (as the damage
    /// regions do), so that a frame with events allocates no new table.
    private var sent: [ObjectIdentifier: Control] = [:]
    /// Observers of every event of the scene (`addObserver(for:source:_:)`).
    var observers = EventObservers()
    /// True while `dispatchEvents` runs: an observer asking for it again gets nothing.
    private var isDispatching = false
    /// Who each finger (touch slot) belongs to, from touch-down to lift.
    var owners: [Int: TouchOwner] = [:]
    /// The controls stepped on every fixed step, each with the origin of what started it
    /// moving: what it sends while it moves is stamped with that.
    private var animating: [(control: Control, origin: ControlEvent.Origin)] = []
    /// The controls a step goes through: `animating` as it was when the step began.
    private var stepping: [(control: Control, origin: ControlEvent.Origin)] = []

    enum TouchOwner {
        case control(Control)
        case overlay(Overlay)
        /// A finger that drags swipeable pages.
        case pages
        /// A finger that landed on nothing that took it: swipeable pages may still take it
        /// when it drags sideways.
        case unclaimed
        /// A finger that landed during a transition: ignored until it lifts.
        case ignored
    }

    /// A scene laid out at `designSize`, showing the screen named `startScreen` (default: the first); traps when `screens` is empty.
    public init(designSize: Size, background: Color = Theme.standard.background, screens: [Screen], startScreen: String? = nil) {
        precondition(!screens.isEmpty, "a scene needs at least one screen")
        self.designSize = designSize
        self.background = background
        self.screens = screens
        self.currentScreen = screens.first { $0.id == startScreen } ?? screens[0]
        for screen in screens { screen.attach(to: self) }
        invalidateAll()
    }

    /// The whole scene in design coordinates.
    public var bounds: Rect { Rect(origin: .zero, size: designSize) }

    /// Lays the scene out in `size` from now on (frames stay where they are; panels, which are
    /// fractions of the scene, follow) and repaints everything.
    public func resize(to size: Size) {
        guard size != designSize else { return }
        designSize = size
        for screen in screens {
            screen.layer.resize(to: bounds)
            screen.updateLayerOpacity()
        }
        invalidateAll()
    }

    /// The screen called `id`, if any.
    public func screen(withID id: String) -> Screen? { screens.first { $0.id == id } }

    /// Finds a control on any screen, then in any registered panel (a popup's buttons are
    /// named by the popup's `buttonTapped` events, not looked up).
    public func control(withID id: String) -> Control? {
        for screen in screens { if let c = screen.control(withID: id) { return c } }
        for case let panel as Panel in registeredOverlays { if let c = panel.control(withID: id) { return c } }
        return nil
    }

    /// Every control of the scene: the screens' in order, then the registered panels', each
    /// followed by the controls inside it (a list's rows').
    public var allControls: [Control] {
        let top = screens.flatMap(\.controls) + registeredOverlays.compactMap { ($0 as? Panel)?.controls }.joined()
        return top.flatMap(\.withDescendants)
    }

    /// Unchecks every other control of `group` on the screens and in the panels: one choice.
    func controlChecked(_ control: Control, inGroup group: String) {
        for other in allControls where other !== control && other.checkGroup == group { other.uncheckForGroup() }
    }

    /// The overlay called `id` among those shown now.
    public func overlay(withID id: String) -> Overlay? { overlays.first { $0.id == id } }

    /// Whether `overlay` is among those shown now (on its way in or out included).
    public func isShowing(_ overlay: Overlay) -> Bool { overlays.contains { $0 === overlay } }

    /// Adds a screen after the scene was made (screens built in code, tests, IPC).
    public func add(screen: Screen) {
        precondition(self.screen(withID: screen.id) == nil, "duplicate screen id \(screen.id)")
        screens.append(screen)
        screen.attach(to: self)
    }

    // MARK: Damage and events

    /// Marks an area (scene coordinates) of the display for repainting in the next frame.
    public func invalidate(_ rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        damage.add(r.integral)
    }

    /// Marks the whole scene for repainting.
    public func invalidateAll() { damage.add(bounds) }

    /// A screen's control changed: repaint it if that screen can be seen.
    func screen(_ screen: Screen, didInvalidate rect: Rect) {
        if screen === currentScreen || screen === transition?.under || screen === transition?.over
            || pageSwipe?.shows(screen) == true {
            invalidate(rect)
        }
    }

    /// Something is damaged and waits to be painted.
    public var needsRedraw: Bool { !damage.isEmpty }

    /// The damage collected since the last call (design coordinates, whole pixels).
    public func takeDamage() -> DamageRegion {
        // Two regions take turns, so that collecting damage reuses storage instead of
        // allocating every frame: the one handed out last time is unique again once its
        // taker has let it go, and emptying it keeps its capacity.
        swap(&damage, &spareDamage)
        damage.removeAll()
        return spareDamage
    }

    /// Queues `event` for the frame (see `dispatchEvents(to:)`), stamped with `eventOrigin`; no
    /// control's observers hear of it, the scene's do.
    public func post(_ event: ControlEvent) { outbox.post(stamped(event)) }

    /// Queues `event`, sent by `control` and stamped with `eventOrigin`: that control's
    /// observers hear of it too.
    public func post(_ event: ControlEvent, from control: Control?) {
        guard let control else { return post(event) }
        let sender = ObjectIdentifier(control)
        senders[sender] = control
        outbox.post(stamped(event), sender: sender)
    }

    private func stamped(_ event: ControlEvent) -> ControlEvent {
        var event = event
        event.origin = eventOrigin
        return event
    }

    /// Hands out the events posted since the last call, without telling any observer (the
    /// low-level half of `dispatchEvents(to:)`, for tests that look at events alone).
    public func drainEvents() -> [ControlEvent] {
        senders.removeAll()
        return outbox.drain()
    }

    /// Something was posted since the events were last handed out.
    public var hasPendingEvents: Bool { !outbox.isEmpty }

    /// Posts an event about something that is not a control (a panel, a popup), stamped now.
    public func post(_ kind: ControlEvent.Kind, source: String, value: [(name: String, value: EventScalar)] = []) {
        post(ControlEvent(time: currentTime, source: source, kind: kind, value: value))
    }

    /// Hands out the frame's events: for each, in order, `emit` (the JSON line), then the
    /// observers of the control that sent it, then the scene's observers. Every one sees the
    /// event as it is final (coalesced). Events that observers post meanwhile wait for the
    /// next frame, carrying the origin of the event their observer was handed, and a call
    /// from inside an observer hands out nothing. Returns the events.
    @discardableResult
    public func dispatchEvents(to emit: (ControlEvent) -> Void = { _ in }) -> [ControlEvent] {
        guard !isDispatching else { return [] }
        isDispatching = true
        defer { isDispatching = false }
        let batch = outbox.drainWithSenders()
        swap(&senders, &sent)
        defer { sent.removeAll(keepingCapacity: true) }
        for (event, sender) in batch {
            withEventOrigin(event.origin) {
                emit(event)
                if let control = sender.flatMap({ sent[$0] }) {
                    for (token, handler) in control.observers.matches(event) where control.observers.contains(token) {
                        handler(event)
                    }
                }
                for (token, handler) in observers.matches(event) where observers.contains(token) {
                    handler(event)
                }
            }
        }
        return batch.map(\.event)
    }

    // MARK: Pointer cursor

    /// Where a mouse pointer is, when the config wants a cursor shown; nil shows none (the
    /// default: a touch kiosk never shows a cursor because a mouse happens to be plugged in).
    public var cursorPosition: Point? {
        didSet {
            guard oldValue != cursorPosition else { return }
            if let old = oldValue { invalidate(Self.cursorBounds(at: old)) }
            if let new = cursorPosition { invalidate(Self.cursorBounds(at: new)) }
        }
    }

    static func cursorBounds(at p: Point) -> Rect { Rect(p.x - 2, p.y - 2, 16, 22) }

    /// A plain arrow, tip at `p`: white with a dark outline, visible on any background.
    static func drawCursor(_ canvas: Canvas, at p: Point) {
        let arrow = Path([.move(p), .line(Point(p.x, p.y + 16)), .line(Point(p.x + 4, p.y + 12)),
                          .line(Point(p.x + 7, p.y + 18)), .line(Point(p.x + 9, p.y + 17)),
                          .line(Point(p.x + 6, p.y + 11)), .line(Point(p.x + 11, p.y + 11)), .close])
        canvas.fill(arrow, .solid(.white))
        canvas.stroke(arrow, width: 1, .solid(Color.black.withAlpha(0.8)), cap: .butt)
    }

    // MARK: Overlays

    /// Overlays that actions can show by id (panels, popups), made once when the scene is built.
    private var registered: [String: Overlay] = [:]

    /// Makes `overlay` available to actions by its id; it is shown only when asked. It belongs
    /// to the scene from now on, shown or not: a control in a panel that was never shown
    /// still sends its events (a `set` from outside must be heard and saved).
    public func register(_ overlay: Overlay) {
        registered[overlay.id] = overlay
        overlay.scene = self
    }

    /// The registered overlay named `id`, if any.
    public func registeredOverlay(withID id: String) -> Overlay? { registered[id] }

    /// Every registered overlay, sorted by id.
    public var registeredOverlays: [Overlay] { registered.values.sorted { $0.id < $1.id } }

    /// Shows a registered overlay, or turns it round if it is on its way out.
    @discardableResult
    public func showOverlay(_ id: String) -> Bool {
        guard let overlay = registered[id] else { return false }
        if !isShowing(overlay) { present(overlay) }
        overlay.show()
        return true
    }

    /// Puts `overlay` on top. Fingers on the screen's controls are cancelled: from now on
    /// the overlay takes every touch.
    public func present(_ overlay: Overlay) {
        cancelAllTouches()
        overlay.scene = self
        overlays.append(overlay)
        currentScreen.layer.invalidateAll()
        invalidateAll()
        overlay.didAppear()
    }

    private func removeFinishedOverlays() {
        guard overlays.contains(where: \.isFinished) else { return }
        let finished = overlays.filter(\.isFinished)
        guard !finished.isEmpty else { return }
        overlays.removeAll { $0.isFinished }
        for (slot, owner) in owners {
            if case .overlay(let o) = owner, finished.contains(where: { $0 === o }) { owners[slot] = .ignored }
        }
        invalidateAll()
    }

    // MARK: Time

    /// Steps `control.advance(by:)` on every fixed step until it returns false; what it sends
    /// meanwhile has the origin of what started it (the latest start, when it was started again).
    public func startAnimating(_ control: Control) {
        if let i = animating.firstIndex(where: { $0.control === control }) {
            animating[i].origin = eventOrigin
        } else {
            animating.append((control, eventOrigin))
        }
    }

    /// A control left its host: fingers on it are cancelled (and ignored until they lift) and
    /// it is no longer stepped, so nothing reaches a control that is not shown.
    func controlWasRemoved(_ control: Control) {
        animating.removeAll { $0.control === control }
        for (slot, owner) in owners.sorted(by: { $0.key < $1.key }) {
            guard case .control(let c) = owner, c === control else { continue }
            owners[slot] = .ignored
            // What the control reports of the finger taken from it (a drag's commit) is the person's.
            withEventOrigin(.touch) { Self.deliver(.cancelled(slot: slot, time: currentTime), to: control) }
        }
    }

    /// Something moves (a control's animation, a transition, an overlay): the scene must be stepped.
    public var isAnimating: Bool {
        !animating.isEmpty || transition != nil || overlaysMoving || pageSwipe?.isSettling == true
    }
    /// Some overlay's `advance` returned true at the last step, or one started moving since
    /// (`Overlay.startAnimating()`).
    var overlaysMoving = false

    /// One fixed simulation step ending at `time`.
    public func step(_ dt: Duration, at time: Instant) {
        setTime(time)
        // The two lists take turns, so a step allocates nothing; a control that starts
        // animating during the step (an observer, another control) is kept as well.
        swap(&animating, &stepping)
        for (control, origin) in stepping
        where withEventOrigin(origin, { control.advance(by: dt) }) && !animating.contains(where: { $0.control === control }) {
            animating.append((control, origin))
        }
        stepping.removeAll(keepingCapacity: true)
        var moving = false
        for overlay in overlays where withEventOrigin(overlay.motionOrigin, { overlay.advance(by: dt) }) { moving = true }
        overlaysMoving = moving
        removeFinishedOverlays()
        stepPages(dt)
        if let t = transition {
            let running = t.advance(by: dt)
            invalidateAll()
            if !running { finishTransition(t) }
        }
    }

    func setTime(_ time: Instant) { if time > currentTime { currentTime = time } }

    /// The loop's time has reached `time` though nothing stepped (an owner's request between
    /// frames): what is posted from now on is stamped with it. Time never goes back.
    package func advanceTime(to time: Instant) { setTime(time) }

    func setTransition(_ t: ScreenTransition) {
        transition = t
        currentScreen.layer.invalidateAll()
        t.under.layer.invalidateAll()
        t.over.layer.invalidateAll()
    }

    func finishTransition(_ t: ScreenTransition) {
        transition = nil
        currentScreen = t.destination
        invalidateAll()
    }

    // MARK: Drawing

    /// Paints everything that intersects `rect` (design coordinates). The canvas is already
    /// clipped to it. With nothing over the screen, the screen's controls are drawn directly;
    /// under overlays and during transitions the screens come from their retained layers, and
    /// the first overlay's backdrop is composited together with the screen's layer.
    public func draw(_ canvas: Canvas, in rect: Rect) {
        // Under an opaque part of the top overlay (a panel) nothing needs drawing, its
        // backdrop included: a panel sliding over the dimmed screen then costs half a
        // dimmed blit, not a whole blit and a whole dim.
        var below = rect
        if transition == nil, let cover = overlays.last?.opaqueRect {
            below = rect.remainder(excluding: cover)
        }
        if below != rect {
            canvas.save()
            canvas.clip(below)
        }
        drawBelowTopOverlay(canvas, in: below)
        if below != rect { canvas.restore() }
        overlays.last?.draw(canvas, in: rect)
        if let cursor = cursorPosition, Self.cursorBounds(at: cursor).intersects(rect) {
            Self.drawCursor(canvas, at: cursor)
        }
    }

    private func drawBelowTopOverlay(_ canvas: Canvas, in rect: Rect) {
        guard !rect.isEmpty else { return }
        if let transition {
            transition.draw(canvas, in: rect, bounds: bounds, background: background)
        } else if let pageSwipe {
            drawPageSwipe(pageSwipe, canvas)
        } else if overlays.isEmpty {
            currentScreen.draw(canvas, in: rect)
        } else {
            canvas.drawRetained(currentScreen.layer, transform: .identity, opacity: 1, dimmedBy: overlays[0].backdrop,
                                over: rect)
        }
        for (i, overlay) in overlays.enumerated() {
            // The first overlay's backdrop went with the screen's layer (not during a
            // transition or a page swipe).
            if i > 0 || transition != nil || pageSwipe != nil, let dim = overlay.backdrop { canvas.fill(.rect(rect), .solid(dim)) }
            if i < overlays.count - 1 { overlay.draw(canvas, in: rect) }
        }
    }
}
