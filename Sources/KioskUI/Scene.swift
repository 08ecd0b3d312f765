import KioskCore
import KioskGestures

/// Everything on the display: the screens, which one is shown, the damage waiting to be
/// repainted and the events waiting to go out. It is laid out in design coordinates
/// (`designSize`); the renderer scales and rotates it onto the panel.
///
/// Data flows one way: gestures come in through `handle(_:)`, time through `step(_:at:)`;
/// damage and events leave through `takeDamage()` and `drainEvents()` once per frame.
public final class Scene: ControlHost {
    public let designSize: Size
    public var background: Color { didSet { if oldValue != background { invalidateAll() } } }
    public private(set) var screens: [Screen]
    public private(set) var currentScreen: Screen
    public private(set) var currentTime: Instant = .zero

    private var damage = DamageRegion()
    private var outbox = EventOutbox()
    /// The control each finger (touch slot) belongs to, from touch-down to lift.
    private var owners: [Int: Control] = [:]
    private var animating: [Control] = []

    public init(designSize: Size, background: Color = Theme.standard.background, screens: [Screen], startScreen: String? = nil) {
        precondition(!screens.isEmpty, "a scene needs at least one screen")
        self.designSize = designSize
        self.background = background
        self.screens = screens
        self.currentScreen = screens.first { $0.id == startScreen } ?? screens[0]
        for screen in screens { for control in screen.controls { control.host = self } }
        invalidateAll()
    }

    public var bounds: Rect { Rect(origin: .zero, size: designSize) }

    public func screen(withID id: String) -> Screen? { screens.first { $0.id == id } }

    /// Finds a control on any screen.
    public func control(withID id: String) -> Control? {
        for screen in screens { if let c = screen.control(withID: id) { return c } }
        return nil
    }

    public func add(_ control: Control, to screen: Screen) {
        control.host = self
        screen.add(control)
        if screen === currentScreen { control.invalidate() }
    }

    // MARK: Damage and events

    public func invalidate(_ rect: Rect) {
        var r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        r = r.integral
        damage.add(r)
    }

    public func invalidateAll() { damage.add(bounds) }

    public var needsRedraw: Bool { !damage.isEmpty }

    /// The damage collected since the last call (design coordinates, whole pixels).
    public func takeDamage() -> DamageRegion {
        defer { damage.removeAll() }
        return damage
    }

    public func post(_ event: ControlEvent) {
        // Controls on a screen that is not shown cannot change visibly; their events still count.
        outbox.post(event)
    }

    public func drainEvents() -> [ControlEvent] { outbox.drain() }

    public var hasPendingEvents: Bool { !outbox.isEmpty }

    // MARK: Actions

    public func perform(_ action: ControlAction, from control: Control) {
        switch action {
        case .switchScreen(let id): showScreen(id)
        }
    }

    /// Shows another screen at once. Fingers on the old screen are cancelled, so a drag can
    /// never continue on a control that is no longer visible.
    @discardableResult
    public func showScreen(_ id: String) -> Bool {
        guard let next = screen(withID: id), next !== currentScreen else { return false }
        cancelAllTouches()
        currentScreen = next
        invalidateAll()
        return true
    }

    // MARK: Touch ownership

    func owner(of slot: Int) -> Control? { owners[slot] }
    func setOwner(_ control: Control?, for slot: Int) { owners[slot] = control }
    func setTime(_ time: Instant) { if time > currentTime { currentTime = time } }

    /// Every finger lets go of its control (as libinput's touch cancel would).
    public func cancelAllTouches() {
        let held = owners
        owners.removeAll()
        for (_, control) in held.sorted(by: { $0.key < $1.key }) { control.touchCancelled(time: currentTime) }
    }

    // MARK: Time

    public func startAnimating(_ control: Control) {
        if !animating.contains(where: { $0 === control }) { animating.append(control) }
    }

    public var isAnimating: Bool { !animating.isEmpty }

    /// One fixed simulation step ending at `time`.
    public func step(_ dt: Duration, at time: Instant) {
        currentTime = time
        animating = animating.filter { $0.advance(by: dt) }
    }

    // MARK: Drawing

    /// Paints everything that intersects `rect` (design coordinates). The canvas is already
    /// clipped to it, so this only has to skip controls that cannot touch it.
    public func draw(_ canvas: Canvas, in rect: Rect) {
        canvas.fill(.rect(rect), .solid(currentScreen.background ?? background))
        for control in currentScreen.controls where !control.isHidden && control.paintBounds.intersects(rect) {
            control.draw(canvas, in: rect)
        }
    }
}
