import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskGestures
import KioskUI

/// The default template's look (config/popups/) on the 800x480 design: box [200, 110, 400, 260]
/// (the popups of this target's tests are made from it).
let template = PopupStyle(
    boxFrame: Rect(200, 110, 400, 260), cornerRadius: 14, borderColor: Color(hex: "#4A5A6E")!, borderWidth: 1,
    boxBackground: Color(hex: "#222A34")!, backdrop: Color(hex: "#00000080")!,
    title: TextBlockStyle(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white, alignment: .center),
    text: TextBlockStyle(frame: Rect(24, 64, 352, 110), font: "sans-serif 17", color: Color(hex: "#C8D2DC")!,
                         alignment: .center),
    buttons: PopupButtonStyle(frame: Rect(24, 192, 352, 48), font: "sans-serif bold 17", textColor: .white,
                              background: Color(hex: "#0073F0")!, cornerRadius: 10, spacing: 12))

/// Where the single button of a popup made from `template` is: [224, 302, 352, 48].
private let okButton = Point(400, 326)

func popup(_ id: String, buttons: [PopupContent.ButtonItem] = [.init(id: "ok", title: "Okay")]) -> PopupDialog {
    PopupDialog(id: id, style: template, content: PopupContent(title: "Popup Title", text: "Hello World!", buttons: buttons),
                theme: .standard)
}

/// An overlay that only records being shown, to see actions arrive.
private final class RecordingOverlay: Overlay {
    var shows = 0
    override func show() { shows += 1 }
}

