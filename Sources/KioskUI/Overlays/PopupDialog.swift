import KioskCore
import KioskAnimation
import KioskGestures

/// A dialog made from a template (`PopupStyle`) and filled with a title, a text and a row of
/// buttons (`PopupContent`), shown over the current screen.
///
/// It appears in 0.2 s: the backdrop fades in while the box scales from 50 % to 100 % about
/// its centre and fades in (ease-out). It disappears by fading out, box and backdrop, in
/// 0.2 s. Both are one interruptible animation: `dismiss()` while appearing, or `show()`
/// while disappearing, turns it round from where it is, so neither opacity nor size jumps.
///
/// Every popup is an overlay of its own, so several form a stack and the top one gets the
/// touches (see `PopupDialog+Touch.swift`). It hosts its buttons as real `PushButton` controls,
/// so they light up under the finger; a tap on one reports `buttonTapped` (source: the popup,
/// `value.button`: the button) and performs the button's action, or dismisses the popup when
/// it has none. `popupShown` is posted when it is fully in, `popupDismissed` when it is
/// completely gone; then the scene removes it.
public final class PopupDialog: Overlay, SceneBoundHost {
    /// Where the dialog is in its life; the raw value is its name in logs.
    public enum Phase: String, Sendable {
        /// Not on screen: before the first `show`, and again once it has faded out.
        case hidden
        /// Backdrop fading in, box scaling up while fading in.
        case appearing
        /// Fully in, at rest.
        case shown
        /// Box and backdrop fading out.
        case disappearing
    }

    /// How long appearing and disappearing take, each.
    public static let transitionDuration = Duration.milliseconds(200)
    /// The box's scale when it starts to appear.
    public static let initialScale = 0.5

    /// The template's look, with frames in scene coordinates.
    public let style: PopupStyle
    /// The title, text and buttons shown now; `show(content:)` and `setContent(_:)` change them.
    public private(set) var content: PopupContent
    /// What the dialog was made with (the config's words): what `show()` shows.
    public private(set) var defaultContent: PopupContent
    /// One per content button, side by side in the template's button row; frames in scene
    /// coordinates (the box's own frame at full size).
    public private(set) var buttons: [PushButton] = []
    /// Where the dialog is in its life.
    public private(set) var phase: Phase = .hidden
    /// A modal dialog must be answered: a tap on the backdrop leaves it (and the popups under
    /// it) alone, and a tap on another popup's backdrop does not dismiss it. Only one of its
    /// buttons, `autoClose`, the owner or the idle return closes it.
    public var isModal = false
    /// Fully shown this long, the dialog dismisses itself (`popupDismissed` follows as for any
    /// dismissal, with `"origin"` the kiosk's); shown again, it counts again. Nil: it stays.
    public var autoClose: Duration?
    /// When `autoClose` dismisses it: set when it is fully shown.
    private var closesAt: Instant?
    /// What the buttons are drawn in: the theme given, pressed in a darker shade of the row's
    /// background.
    private let buttonTheme: Theme

    /// Runs 0 → 1 to appear and back (reversed) to disappear.
    private let animator = Animator(duration: PopupDialog.transitionDuration, easing: .easeOut)
    /// Where the box's scale comes from while appearing: the appearance and scale when this
    /// run towards 1 began. (0, 0.5) for a fresh appearance; a turn-round mid-way starts from
    /// whatever was drawn.
    private var scaleOrigin = (appearance: 0.0, scale: PopupDialog.initialScale)
    /// The box's scale while it fades out: held at what it was when the dismissal began.
    private var heldScale = 1.0
    /// `popupShown` went out in the current presentation (a turn-round just before arriving
    /// fully in does not report it twice).
    private var reportedShown = false
    /// What each finger that landed on this popup is holding, from touch-down to lift.
    var fingers: [Int: Finger] = [:]

    /// A dialog of `content` laid out by `style`, its buttons drawn in `theme`.
    public init(id: String, style: PopupStyle, content: PopupContent, theme: Theme) {
        var boxStyle = style
        // Whole units: the border's centre line then sits on half units, which is crisp at
        // scale 1 (a 1-unit line covers one whole pixel instead of two half pixels).
        boxStyle.boxFrame = style.boxFrame.snappedToWholeUnits
        self.style = boxStyle
        self.content = content
        defaultContent = content
        // The template has no pressed colour, and the theme's accent is often the buttons' own
        // blue: a darker shade of the button shows the press whatever the colours.
        var buttonTheme = theme
        buttonTheme.accent = boxStyle.buttons.background.darkened(0.3)
        self.buttonTheme = buttonTheme
        super.init(id: id)
        buttons = makeButtons()
        animator.completion = { [weak self] position in self?.animationDidEnd(at: position) }
    }

