import KioskCore

/// How touches are read: the `"input"` object of a config.
///
/// ```json
/// "input": { "calibration": [1.02, 0, -0.01, 0, 0.98, 0.015], "showCursor": false }
/// ```
package struct InputSettings: Sendable, Equatable, Decodable {
    /// libinput's calibration matrix `[a, b, c, d, e, f]`: a touch at normalised panel
    /// coordinates (x, y) (0…1 across the panel) is taken to be at (a·x + b·y + c, d·x + e·y + f).
    /// Applied before the display rotation. `kiosk calibrate` writes it. Each entry lies within
    /// ±100 and |a·e − b·d| ≥ 0.001 (the matrix is invertible). Default: identity.
    package var calibration: [Double]
    /// Draw a pointer cursor when a mouse moves (`showCursor`; default false: a touch kiosk
    /// shows none, even when a mouse is plugged in).
    package var showCursor: Bool

    /// The calibration that changes nothing: `[1, 0, 0, 0, 1, 0]`.
    package static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    /// Input settings; each default is what an absent key means.
    package init(calibration: [Double] = InputSettings.identity, showCursor: Bool = false) {
        self.calibration = calibration
        self.showCursor = showCursor
    }

    /// The calibration as a transform of normalised panel coordinates.
    package var calibrationTransform: AffineTransform {
        let m = calibration.count == 6 ? calibration : Self.identity
        return AffineTransform(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5])
    }

    enum CodingKeys: String, CodingKey { case calibration, showCursor }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let defaults = InputSettings()
        let calibration = try fields.decode(.calibration, default: defaults.calibration).flatMap {
            try Self.checkCalibration($0, fields)
        }
        let showCursor = try fields.decode(.showCursor, default: defaults.showCursor) ?? defaults.showCursor
        self.init(calibration: calibration ?? defaults.calibration, showCursor: showCursor)
    }

    /// The smallest |a·e − b·d| accepted: below it the inverse (touch → panel) magnifies every
    /// touch a thousandfold, which no real calibration does.
    static let minimumDeterminant = 0.001

    /// Six entries, each obeying `NumberRule.calibrationEntry`, and a determinant of at least
    /// `minimumDeterminant`; nil (reported) otherwise.
    private static func checkCalibration(_ m: [Double], _ fields: ConfigFields<CodingKeys>) throws -> [Double]? {
        guard m.count == 6 else {
            try fields.report("expected 6 numbers [a, b, c, d, e, f], found \(m.count)", at: .calibration)
            return nil
        }
        let rule = NumberRule.calibrationEntry
        if let index = m.firstIndex(where: { !rule.contains($0) }) {
            try fields.report(rule.message(found: m[index]), atPath: fields.path(of: .calibration) + [IndexKey(index)])
            return nil
        }
        let determinant = m[0] * m[4] - m[1] * m[3]
        guard abs(determinant) >= minimumDeterminant else {
            try fields.report("the matrix must be invertible, with |a·e − b·d| at least "
                + "\(JSONWriter.format(minimumDeterminant)) (found \(JSONWriter.format(determinant)))", at: .calibration)
            return nil
        }
        return m
    }
}
