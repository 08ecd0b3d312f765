import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// Text fields and a keypad drawn by the real renderer: their looks in golden images (an empty
/// field with its placeholder, a masked PIN, plain text centred, the keypad with one key held),
/// upright and turned, and the frames of typing and of a key's press and fade, each repainting
/// only its part and equal to a full repaint.
@Suite("Keypad and text field goldens")
struct KeypadGoldenTests {
    static let step = Duration.nanoseconds(1_000_000_000 / 120)

    /// On a 480x320 screen: three fields on the left, the keypad bound to the PIN on the right.
    func pinScreen() -> (Scene, TextField, Keypad) {
        let empty = TextField(id: "name", frame: Rect(16, 24, 200, 48), placeholder: "Table number")
        let pin = TextField(id: "pin", frame: Rect(16, 96, 200, 48), maxLength: 4, placeholder: "PIN", masked: true)
        let plain = TextField(id: "code", frame: Rect(16, 168, 200, 48), text: "A-113", alignment: .center)
        let pad = Keypad(id: "pad", frame: Rect(240, 16, 224, 288), fieldID: "pin")
        let scene = Scene(designSize: Size(480, 320), screens: [Screen(id: "login", controls: [empty, pin, plain, pad])])
        return (scene, pin, pad)
    }

    @Test("an empty field, a masked PIN, centred text and the keypad with 5 held, upright and turned", arguments: [0, 90])
    func looks(degrees: Int) throws {
        let (scene, pin, pad) = pinScreen()
        pin.insert("123")
        _ = pad.touchBegan(at: pad.keyRect(of: .digit(5)).center, time: .zero)
        let rotation = DisplayRotation(degrees: degrees)!
        let renderer = try SceneRenderer(designSize: Size(480, 320), panelWidth: rotation.swapsAxes ? 320 : 480,
                                         panelHeight: rotation.swapsAxes ? 480 : 320, rotation: rotation)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: degrees == 0 ? "keypad" : "keypad-rotated-90")
    }

    @Test("every frame of typing a PIN, a key's press and fade, and the owner's clear repaints only its part and equals a full repaint")
    func partsMatchAFullRepaint() throws {
        let (scene, pin, pad) = pinScreen()
        let incremental = try SceneRenderer(designSize: Size(480, 320), panelWidth: 960, panelHeight: 640, rotation: .none)
        scene.textMeasurer = incremental.canvas
        incremental.render(scene)
        _ = scene.takeDamage()
        var now = Instant.zero
        var frame = 0
        func check(_ what: String, within allowed: Rect) throws {
            let damage = scene.takeDamage()
            #expect(damage.rects.allSatisfy { allowed.integral.outsetBy(1).contains($0) }, "\(what): \(damage)")
            for rect in damage.rects { scene.invalidate(rect) }
            incremental.render(scene)
            let result = try incremental.comparedWithFullRepaint(of: scene)
            #expect(result.differingPixels == 0, "\(what): \(result)")
            frame += 1
        }
        for key in [Keypad.Key.digit(1), .digit(2), .digit(3), .delete, .digit(9), .digit(4)] {
            let cell = pad.keyRect(of: key)
            _ = pad.touchBegan(at: cell.center, time: now)
            try check("\(key) pressed", within: cell)
            pad.touchTapped(at: cell.center, time: now)
            pad.touchEnded(at: cell.center, time: now)
            try check("\(key) typed", within: pin.frame.insetBy(2))
            for _ in 0..<20 {
                now = now + Self.step
                scene.step(Self.step, at: now)
            }
            try check("\(key) faded", within: cell)
        }
        #expect(pin.text == "1294")
        try pin.setValue([("text", .string(""))])
        try check("cleared by the owner", within: pin.frame.insetBy(2))
        #expect(frame == 19)
    }
}
