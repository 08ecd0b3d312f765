import KioskCore

/// Velocities come out of a least-squares fit, so they are compared with a tolerance.
func isClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

func ms(_ value: Double) -> Instant { .milliseconds(value) }
