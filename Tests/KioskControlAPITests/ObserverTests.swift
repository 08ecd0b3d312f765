import KioskControls
import Testing
import KioskCore
import KioskTestSupport
import KioskUI
import KioskService
import SwiftKioskTesting

/// Target–action: observers per control and per scene hear the frame's final events, in the
/// order of the JSON lines, and can be removed.
@Suite("Observers")
struct ObserverTests {
    func slider() -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(20, 20, 280, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
    }

    /// A fast drag of the slider's lower knob: several moves per frame.
    func dragLowerKnob(_ k: KioskTester) {
        k.down(92, 35, at: 0)
        for i in 1...20 { k.move(92 + Double(i) * 4, 35, at: Double(i) * 3) }
        k.up(at: 80)
    }

    @Test("observers of a control see exactly the coalesced events the JSON lines say, in their order")
    func sameAsLines() throws {
        let price = slider()
        var seen: [String] = []
        price.addObserver(for: .valueChanged) { seen.append($0.description) }
        price.addObserver(for: .valueCommitted) { seen.append($0.description) }
        let k = KioskTester(screen: [price], size: Size(320, 240))
        dragLowerKnob(k)
        try k.step(until: 200)
        #expect(k.eventLines.count >= 3)
        #expect(k.eventLines.count < 20)   // coalesced: fewer lines than moves
        #expect(seen == k.eventLines)
    }

    @Test("many observers of one kind are called in the order they were added; other kinds do not reach them")
    func manyObserversInOrder() throws {
        let price = slider()
        var calls: [String] = []
        price.addObserver(for: .valueCommitted) { _ in calls.append("first") }
        price.addObserver(for: .valueCommitted) { _ in calls.append("second") }
        price.addObserver(for: .tapped) { _ in calls.append("never") }
        price.addObserver { _ in calls.append("any") }
        let k = KioskTester(screen: [price], size: Size(320, 240))
        dragLowerKnob(k)
        try k.step(until: 200)
        #expect(calls.filter { $0 != "any" } == ["first", "second"])
        #expect(calls.filter { $0 == "any" }.count == k.eventLines.count)
    }

    @Test("a removed observer is not called again; one that removes itself is called once")
    func removal() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 100, 80, 40))
        var kept = 0, removed = 0, once = 0
        lamp.addObserver(for: .toggled) { _ in kept += 1 }
        let token = lamp.addObserver(for: .toggled) { _ in removed += 1 }
        var selfToken: ObservationToken?
        selfToken = lamp.addObserver(for: .toggled) { _ in
            once += 1
            if let selfToken { lamp.removeObserver(selfToken) }
        }
        #expect(lamp.removeObserver(token))
        #expect(!lamp.removeObserver(token))
        let k = KioskTester(screen: [lamp], size: Size(320, 240))
        for i in 0..<3 { k.down(60, 120, at: Double(i) * 200); k.up(at: Double(i) * 200 + 40) }
        try k.step(until: 800)
        #expect((kept, removed, once) == (3, 0, 1))
    }

    @Test("an observer that changes the scene is safe; what it changes and sends shows in the next frame")
    func observerChangesScene() throws {
        let lamp = Lamp(id: "wifi", frame: Rect(20, 100, 80, 40))
        let stepper = Stepper(id: "count", frame: Rect(120, 100, 120, 48))
        let second = Screen(id: "second")
        let scene = Scene(designSize: Size(320, 240), screens: [Screen(id: "main", controls: [lamp, stepper]), second])
        lamp.addObserver(for: .toggled) { _ in
            stepper.increment()
            scene.showScreen("second")
        }
        var linesWhenStepperSpoke: [String] = []
        stepper.addObserver(for: .valueChanged) { _ in linesWhenStepperSpoke.append("count") }
        let k = KioskTester(scene: scene)
        k.down(60, 120, at: 10)
        k.up(at: 40)
        try k.step(until: 200)
        #expect(scene.currentScreen === second)
        // The observer acts on a person's tap: what it causes is the person's too (no origin).
        #expect(k.eventLines.count == 3)
        #expect(k.eventLines[0].contains("\"toggled\""))
        #expect(k.eventLines[1] == #"{"t": 50, "source": "count", "event": "valueChanged", "value": {"value": 1}}"#)
        #expect(k.eventLines[2] == #"{"t": 50, "source": "kiosk", "event": "screenChanged", "value": {"screen": "second"}}"#)
        #expect(linesWhenStepperSpoke == ["count"])
    }

    @Test("scene-wide observers hear every control, panel and popup, filtered by kind or source")
    func sceneWide() throws {
        let open = Button(id: "open", frame: Rect(20, 20, 100, 40), title: "Open", action: .showPanel("filters"))
        let ask = Button(id: "ask", frame: Rect(140, 20, 100, 40), title: "Ask", action: .showPopup("hello"))
        let scene = Scene(designSize: Size(320, 240), screens: [Screen(id: "main", controls: [open, ask])])
        let inner = Lamp(id: "onlyNew", frame: Rect(10, 10, 80, 40))
        scene.register(Panel(id: "filters", style: PanelStyle(), controls: [inner]))
        scene.register(PopupDialog(id: "hello", style: Self.popupStyle,
                                   content: PopupContent(title: "Hi", text: "Hello", buttons: [.init(id: "ok", title: "OK")]),
                                   theme: .standard))
        var all: [String] = []
        var shown: [String] = []
        var fromPopup: [String] = []
        scene.addObserver { all.append($0.description) }
        scene.addObserver(for: .panelShown) { shown.append($0.source) }
        scene.addObserver(for: .popupShown) { shown.append($0.source) }
        scene.addObserver(source: "hello") { fromPopup.append($0.kind.rawValue) }
        #expect(scene.control(withID: "onlyNew") === inner)   // look-ups reach into panels
        let k = KioskTester(scene: scene)
        k.down(70, 40, at: 0); k.up(at: 30)           // the panel slides in (300 ms)
        k.down(160, 30, at: 500); k.up(at: 530)       // a tap on the dim: the panel leaves
        k.down(190, 40, at: 1000); k.up(at: 1030)     // the popup appears (200 ms)
        k.down(5, 5, at: 1500); k.up(at: 1530)        // a tap on the backdrop dismisses it
        try k.step(until: 2000)
        #expect(all == k.eventLines)
        #expect(shown == ["filters", "hello"])
        #expect(fromPopup == ["popupShown", "popupDismissed"])
    }

    static let popupStyle = PopupStyle(
        boxFrame: Rect(60, 60, 200, 120), cornerRadius: 8, borderColor: .white, borderWidth: 1,
        boxBackground: .black, backdrop: Color.black.withAlpha(0.5),
        title: TextBlockStyle(frame: Rect(10, 10, 180, 20), font: "sans-serif 12", color: .white, alignment: .center),
        text: TextBlockStyle(frame: Rect(10, 40, 180, 30), font: "sans-serif 10", color: .white, alignment: .center),
        buttons: PopupButtonStyle(frame: Rect(10, 80, 180, 30), font: "sans-serif 10", textColor: .white,
                                  background: .black, cornerRadius: 4, spacing: 8))
}