    /// Shows other words and buttons in the same box, at once: fingers on the old buttons are
    /// let go and the dialog is repainted (see also `show(content:)`).
    public func setContent(_ content: PopupContent) {
        guard content != self.content else { return }
        releaseButtons()
        self.content = content
        for button in buttons { button.host = nil }
        buttons = makeButtons()
        invalidateAll()
    }

    /// Takes `content` as its own words in place of the ones it was made with (the same words
    /// in another language): a dialog on screen shows them at once, except a title or text
    /// the owner gave it (`show(content:)`), which stays.
    public func replaceDefaultContent(_ content: PopupContent) {
        var shown = content
        if self.content.title != defaultContent.title { shown.title = self.content.title }
        if self.content.text != defaultContent.text { shown.text = self.content.text }
        defaultContent = content
        // A hidden dialog takes its words when it is shown (`show()`).
        if phase != .hidden { setContent(shown) }
    }

    /// The direction the button row was laid out for: a language switch to the other one
    /// lays it out again (`languageDidChange()`).
    private var buttonRowDirection = LayoutDirection.leftToRight

    /// The content's buttons in the template's row, hosted by this dialog, in reading order:
    /// the first at the left, or at the right in a right-to-left language.
    private func makeButtons() -> [PushButton] {
        let row = style.buttons
        let rowFrame = row.frame.offsetBy(style.boxFrame.origin)
        buttonRowDirection = language.direction
        return Self.layOut(count: content.buttons.count, in: rowFrame, spacing: row.spacing,
                           direction: buttonRowDirection)
            .enumerated().map { i, frame in
                let button = PushButton(id: content.buttons[i].id, frame: frame, theme: buttonTheme,
                                    title: content.buttons[i].title, font: row.font)
                button.backgroundColor = row.background
                button.textColor = row.textColor
                button.cornerRadius = row.cornerRadius
                // The dialog reports and acts on a tap itself (see `tap(_:)`): a push button
                // carries no action and emits no `tapped` of its own.
                button.host = self
                return button
            }
    }

    /// Frames for `count` buttons sharing `row` side by side, `spacing` apart, edges on whole
    /// units, first to last from the left (from the right in a right-to-left `direction`).
    static func layOut(count: Int, in row: Rect, spacing: Double,
                       direction: LayoutDirection = .leftToRight) -> [Rect] {
        guard count > 0 else { return [] }
        let width = (row.width - spacing * Double(count - 1)) / Double(count)
        let slots = (0..<count).map { i in direction.isRightToLeft ? count - 1 - i : i }
        return slots.map { i in
            let left = (row.minX + Double(i) * (width + spacing)).rounded()
            let right = (row.minX + Double(i) * (width + spacing) + width).rounded()
            return Rect(left, row.minY, max(0, right - left), row.height)
        }
    }

    // MARK: Appearance

    /// How far in the dialog is, 0 (invisible) … 1 (fully in): the backdrop's and the box's
    /// opacity.
    public var appearance: Double { animator.value }

    /// The box's scale about its centre: 0.5 → 1 while appearing, held while fading out.
    public var boxScale: Double {
        switch phase {
        case .hidden: return Self.initialScale
        case .shown: return 1
        case .disappearing: return heldScale
        case .appearing:
            let (a0, s0) = scaleOrigin
            let span = 1 - a0
            guard span > 0 else { return 1 }
            return s0 + (1 - s0) * (appearance - a0) / span
        }
    }

    /// Scene coordinates of the box at full size → where it is drawn now.
    public var boxTransform: AffineTransform {
        let s = boxScale
        guard s != 1 else { return .identity }
        let c = style.boxFrame.center
        return AffineTransform.translation(-c.x, -c.y).then(.scale(s, s)).then(.translation(c.x, c.y))
    }

    // MARK: Showing and dismissing

    public override var isFinished: Bool { phase == .hidden }
    public override var isLeaving: Bool { phase == .disappearing }

    /// Presented without `scene.showOverlay` (e.g. `scene.present`), it still appears.
    public override func didAppear() {
        if buttonRowDirection != language.direction { languageDidChange() }
        show()
    }

