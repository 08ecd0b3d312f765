import KioskCore

/// How touches are read: the `"input"` object of a config.
///
/// ```json
/// "input": { "calibration": [1.02, 0, -0.01, 0, 0.98, 0.015], "showCursor": false }
/// ```
public struct InputSettings: Sendable, Equatable, Decodable {
    /// libinput's calibration matrix `[a, b, c, d, e, f]`: a touch at normalised panel
    /// coordinates (x, y) (0…1 across the panel) is taken to be at (a·x + b·y + c, d·x + e·y + f).
    /// Applied before the display rotation. `kiosk calibrate` writes it. Default: identity.
    public var calibration: [Double]
    /// Draw a pointer cursor when a mouse moves (`showCursor`; default false: a touch kiosk
    /// shows none, even when a mouse is plugged in).
    public var showCursor: Bool

    public static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    public init(calibration: [Double] = InputSettings.identity, showCursor: Bool = false) {
        self.calibration = calibration
        self.showCursor = showCursor
    }

    /// The calibration as a transform of normalised panel coordinates.
    public var calibrationTransform: AffineTransform {
        let m = calibration.count == 6 ? calibration : Self.identity
        return AffineTransform(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5])
    }

    enum CodingKeys: String, CodingKey { case calibration, showCursor }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let defaults = InputSettings()
        var calibration = try fields.decode(.calibration, default: defaults.calibration) ?? defaults.calibration
        if calibration.count != 6 {
            try fields.report("expected 6 numbers [a, b, c, d, e, f], found \(calibration.count)", at: .calibration)
            calibration = defaults.calibration
        } else if !calibration.allSatisfy(\.isFinite) || calibration[0] * calibration[4] - calibration[1] * calibration[3] == 0 {
            try fields.report("the matrix must be invertible (a·e − b·d ≠ 0)", at: .calibration)
            calibration = defaults.calibration
        }
        let showCursor = try fields.decode(.showCursor, default: defaults.showCursor) ?? defaults.showCursor
        self.init(calibration: calibration, showCursor: showCursor)
    }
}
