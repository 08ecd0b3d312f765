import KioskCore

/// A rounded, titled button that lights up as soon as a finger lands on it and fades back
/// over `releaseFade` after the finger lifts, so even a quick tap is visibly acknowledged.
///
/// The framework's own button: a popup's button row is made of these (the dialog reports and
/// acts on their taps itself), and the built-in `button` control (KioskControls) is one with
/// an icon, an action and a checked state. It reports nothing itself.
open class PushButton: Control {
    /// The text on the button; changing it repaints the button.
    public var title: String { didSet { if oldValue != title { invalidate() } } }
    /// A Pango font description for the title; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The fill at rest; nil takes the theme's `buttonBackground`.
    public var backgroundColor: Color? { didSet { if oldValue != backgroundColor { invalidate() } } }
    /// The title's colour; nil takes the theme's `buttonText`.
    public var textColor: Color? { didSet { if oldValue != textColor { invalidate() } } }
    /// The corners' radius; nil follows the theme (`curvaceousness` × half the height, at
    /// most 12). Popup templates set it.
    public var cornerRadius: Double? { didSet { if oldValue != cornerRadius { invalidate() } } }

    /// 1 while pressed, fading to 0 after release.
    public var pressedAmount: Double { highlight.amount }
    private var highlight = PressHighlight() { didSet { if oldValue.amount != highlight.amount { invalidate() } } }

    /// How long the highlight takes to fade after the finger lifts.
    public static let releaseFade = PressHighlight.releaseFade

    /// A button titled `title`; `font` nil takes the theme's.
    public init(id: String, frame: Rect, theme: Theme = .standard, title: String, font: String? = nil) {
        self.title = title
        self.font = font
        super.init(id: id, frame: frame, theme: theme)
    }

    /// The radius the corners are drawn with.
    public var resolvedCornerRadius: Double { cornerRadius ?? min(frame.height / 2, 12) * theme.curvaceousness }

    /// The fill before the press highlight is mixed in: `backgroundColor` or the theme's.
    open var restingFill: Color { backgroundColor ?? theme.buttonBackground }

    /// The fill (the resting one mixed toward the accent while pressed), then what is on the
    /// button clipped to its frame (`drawContent`).
    open override func draw(_ canvas: Canvas, in dirty: Rect) {
        let shape = Path.roundedRect(frame, radius: resolvedCornerRadius)
        canvas.fill(shape, .solid(restingFill.mixed(with: theme.accent, pressedAmount)))
        canvas.save()
        canvas.clip(frame)
        drawContent(canvas)
        canvas.restore()
    }

    /// What is on the button, clipped to its frame: the title, centred.
    open func drawContent(_ canvas: Canvas) {
        guard !title.isEmpty else { return }
        canvas.drawText(title, style: titleStyle, in: frame)
    }

    /// The title's style: its font and colour, centred, in the scene's direction.
    public var titleStyle: TextStyle {
        TextStyle(font: font ?? theme.font, color: textColor ?? theme.buttonText, alignment: .center,
                  direction: layoutDirection)
    }

    // MARK: Touch

    open override func touchBegan(at point: Point, time: Instant) -> Bool {
        highlight.press()
        return true
    }

    /// Moving past the slop means the finger is not tapping: let the highlight go.
    open override func touchMoved(to point: Point, time: Instant) {
        if !frame.contains(point) { startFade() }
    }

    open override func touchEnded(at point: Point, time: Instant) { startFade() }
    open override func touchCancelled(time: Instant) { startFade() }

    private func startFade() {
        if highlight.release() { host?.startAnimating(self) }
    }

    open override func advance(by dt: Duration) -> Bool { highlight.step(by: dt) }
}
