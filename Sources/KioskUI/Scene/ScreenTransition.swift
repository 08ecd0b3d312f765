import KioskCore
import KioskAnimation

/// How one screen replaces another.
public enum TransitionKind: String, Sendable, CaseIterable {
    /// A plain cut.
    case none
    /// The new screen slides up from the bottom over the old one.
    case slideUp
    /// The old screen turns away about the horizontal axis and the new one turns in, the
    /// bottom edge leading (a flat, affine rendering of a card flip).
    case flipFromBottom
    /// The new screen fades in over the old one.
    case fade
    /// Both screens move left together: the new one comes in from the right edge, pushing
    /// the old one out (the next page of a carousel). Back plays it rightwards.
    case slideLeft
    /// Both screens move right together: the new one comes in from the left edge (the
    /// previous page). Back plays it leftwards.
    case slideRight
}

/// Two screens composited while one replaces the other, both from their retained layers.
///
/// `progress` runs from 0 (only `under` visible) to 1 (only `over` visible). Going forwards,
/// `under` is the old screen; going back, `over` is the old one and progress runs down, so
/// "back" plays the same motion in reverse. Turning round mid-way reverses the animator from
/// where it is: nothing jumps, and the way back takes as long as the way there took so far.
public final class ScreenTransition {
    /// The motion.
    public let kind: TransitionKind
    /// The screen drawn below.
    public private(set) var under: Screen
    /// The screen drawn on top.
    public private(set) var over: Screen
    let animator: Animator

    init(kind: TransitionKind, under: Screen, over: Screen, duration: Duration, forwards: Bool) {
        self.kind = kind
        self.under = under
        self.over = over
        animator = Animator(duration: duration, easing: .easeInOut)
        if !forwards {
            animator.fractionComplete = 1
            animator.isReversed = true
        }
        animator.start()
    }

    /// The eased progress, 0…1.
    public var progress: Double { animator.value }

    /// The screen that will be current when the transition ends.
    public var destination: Screen { animator.isReversed ? under : over }
    /// The screen it comes from.
    public var origin: Screen { animator.isReversed ? over : under }

    /// The transition has reached its end.
    public var isFinished: Bool { animator.state == .finished }

    /// Turns round towards the screen it came from.
    func reverse() { animator.reverse() }

    /// Heads for `screen` instead of `destination`, from where the motion is: the screen
    /// moving in (or, going back, the one uncovered) is replaced, the screen it comes from
    /// and the progress stay, so nothing but the arriving content jumps.
    func replaceDestination(with screen: Screen) {
        if animator.isReversed { under = screen } else { over = screen }
    }

    /// One fixed step; true while still running.
    func advance(by dt: Duration) -> Bool {
        animator.step(dt)
        return !isFinished
    }

    /// Composites both screens for the current progress.
    func draw(_ canvas: Canvas, in rect: Rect, bounds: Rect, background: Color) {
        let p = progress
        switch kind {
        case .none:
            canvas.drawRetained(destination.layer, transform: .identity, opacity: 1)
        case .slideUp:
            canvas.drawRetained(under.layer, transform: .identity, opacity: 1)
            canvas.drawRetained(over.layer, transform: .translation(0, bounds.height * (1 - p)), opacity: 1)
        case .fade:
            canvas.drawRetained(under.layer, transform: .identity, opacity: 1)
            canvas.drawRetained(over.layer, transform: .identity, opacity: p)
        case .slideLeft:
            Self.drawSideBySide(canvas, left: under.layer, right: over.layer, shift: -bounds.width * p,
                                bounds: bounds, background: background)
        case .slideRight:
            Self.drawSideBySide(canvas, left: over.layer, right: under.layer, shift: -bounds.width * (1 - p),
                                bounds: bounds, background: background)
        case .flipFromBottom:
            canvas.fill(.rect(rect), .solid(background))
            // First half: the old screen folds to a line; second half: the new one unfolds.
            let squash = abs(Trig.cos(.pi * p))
            guard squash > 0.001 else { return }
            let cy = bounds.midY
            let fold = AffineTransform.translation(0, -cy).then(.scale(1, squash)).then(.translation(0, cy))
            canvas.drawRetained(p < 0.5 ? under.layer : over.layer, transform: fold, opacity: 1)
        }
    }

    /// Two screens side by side, `left` moved by `shift` (0: only `left` seen; -width: only
    /// `right`), each composited from its retained layer by a whole-pixel move (a copy), so a
    /// frame writes every pixel about once. A side that is nil shows `background` there (a
    /// page swipe pulled past the first or last page).
    static func drawSideBySide(_ canvas: Canvas, left: RetainedLayer?, right: RetainedLayer?, shift: Double,
                               bounds: Rect, background: Color) {
        func side(_ layer: RetainedLayer?, at dx: Double) {
            guard dx > -bounds.width, dx < bounds.width else { return }
            if let layer {
                canvas.drawRetained(layer, transform: .translation(dx, 0), opacity: 1)
            } else {
                canvas.fill(.rect(bounds.offsetBy(Point(dx, 0))), .solid(background))
            }
        }
        side(left, at: shift)
        side(right, at: shift + bounds.width)
    }
}