    /// Lays the button row out again when the reading direction turned (the first button on
    /// the right, right to left); fingers on the old buttons are let go.
    public override func languageDidChange() {
        guard buttonRowDirection != language.direction else { return }
        releaseButtons()
        for button in buttons { button.host = nil }
        buttons = makeButtons()
        invalidateAll()
    }

    /// Shows the dialog with the words it was made with (`defaultContent`).
    public override func show() { show(content: defaultContent) }

    /// Keeps the words `previous` was showing in place of its config's (a `showPopup` with a
    /// title or a text), with this dialog's buttons; fully in stays fully in.
    public override func takePlace(of previous: Overlay) -> Bool {
        guard let previous = previous as? PopupDialog, previous.phase == .appearing || previous.phase == .shown else {
            return false
        }
        var content = defaultContent
        if previous.content.title != previous.defaultContent.title { content.title = previous.content.title }
        if previous.content.text != previous.defaultContent.text { content.text = previous.content.text }
        guard previous.phase == .shown else {
            show(content: content)
            return true
        }
        setContent(content)
        reportedShown = previous.reportedShown
        animator.isReversed = false
        animator.finish(at: .end)   // phase .shown, no second popupShown
        invalidateAll()
        return true
    }

    /// Shows the dialog with `content` (the control socket's `showPopup` with a title or a
    /// text): it appears, or, on its way out, turns round from where it is with the new words.
    public func show(content: PopupContent) {
        setContent(content)
        switch phase {
        case .hidden:
            reportedShown = false
            scaleOrigin = (0, Self.initialScale)
            animator.isReversed = false
            animator.fractionComplete = 0
            animator.start()
        case .disappearing:
            scaleOrigin = (appearance, heldScale)
            animator.reverse()
        case .appearing, .shown:
            return
        }
        phase = .appearing
        startAnimating()
        invalidateAll()
    }

    public override func dismiss() {
        closesAt = nil
        switch phase {
        case .appearing, .shown:
            heldScale = boxScale
            animator.reverse()
        case .hidden, .disappearing:
            return
        }
        phase = .disappearing
        releaseButtons()
        startAnimating()
        invalidateAll()
    }

    /// Dismisses every popup open in the scene but the modal ones (a tap on the backdrop of
    /// one that is not modal).
    public func dismissAllPopups() {
        guard let scene else { return isModal ? () : dismiss() }
        for case let popup as PopupDialog in scene.overlays where !popup.isModal { popup.dismiss() }
    }

    public override var deadline: Instant? { phase == .shown ? closesAt : nil }

    public override func deadlineReached() {
        guard phase == .shown, let closesAt, closesAt <= currentTime else { return }
        dismiss()
    }

    public override func advance(by dt: Duration) -> Bool {
        guard phase == .appearing || phase == .disappearing else { return false }
        animator.step(dt)
        // The backdrop's alpha changes everywhere, so the whole scene is damaged.
        invalidateAll()
        return phase == .appearing || phase == .disappearing
    }

    private func animationDidEnd(at position: Animator.Position) {
        switch position {
        case .end:
            phase = .shown
            closesAt = autoClose.map { currentTime + $0 }
            if !reportedShown {
                reportedShown = true
                scene?.post(.popupShown, source: id)
            }
        case .start:
            phase = .hidden
            fingers.removeAll()
            scene?.post(.popupDismissed, source: id)
        case .current:
            break
        }
    }

    // MARK: Drawing and touch (PopupDialog+Drawing.swift, PopupDialog+Touch.swift)

    public override func draw(_ canvas: Canvas, in dirty: Rect) { paint(canvas, in: dirty) }

    /// The template's backdrop, fading with the dialog.
    public override var backdrop: Color? { currentBackdrop }
    public override func handle(_ gesture: GestureEvent) { route(gesture) }

    // MARK: ControlHost

    /// The buttons' frames are already in scene coordinates. While the box is scaled the
    /// dialog is animating and repaints the whole scene every step, so their unscaled damage
    /// is always covered.
    public func invalidate(_ rect: Rect) { invalidateScene(rect) }
}

fileprivate extension Rect {
    /// The rectangle with origin and size rounded to whole units.
    var snappedToWholeUnits: Rect {
        Rect(x.rounded(), y.rounded(), width.rounded(), height.rounded())
    }
}
