import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// Toggles drawn by the real renderer: the looks in a golden image, upright and turned, and the
/// frames of a flip, each repainting only the toggle, equal to a full repaint.
@Suite("Toggle goldens")
struct ToggleGoldenTests {
    static let step = Duration.nanoseconds(1_000_000_000 / 120)

    /// Off, on, mid-travel (a flip to on 70 ms in), disabled (on), square with its own colours
    /// (on), and off with a finger on it, on a 320x140 screen.
    func toggles() -> (Scene, Toggle, Toggle) {
        var square = Theme.standard
        square.curvaceousness = 0
        let styled = Toggle(id: "styled", frame: Rect(180, 10, 64, 36), theme: square, isOn: true)
        styled.onColor = Color(hex: "#2EA043")
        styled.offColor = Color(hex: "#404850")
        styled.thumbColor = Color(hex: "#F0E0A0")
        let disabled = Toggle(id: "disabled", frame: Rect(20, 100, 64, 36), isOn: true)
        disabled.isEnabled = false
        let moving = Toggle(id: "moving", frame: Rect(180, 55, 120, 36))
        let held = Toggle(id: "held", frame: Rect(180, 100, 64, 36))
        let scene = Scene(designSize: Size(320, 140), screens: [Screen(id: "s", controls: [
            Toggle(id: "off", frame: Rect(20, 10, 64, 36)),
            Toggle(id: "on", frame: Rect(100, 10, 64, 36), isOn: true),
            disabled, styled, moving, held,
            Toggle(id: "small", frame: Rect(100, 104, 48, 28), isOn: true),
        ])])
        return (scene, moving, held)
    }

    @Test("off, on, mid-travel, disabled, styled and held, upright and turned", arguments: [0, 90])
    func looks(degrees: Int) throws {
        let (scene, moving, held) = toggles()
        let rotation = DisplayRotation(degrees: degrees)!
        let renderer = try SceneRenderer(designSize: Size(320, 140), panelWidth: rotation.swapsAxes ? 140 : 320,
                                         panelHeight: rotation.swapsAxes ? 320 : 140, rotation: rotation)
        _ = held.touchBegan(at: held.frame.center, time: .zero)
        moving.isOn = true
        var now = Instant.zero
        for _ in 0..<8 {   // 67 ms of the spring
            now = now + Self.step
            scene.step(Self.step, at: now)
        }
        #expect(moving.thumbPosition > 0.3 && moving.thumbPosition < 0.7, "\(moving.thumbPosition)")
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: degrees == 0 ? "toggles" : "toggles-rotated-90")
    }

    @Test("every frame of a flip and of one interrupted repaints only the toggle and equals a full repaint")
    func framesMatchAFullRepaint() throws {
        let toggle = Toggle(id: "light", frame: Rect(360, 200, 80, 44))
        let label = Label(id: "caption", frame: Rect(40, 200, 300, 44), text: "Night light")
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [label, toggle])])
        let incremental = try SceneRenderer(designSize: Size(800, 480), panelWidth: 1920, panelHeight: 1080, rotation: .none)
        incremental.render(scene)
        toggle.isOn = true
        var now = Instant.zero
        for frame in 0..<45 {   // 60 Hz frames: a flip, turned round at frame 6, and back
            for _ in 0..<2 {
                now = now + Self.step
                scene.step(Self.step, at: now)
            }
            if frame == 6 { toggle.isOn = false }
            let damage = scene.takeDamage()
            #expect(damage.isEmpty || toggle.paintBounds.integral.contains(damage.bounds), "frame \(frame): \(damage)")
            for rect in damage.rects { scene.invalidate(rect) }
            incremental.render(scene)
            guard frame % 5 == 0 else { continue }
            let result = try incremental.comparedWithFullRepaint(of: scene)
            #expect(result.differingPixels == 0, "frame \(frame): \(result)")
        }
        #expect(toggle.thumbPosition == 0 && !scene.isAnimating)
    }
}
