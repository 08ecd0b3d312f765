/// Finds the touchscreen calibration matrix from touches on known targets.
///
/// libinput's convention: `[a, b, c, d, e, f]` maps a touch at normalised panel coordinates
/// (x, y) (0…1 across the panel) to (a·x + b·y + c, d·x + e·y + f). With four (or more)
/// targets the affine fit is over-determined; it is solved by least squares (the normal
/// equations of two independent 3-unknown problems), so one sloppy touch is averaged out
/// rather than taken at its word.
package enum CalibrationSolver {
    /// The matrix that best maps each `touched` point onto its `target` (both normalised), or
    /// nil when the touches do not span a plane (all on one line, or fewer than three).
    package static func solve(touched: [Point], targets: [Point]) -> [Double]? {
        guard touched.count == targets.count, touched.count >= 3 else { return nil }
        // Normal equations AᵀA·m = Aᵀb with rows (x, y, 1).
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atbx = [0.0, 0, 0], atby = [0.0, 0, 0]
        for (p, t) in zip(touched, targets) {
            let row = [p.x, p.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
                atbx[i] += row[i] * t.x
                atby[i] += row[i] * t.y
            }
        }
        guard let abc = solve3(ata, atbx), let def = solve3(ata, atby) else { return nil }
        return abc + def
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solve3(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        var a = m, b = v
        for col in 0..<3 {
            let pivot = (col..<3).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<3 {
                let f = a[row][col] / a[col][col]
                for k in col..<3 { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [0.0, 0, 0]
        for row in stride(from: 2, through: 0, by: -1) {
            var s = b[row]
            for k in (row + 1)..<3 { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }
}
