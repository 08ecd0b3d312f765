import KioskControls
import Testing
import KioskConfig
import KioskCore
import KioskTestSupport
import KioskUI
@testable import KioskService
import SwiftKioskTesting

/// A reload keeps what a person is doing where the new config still has it: open panels and
/// popups stay open, a drag goes on; what is gone ends as a lift would.
@Suite("Reload carries over")
struct ReloadCarryOverTests {
    static let config = Result { try KioskSetup.loadConfig(FilePath(TestFiles.path("config/demo.json"))) }

    /// A new scene of config/demo.json, as a reload builds it.
    func demo() throws -> Scene { SceneBuilder.build(try Self.config.get(), designSize: Size(800, 480)) }

    func price(_ k: KioskTester) -> [ControlEvent] { k.events.filter { $0.source == "price" } }

    @Test("a drag in progress goes on on the new scene's slider of the same id and commits once, at the lift")
    func dragGoesOn() throws {
        let k = KioskTester(scene: try demo())
        k.down(136, 220, at: 0)        // the lower knob, at 20
        k.move(174, 220, at: 16)       // 30
        try k.step(until: 40)
        k.runtime!.replaceScene(try demo())
        k.move(212, 220, at: 60)       // 40, on the new slider
        k.up(at: 100)
        try k.step(until: 300)
        let commits = price(k).filter { $0.kind == .valueCommitted }
        #expect(commits.count == 1)
        #expect(commits.first?["lower"] == 40 && commits.first?.time == .milliseconds(100))
        #expect(price(k).allSatisfy { $0.origin == .touch })
        #expect(k.scene?.control(withID: "price")?.currentValue?.first?.value == .number(40))
    }

    @Test("a drag on a control the new config no longer has ends with valueCommitted at the reload; the finger does nothing more")
    func dragEnds() throws {
        let k = KioskTester(scene: try demo())
        k.down(136, 220, at: 0)
        k.move(174, 220, at: 16)
        try k.step(until: 40)
        let next = try demo()
        _ = next.screens[0].remove("price")
        k.runtime!.replaceScene(next)
        let commits = price(k).filter { $0.kind == .valueCommitted }
        #expect(commits.count == 1 && commits.first?["lower"] == 30)
        #expect(commits.first?.origin == .touch)   // the value the finger left
        k.move(212, 220, at: 60)
        k.up(at: 100)
        try k.step(until: 300)
        #expect(price(k).count == 2)                // nothing after the commit
    }

    @Test("a drag inside an open panel goes on in the new scene's panel")
    func dragInPanelGoesOn() throws {
        let first = try demo()
        let k = KioskTester(scene: first)
        first.showOverlay("filters")
        try k.step(until: 500)
        k.down(196, 332, at: 500)      // the size slider's lower knob, at 2
        k.move(264, 332, at: 516)      // 3
        try k.step(until: 540)
        k.runtime!.replaceScene(try demo())
        k.move(332, 332, at: 560)      // 4
        k.up(at: 600)
        try k.step(until: 800)
        let commits = k.events.filter { $0.source == "size" && $0.kind == .valueCommitted }
        #expect(commits.count == 1 && commits.first?["lower"] == 4)
    }

    @Test("an open panel and a popup with the owner's words stay open across a reload, without appearing again")
    func overlaysStayOpen() throws {
        let scene = try demo()
        let k = KioskTester(scene: scene)
        scene.showOverlay("filters")
        let popup = try #require(scene.registeredOverlay(withID: "hello") as? PopupDialog)
        var words = popup.defaultContent
        words.text = "Closing in 5 minutes"
        scene.present(popup)
        popup.show(content: words)
        try k.step(until: 500)
        let next = try demo()
        k.runtime!.replaceScene(next)
        try k.step(until: 1000)
        #expect(next.overlays.map(\.id) == ["filters", "hello"])
        let carried = try #require(next.overlays.last as? PopupDialog)
        #expect(carried.phase == .shown && carried.content.text == "Closing in 5 minutes")
        #expect((next.overlays.first as? Panel)?.presentation == 1)
        let shown = k.events.filter { $0.kind == .panelShown || $0.kind == .popupShown }.map(\.source)
        #expect(shown.sorted() == ["filters", "hello"])     // once each, before the reload
        // Dismissed in the new scene, they go as any other.
        carried.dismiss()
        try k.step(until: 1500)
        #expect(k.events.last?.kind == .popupDismissed)
    }

    @Test("a panel half-way in goes on sliding from where it was; one the new config lacks closes")
    func halfWayAndGone() throws {
        let first = try demo()
        let k = KioskTester(scene: first)
        first.showOverlay("filters")
        try k.step(until: 100)
        let before = try #require(first.overlays.first as? Panel).presentation
        #expect(before > 0 && before < 1)
        let next = try demo()
        k.runtime!.replaceScene(next)
        let carried = try #require(next.overlays.first as? Panel)
        #expect(carried.presentation == before)
        try k.step(until: 600)
        #expect(carried.presentation == 1)
        #expect(k.events.filter { $0.kind == .panelShown }.count == 1)
        let bare = Scene(designSize: Size(800, 480), screens: [Screen(id: "main")])
        k.runtime!.replaceScene(bare)
        #expect(bare.overlays.isEmpty)
    }

    @Test("a reload keeps the language shown, its texts written in it, when the new config still has it")
    func languageStays() throws {
        let config = try Self.config.get()
        let k = KioskTester(config: config)
        try k.step(until: 0)
        #expect(k.scene?.setLanguage("hi") == true)
        try k.step(until: 20)
        k.runtime!.replaceScene(try demo(), properties: PropertyModel(config: config))
        try k.step(until: 40)
        #expect(k.scene?.language.code == "hi")
        #expect((k.scene?.control(withID: "priceLabel") as? Label)?.text == "मूल्य सीमा")
        #expect(!k.events.contains { $0.kind == .languageChanged && $0.time > .milliseconds(20) })
    }

    @Test("a reload whose config drops the language shown goes to its default and says so with languageChanged")
    func droppedLanguageIsAnnounced() throws {
        let config = try Self.config.get()
        let k = KioskTester(config: config)
        try k.step(until: 0)
        #expect(k.scene?.setLanguage("hi") == true)
        try k.step(until: 20)
        let next = try demo()
        next.languages.removeAll { $0 == "hi" }
        k.runtime!.replaceScene(next, properties: PropertyModel(config: config))
        try k.step(until: 40)
        #expect(k.scene?.language.code == "en")
        let changes = k.events.filter { $0.kind == .languageChanged }
        #expect(changes.count == 2)
        #expect(changes.last?["language"] == "en" && changes.last?.source == ControlEvent.kioskSource)
        #expect((k.scene?.control(withID: "priceLabel") as? Label)?.text == "Price range")
    }
}