@Suite("Popup dialog")
struct PopupDialogTests {
    @Test("a popup appears in 0.2 s, scaling up while fading in, and posts popupShown once")
    func appears() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        #expect(hello.phase == .appearing)
        #expect(hello.appearance == 0)
        #expect(hello.boxScale == 0.5)
        stage.step(12)   // 0.1 s
        #expect(hello.appearance > 0.5 && hello.appearance < 1)
        #expect(hello.boxScale > 0.75 && hello.boxScale < 1)
        stage.settle()
        let shown = stage.events(.popupShown, from: "hello")
        #expect(shown.count == 1)
        // 0.2 s on a 1/120 s clock: the step that reaches it.
        #expect(shown.first.map { $0.time.seconds >= 0.2 && $0.time.seconds < 0.2 + SceneHarness.step.inSeconds } == true)
        #expect(hello.phase == .shown && hello.appearance == 1 && hello.boxScale == 1)
        stage.step(30)
        #expect(stage.events(.popupShown).count == 1)
        #expect(!stage.scene.isAnimating)
    }

    @Test("a tap on the backdrop dismisses both stacked popups and each posts popupDismissed")
    func backdropTapDismissesAll() {
        let first = popup("first"), second = popup("second")
        let stage = SceneHarness(overlays: [first, second])
        stage.show("first")
        stage.settle()
        stage.show("second")
        stage.settle()
        #expect(stage.scene.overlays.count == 2)
        stage.tap(Point(60, 60))
        #expect(first.phase == .disappearing && second.phase == .disappearing)
        let steps = stage.settle()
        #expect(steps >= 24 && steps <= 25)   // fades out in 0.2 s
        #expect(stage.scene.overlays.isEmpty)
        #expect(stage.events(.popupDismissed).map(\.source).sorted() == ["first", "second"])
    }

    @Test("a tap on a button without an action posts buttonTapped with the popup and button ids and dismisses")
    func buttonWithoutAction() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.settle()
        stage.tap(okButton)
        let tapped = stage.events(.buttonTapped)
        #expect(tapped.count == 1)
        #expect(tapped.first?.source == "hello")
        #expect(tapped.first?.value.map(\.name) == ["button"])
        #expect(tapped.first?.value.map(\.value) == [.string("ok")])
        #expect(stage.events(.tapped).isEmpty)   // the dialog reports, not its button
        #expect(hello.phase == .disappearing)
        stage.settle()
        #expect(stage.events(.popupDismissed, from: "hello").count == 1)
        #expect(stage.scene.overlays.isEmpty)
    }

    @Test("a button with a showPanel action performs it, and the popup stays")
    func buttonWithAction() {
        let hello = popup("hello", buttons: [.init(id: "more", title: "More", action: .showPanel("x"))])
        let panel = RecordingOverlay(id: "x")
        let stage = SceneHarness(overlays: [hello, panel])
        stage.show("hello")
        stage.settle()
        stage.tap(okButton)
        #expect(stage.events(.buttonTapped, from: "hello").first?.value.map(\.value) == [.string("more")])
        #expect(panel.shows == 1)
        #expect(stage.scene.overlays.last === panel)
        #expect(hello.phase == .shown)
    }

    @Test("two buttons share the row side by side, spacing apart")
    func buttonRow() {
        let dialog = popup("hello", buttons: [.init(id: "no", title: "No"), .init(id: "yes", title: "Yes")])
        #expect(dialog.buttons.map(\.frame) == [Rect(224, 302, 170, 48), Rect(406, 302, 170, 48)])
        #expect(dialog.buttons.map(\.id) == ["no", "yes"])
        let stage = SceneHarness(overlays: [dialog])
        stage.show("hello")
        stage.settle()
        stage.tap(Point(500, 326))
        #expect(stage.events(.buttonTapped).first?.value.map(\.value) == [.string("yes")])
    }

    @Test("dismissing while appearing turns round from where it is, without a jump")
    func dismissWhileAppearing() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.step(12)
        let (appearance, scale) = (hello.appearance, hello.boxScale)
        hello.dismiss()
        #expect(hello.appearance == appearance)
        #expect(hello.boxScale == scale)
        var samples = [(appearance, scale)]
        let steps = stage.settle {
            if hello.phase != .hidden { samples.append((hello.appearance, hello.boxScale)) }
        }
        // Half-way in, the way back takes half the time (fraction left × 0.2 s).
        #expect(steps >= 12 && steps <= 13)
        // easeOut is at most ~1.72 times as steep as linear: 1.72 / 24 per step.
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(b.0 <= a.0 && a.0 - b.0 < 0.08)
            #expect(b.1 == a.1)   // fading out holds the size it had
        }
        #expect(samples.allSatisfy { $0.0 < 1 })
        #expect(stage.events(.popupShown).isEmpty)
        #expect(stage.events(.popupDismissed, from: "hello").count == 1)
        #expect(stage.scene.overlays.isEmpty)
    }

    @Test("showing again while disappearing turns round and grows on from the size it had")
    func showWhileDisappearing() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.step(8)
        hello.dismiss()
        stage.step(4)
        var samples = [(hello.appearance, hello.boxScale)]
        stage.show("hello")
        #expect(hello.phase == .appearing)
        stage.settle { samples.append((hello.appearance, hello.boxScale)) }
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(b.0 >= a.0 && b.0 - a.0 < 0.08)
            #expect(b.1 >= a.1 && b.1 - a.1 < 0.04)
        }
        #expect(hello.phase == .shown && hello.boxScale == 1)
        #expect(stage.events(.popupShown, from: "hello").count == 1)
        #expect(stage.events(.popupDismissed).isEmpty)
    }

    @Test("once gone, a popup shown again appears from the start and reports popupShown again")
    func showAgain() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.settle()
        hello.dismiss()
        stage.settle()
        #expect(hello.isFinished && stage.scene.overlays.isEmpty)
        stage.show("hello")
        #expect(hello.appearance == 0 && hello.boxScale == 0.5)
        stage.settle()
        #expect(stage.events.map(\.kind) == [.popupShown, .popupDismissed, .popupShown])
    }

    @Test("controls on the screen under a popup get no touches")
    func screenControlsGetNoTouches() {
        let underBox = Button(id: "underBox", frame: Rect(300, 200, 200, 48), title: "Under the box")
        let underBackdrop = Button(id: "underBackdrop", frame: Rect(40, 400, 160, 48), title: "Under the dim")
        let hello = popup("hello")
        let stage = SceneHarness(screen: [underBox, underBackdrop], overlays: [hello])
        stage.show("hello")
        stage.settle()
        stage.down(Point(400, 224))
        #expect(underBox.pressedAmount == 0)
        stage.up()
        #expect(hello.phase == .shown)   // the box takes the finger and does nothing
        stage.down(Point(100, 420))
        #expect(underBackdrop.pressedAmount == 0)
        stage.up()
        #expect(stage.events(.tapped).isEmpty)
        #expect(hello.phase == .disappearing)   // it was a tap on the backdrop
    }

    @Test("a pan on the backdrop does not dismiss")
    func panOnBackdrop() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.settle()
        stage.pan(from: Point(60, 60), to: Point(60, 300))
        stage.settle()
        #expect(hello.phase == .shown)
        #expect(stage.events(.popupDismissed).isEmpty)
    }

    @Test("the top popup of a stack gets the touches")
    func topOfStackGetsTouches() {
        let first = popup("first"), second = popup("second")
        let stage = SceneHarness(overlays: [first, second])
        stage.show("first")
        stage.show("second")
        stage.settle()
        stage.tap(okButton)
        #expect(stage.events(.buttonTapped).map(\.source) == ["second"])
        #expect(first.phase == .shown && second.phase == .disappearing)
    }

    @Test("while disappearing its buttons take no touches, but a backdrop tap still dismisses the popups below")
    func touchesWhileDisappearing() {
        let first = popup("first"), second = popup("second")
        let stage = SceneHarness(overlays: [first, second])
        stage.show("first")
        stage.show("second")
        stage.settle()
        second.dismiss()
        stage.step(4)
        stage.down(okButton)
        #expect(second.buttons[0].pressedAmount == 0)
        stage.up()
        #expect(stage.events(.buttonTapped).isEmpty)
        #expect(first.phase == .shown)
        stage.tap(Point(60, 60))
        #expect(first.phase == .disappearing)
    }

    @Test("a finger held on a button when the popup is dismissed lets go and does not tap")
    func heldButtonOnDismiss() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.settle()
        stage.down(okButton)
        #expect(hello.buttons[0].pressedAmount == 1)
        hello.dismiss()
        stage.up()
        #expect(stage.events(.buttonTapped).isEmpty)
        stage.settle()
        #expect(hello.buttons[0].pressedAmount == 0)
    }

    @Test("while it animates the whole scene is damaged; at rest a pressed button damages only itself")
    func damage() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        _ = stage.scene.takeDamage()
        stage.step()
        #expect(stage.scene.takeDamage().bounds == stage.scene.bounds)
        stage.settle()
        _ = stage.scene.takeDamage()
        stage.down(okButton)
        #expect(stage.scene.takeDamage().bounds == hello.buttons[0].frame)
        stage.move(Point(400, 362))   // off the button, still on the box: not a tap
        _ = stage.scene.takeDamage()
        stage.step()
        #expect(stage.scene.takeDamage().bounds == hello.buttons[0].frame)   // the highlight fading
        stage.up()
        #expect(hello.phase == .shown)
    }

    @Test("a finger landing on the growing box hits what it sees, through the box's scale")
    func hitTestingFollowsTheScale() {
        let hello = popup("hello")
        let stage = SceneHarness(overlays: [hello])
        stage.show("hello")
        stage.step(3)
        // The button's bottom edge at full size (y 350) is outside the box while it is small.
        #expect(hello.boxScale < 0.8)
        stage.tap(Point(400, 345))
        #expect(stage.events(.buttonTapped).isEmpty)
        #expect(hello.phase == .disappearing)
    }
}
