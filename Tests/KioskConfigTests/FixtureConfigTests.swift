import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `Tests/KioskConfigTests/Fixtures/kiosk.json`: a full example with two screens, two panels
/// and three popups sharing two templates, read the way `kiosk` reads a config (files
/// relative to the config's directory).
@Suite struct FixtureConfigTests {
    static let directory = "Tests/KioskConfigTests/Fixtures"

    let config: KioskConfiguration
    let reads: [String]

    init() throws {
        var reads: [String] = []
        config = try TestFiles.loadConfig(Self.directory + "/kiosk.json") { reads.append($0) }
        self.reads = reads
    }

    @Test func everySectionIsThere() {
        #expect(config.screens.map(\.id) == ["main", "details"])
        #expect(config.panels.map(\.id) == ["filters", "menu"])
        #expect(config.popups.map(\.id) == ["hello", "help", "confirm"])
    }

    @Test func sharedTemplatesAreReadOnce() {
        #expect(reads == ["popups/card.json", "popups/plain.json"])
        #expect(config.templates.keys.sorted() == ["popups/card.json", "popups/plain.json"])
        #expect(config.templates["popups/plain.json"] == PopupConfigTests.defaultTemplate)
    }

    @Test func everyKeyOfTheCardTemplateIsUsed() throws {
        let hello = try #require(config.popup(withID: "hello"))
        let style = try hello.style(from: #require(config.template(for: hello)))
        #expect(style.boxFrame == Rect(160, 90, 480, 300))
        #expect(style.cornerRadius == 20 && style.borderWidth == 2)
        #expect(style.borderColor == Color(hex: "#C0C8D0") && style.boxBackground == Color(hex: "#F4F6F8"))
        #expect(style.backdrop == Color(hex: "#10141899"))
        #expect(style.title == TextBlockStyle(frame: Rect(32, 24, 416, 40), font: "serif bold 24",
                                              color: Color(hex: "#101418")!, alignment: .leading))
        #expect(style.text.alignment == .leading)
        #expect(style.buttons == PopupButtonStyle(frame: Rect(32, 220, 416, 52), font: "sans-serif bold 18",
                                                  textColor: .white, background: Color(hex: "#E0503C")!,
                                                  cornerRadius: 26, spacing: 16))
    }

    @Test func panelsTakeTheirLookFromThemeOrThemselves() throws {
        let filters = try #require(config.panel(withID: "filters")).style(theme: config.theme)
        let menu = try #require(config.panel(withID: "menu")).style(theme: config.theme)
        #expect(filters == PanelStyle(edge: .bottom, extent: 0.5, background: Color(hex: "#1C232C")!, cornerRadius: 16))
        #expect(menu == PanelStyle(edge: .right, extent: 0.3, background: Color(hex: "#26303C")!, cornerRadius: 0))
    }

    @Test func actionsBecomeTheUIsActions() throws {
        func action(_ id: String) -> ControlAction? {
            let controls = config.screens.flatMap(\.controls) + config.panels.flatMap(\.controls)
            guard let button = controls.first(where: { $0.id == id })?.base as? ButtonConfig else { return nil }
            return button.action?.controlAction()
        }
        #expect(action("openFilters") == .showPanel("filters"))
        #expect(action("sayHello") == .showPopup("hello"))
        #expect(action("showDetails") == .switchScreen("details", transition: .slideUp))
        #expect(action("back") == .back())
        #expect(action("flipHome") == .switchScreen("main", transition: .flipFromBottom, duration: .milliseconds(600)))
        #expect(action("menuDetails") == .switchScreen("details", transition: .fade, duration: .milliseconds(400)))
        let confirm = try #require(config.popup(withID: "confirm")).content()
        #expect(confirm.buttons.map(\.action) == [nil, .back(), .switchScreen("main", transition: .fade)])
    }

    @Test func everyControlLiesWhollyOnItsScreenOrPanel() {
        let design = config.display.layoutSize
        let areas = config.screens.map { ($0.id, Size(design.width, design.height), $0.controls) }
            + config.panels.map { ($0.id, $0.size(designSize: design), $0.controls) }
        for (id, size, controls) in areas {
            for control in controls {
                #expect(Rect(origin: .zero, size: size).contains(control.frame), "\(control.id) leaves \(id)")
            }
        }
    }
}
