import KioskCore

/// A four-point touchscreen calibration: one target at a time near each corner; the raw panel
/// position where the finger lifted is recorded for each.
///
/// It sees touches before any calibration or rotation is applied (the point is to find that
/// mapping), so everything it records is in panel pixels; the targets are shown on the upright
/// screen and converted to panel pixels through the rotation for the fit.
package final class CalibrationSession {
    /// Target centres on the upright screen.
    package let targets: [Point]
    /// The upright screen the targets are placed on.
    package let screenSize: Size
    /// Where the finger lifted for each target so far, in raw panel pixels.
    package private(set) var touched: [Point] = []
    private var finger: (slot: Int, position: Point)?
    /// Called when the next target is due (or all are done), to update what is shown.
    package var onProgress: ((Int) -> Void)?

    /// Targets inset 10 % from each corner, clockwise from the top left.
    package init(screenSize: Size) {
        self.screenSize = screenSize
        let (w, h) = (screenSize.width, screenSize.height)
        targets = [Point(0.1 * w, 0.1 * h), Point(0.9 * w, 0.1 * h), Point(0.9 * w, 0.9 * h), Point(0.1 * w, 0.9 * h)]
    }

    /// The target to touch next (equal to the number touched so far).
    package var currentIndex: Int { touched.count }
    /// Every target has been touched: the fit can be made.
    package var isComplete: Bool { touched.count == targets.count }

    /// Takes a raw touch (panel pixels). Only the first finger counts; it is recorded where it lifts.
    package func handle(raw touch: TouchEvent) {
        guard !isComplete else { return }
        switch touch.phase {
        case .down:
            if finger == nil { finger = (touch.slot, touch.position) }
        case .move:
            if finger?.slot == touch.slot { finger?.position = touch.position }
        case .up:
            guard let f = finger, f.slot == touch.slot else { return }
            finger = nil
            touched.append(f.position)
            onProgress?(touched.count)
        case .cancel:
            if finger?.slot == touch.slot { finger = nil }
        }
    }

    /// libinput's calibration matrix for a panel of `panel` size mounted at `rotation`, or nil
    /// when the touches cannot define one (e.g. all on a line).
    package func matrix(panel: Size, rotation: DisplayRotation) -> [Double]? {
        guard isComplete else { return nil }
        let toPanel = rotation.screenToPanel(panel: panel)
        func normalised(_ p: Point) -> Point { Point(p.x / panel.width, p.y / panel.height) }
        return CalibrationSolver.solve(touched: touched.map(normalised),
                                       targets: targets.map { normalised(toPanel.apply($0)) })
    }
}

/// The cross a finger is asked to touch during calibration.
package final class CalibrationTarget: Control {
    /// Where the cross is drawn; moving it repaints both the old and the new place.
    package var center: Point { didSet { if oldValue != center { host?.invalidate(paintBounds(for: Self.frame(at: oldValue))); frame = Self.frame(at: center) } } }

    static let radius = 24.0

    /// A target centred at `center`.
    package init(id: String = "calibrationTarget", center: Point, theme: Theme = .standard) {
        self.center = center
        super.init(id: id, frame: Self.frame(at: center), theme: theme)
    }

    static func frame(at c: Point) -> Rect { Rect(c.x - radius, c.y - radius, 2 * radius, 2 * radius) }

    package override func draw(_ canvas: Canvas, in dirty: Rect) {
        let c = center, r = Self.radius
        canvas.stroke(.circle(center: c, radius: r - 4), width: 2, .solid(theme.accent), cap: .butt)
        canvas.stroke(Path([.move(Point(c.x - r, c.y)), .line(Point(c.x + r, c.y)),
                            .move(Point(c.x, c.y - r)), .line(Point(c.x, c.y + r))]),
                      width: 2, .solid(theme.text), cap: .butt)
        canvas.fill(.circle(center: c, radius: 3), .solid(theme.accent))
    }
}
