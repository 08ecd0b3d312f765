import Testing
@testable import KioskAnimation

private let allCurves: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.25, 0.1, 0.25, 1),
                                   .cubicBezier(0.34, 1.56, 0.64, 1)]

@Test("every curve starts exactly at 0, ends exactly at 1 and clamps outside 0…1")
func endPointsAreExact() {
    for curve in allCurves {
        #expect(curve(0) == 0)
        #expect(curve(1) == 1)
        #expect(curve(-0.5) == 0)
        #expect(curve(7) == 1)
        #expect(curve(.nan) == 0)
    }
}

@Test("linear easing returns the time fraction unchanged")
func linearIsIdentity() {
    for t in stride(from: 0.0, through: 1.0, by: 0.05) {
        #expect(Easing.linear(t) == t)
    }
}

@Test("ease-in-out is symmetric around the middle")
func easeInOutIsSymmetric() {
    #expect(abs(Easing.easeInOut(0.5) - 0.5) < 1e-9)
    for t in stride(from: 0.0, through: 1.0, by: 0.01) {
        #expect(abs(Easing.easeInOut(t) + Easing.easeInOut(1 - t) - 1) < 1e-8)
    }
}

@Test("ease-in is ease-out played backwards")
func easeInMirrorsEaseOut() {
    // (0.42, 0, 1, 1) is (0, 0, 0.58, 1) turned half a turn about (0.5, 0.5).
    for t in stride(from: 0.0, through: 1.0, by: 0.01) {
        #expect(abs(Easing.easeIn(t) - (1 - Easing.easeOut(1 - t))) < 1e-8)
    }
}

@Test("the named curves are the CSS keywords' Béziers")
func namedCurvesMatchCSS() {
    #expect(Easing.easeIn.bezier == CubicBezier(0.42, 0, 1, 1))
    #expect(Easing.easeOut.bezier == CubicBezier(0, 0, 0.58, 1))
    #expect(Easing.easeInOut.bezier == CubicBezier(0.42, 0, 0.58, 1))
    #expect(Easing.linear.bezier == nil)
}

@Test("cubic Bézier (0.25,0.1,0.25,1) matches CSS 'ease' at sample points")
func cssEaseReferenceValues() {
    // Reference: solved with 40-digit arithmetic (mpmath), 200 bisections of x(t) per sample.
    let reference: [(x: Double, y: Double)] = [
        (0.1, 0.094796305716043248),
        (0.25, 0.40851059135539587),
        (0.5, 0.80240338758485699),
        (0.75, 0.96045897834897408),
        (0.9, 0.99431647748455637),
    ]
    let ease = Easing.cubicBezier(0.25, 0.1, 0.25, 1)
    for (x, y) in reference {
        #expect(abs(ease(x) - y) < 1e-6, "ease(\(x)) = \(ease(x)), expected \(y)")
    }
}

@Test("ease-in matches high-precision values near its flat start and end")
func easeInReferenceValues() {
    // Same method as above. x2 = 1 makes dx/dt vanish at the end, where Newton gives up and
    // bisection has to find the answer.
    let reference: [(x: Double, y: Double)] = [
        (0.001, 1.8875054558443416e-6),
        (0.5, 0.31535681257253931),
        (0.999, 0.99828599436637151),
    ]
    for (x, y) in reference {
        #expect(abs(Easing.easeIn(x) - y) < 1e-6, "easeIn(\(x)) = \(Easing.easeIn(x)), expected \(y)")
    }
}

@Test("the solver finds t for every x to within 1e-9, even where the curve is flat in x")
func solverInvertsX() {
    let curves = [CubicBezier(0.42, 0, 1, 1), CubicBezier(0, 0, 0.58, 1), CubicBezier(0, 1, 1, 0),
                  CubicBezier(1, 0, 0, 1), CubicBezier(0.25, 0.1, 0.25, 1)]
    for curve in curves {
        for x in stride(from: 0.0, through: 1.0, by: 0.001) {
            let t = curve.solveT(forX: x)
            #expect(t >= 0 && t <= 1)
            #expect(abs(curve.sampleX(t) - x) < 1e-9, "\(curve) at x = \(x)")
        }
    }
}

@Test("monotonic curves never step backwards")
func monotonicCurvesIncrease() {
    for curve in [Easing.easeIn, .easeOut, .easeInOut, .cubicBezier(0.25, 0.1, 0.25, 1)] {
        var previous = 0.0
        for t in stride(from: 0.0, through: 1.0, by: 0.001) {
            #expect(curve(t) >= previous - 1e-12)
            previous = curve(t)
        }
    }
}

@Test("a back-easing Bézier overshoots past 1 and still lands on 1")
func backEasingOvershoots() {
    let back = Easing.cubicBezier(0.34, 1.56, 0.64, 1)
    let peak = stride(from: 0.0, through: 1.0, by: 0.01).map { back($0) }.max()!
    #expect(peak > 1.05)
    #expect(back(1) == 1)
}

@Test("control x values outside 0…1 are clamped, as CSS requires them to be")
func controlXIsClamped() {
    let curve = CubicBezier(-0.5, 0, 1.5, 1)
    #expect(curve.x1 == 0 && curve.x2 == 1)
    #expect(curve == CubicBezier(0, 0, 1, 1))
}

@Test("the slope is the curve's derivative, including at flat ends")
func slopeMatchesFiniteDifferences() {
    // easeOut starts at 1 / 0.58 times linear speed (dy/dt and dx/dt both vanish at t = 0;
    // their second derivatives are 3·2 and 1.74·2).
    #expect(abs(Easing.easeOut.slope(at: 0) - 1 / 0.58) < 1e-6)
    #expect(abs(Easing.easeIn.slope(at: 1) - 1 / 0.58) < 1e-6)
    #expect(Easing.linear.slope(at: 0.3) == 1)
    for curve in [Easing.easeIn, .easeOut, .easeInOut] {
        for t in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-5
            let numeric = (curve(t + h) - curve(t - h)) / (2 * h)
            #expect(abs(curve.slope(at: t) - numeric) < 1e-4, "\(curve) at \(t)")
        }
    }
}
