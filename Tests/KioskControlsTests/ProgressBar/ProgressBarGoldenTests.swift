import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// Progress bars drawn by the real renderer: the looks in a golden image, and the frames of a
/// glide and of the band's sweep, each repainting only its strip, equal to a full repaint.
@Suite("Progress bar goldens")
struct ProgressBarGoldenTests {
    static let step = Duration.nanoseconds(1_000_000_000 / 120)

    /// Empty, 40 %, full, square with its own colours at 70 %, and indeterminate half-way
    /// through its sweep, on a 320x140 screen.
    func bars() -> (Scene, ProgressBar) {
        var square = Theme.standard
        square.curvaceousness = 0
        let styled = ProgressBar(id: "styled", frame: Rect(20, 70, 280, 16), theme: square, value: 0.7)
        styled.trackColor = Color(hex: "#404850")
        styled.fillColor = Color(hex: "#F0A000")
        let busy = ProgressBar(id: "busy", frame: Rect(20, 100, 280, 16), indeterminate: true)
        let scene = Scene(designSize: Size(320, 140), screens: [Screen(id: "s", controls: [
            ProgressBar(id: "empty", frame: Rect(20, 10, 280, 12)),
            ProgressBar(id: "part", frame: Rect(20, 30, 280, 12), minimum: 0, maximum: 200, value: 80),
            ProgressBar(id: "full", frame: Rect(20, 50, 280, 12), value: 1),
            styled, busy,
        ])])
        return (scene, busy)
    }

    @Test("empty, part, full, styled and indeterminate, upright and turned", arguments: [0, 90])
    func looks(degrees: Int) throws {
        let (scene, busy) = bars()
        let rotation = DisplayRotation(degrees: degrees)!
        let renderer = try SceneRenderer(designSize: Size(320, 140), panelWidth: rotation.swapsAxes ? 140 : 320,
                                         panelHeight: rotation.swapsAxes ? 320 : 140, rotation: rotation)
        renderer.render(scene)   // drawn once, the indeterminate bar starts moving
        var now = Instant.zero
        for _ in 0..<90 {   // 0.75 s of a 1.5 s sweep
            now = now + Self.step
            scene.step(Self.step, at: now)
        }
        #expect(abs(busy.bandPhase - 0.5) < 0.001)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: degrees == 0 ? "progress-bars" : "progress-bars-rotated-90")
    }

    @Test("every frame of a glide and of the band repaints only its strip and equals a full repaint")
    func stripsMatchAFullRepaint() throws {
        let glide = ProgressBar(id: "glide", frame: Rect(40, 100, 720, 24), value: 0.2)
        let busy = ProgressBar(id: "busy", frame: Rect(40, 300, 720, 24), indeterminate: true)
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [glide, busy])])
        let incremental = try SceneRenderer(designSize: Size(800, 480), panelWidth: 1920, panelHeight: 1080, rotation: .none)
        incremental.render(scene)
        glide.value = 0.9
        var now = Instant.zero
        for frame in 0..<120 {   // a second of 60 Hz frames: the glide, one sweep and more of the band
            for _ in 0..<2 {
                now = now + Self.step
                scene.step(Self.step, at: now)
            }
            if frame == 10 { glide.value = 0.5 }   // retargeted mid-glide
            let damage = scene.takeDamage()
            #expect(damage.area < glide.frame.area * 0.7 + busy.frame.area * 0.45, "frame \(frame): \(damage)")
            for rect in damage.rects { scene.invalidate(rect) }
            incremental.render(scene)
            guard frame % 7 == 0 else { continue }
            let result = try incremental.comparedWithFullRepaint(of: scene)
            #expect(result.differingPixels == 0, "frame \(frame): \(result)")
        }
        #expect(glide.displayedValue == 0.5)
    }
}
