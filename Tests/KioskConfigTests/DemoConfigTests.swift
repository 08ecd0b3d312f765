import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import Testing

/// `config/demo.json`, the config the README runs.
func demoConfigText() throws -> String { try repositoryFile("config/demo.json") }

@Suite struct DemoConfigTests {
    let config: KioskConfiguration

    init() throws {
        config = try ConfigLoader.decode(try demoConfigText(), file: "config/demo.json",
                                         readFile: TestFiles.configReader(directory: "config"))
    }

    @Test func displayAndThemeAreAsWritten() {
        #expect(config.display == DisplaySettings(rotation: .none, background: Color(hex: "#101418")!,
                                                  designSize: Size(800, 480)))
        #expect(config.theme == ThemeSettings())
        #expect(config.startScreen == "main")
    }

    @Test func mainScreenHoldsTheDemoControls() throws {
        let main = try #require(config.screen(withID: "main"))
        #expect(main.controls.map(\.id)
            == ["title", "subtitle", "priceLabel", "price", "angleLabel", "angle", "sayHello", "showDetails",
                "openFilters"])
        #expect(main.controls[0] == ControlConfig(LabelConfig(id: "title", frame: Rect(24, 16, 560, 48),
                                                       text: "@title", font: "sans-serif bold 28")))
        guard let subtitle = main.controls[1].base as? LabelConfig else { Issue.record("subtitle is not a label"); return }
        #expect(config.languages?.resolve(subtitle.text, in: "en").contains("हिन्दी") == true)
        #expect(config.languages?.languages == ["en", "ar", "hi"])
        #expect(main.controls[3] == ControlConfig(RangeSliderConfig(id: "price", frame: Rect(40, 200, 420, 40),
                                                                   minimum: 0, maximum: 100, lower: 20, upper: 80)))
        #expect(main.controls[5] == ControlConfig(CircularSliderConfig(id: "angle", frame: Rect(520, 120, 240, 240),
                                                                         angle: 90)))
        #expect(main.controls[6] == ControlConfig(ButtonConfig(id: "sayHello", frame: Rect(40, 400, 160, 56), title: "@hello",
                                                         action: .showPopup("hello"))))
        guard let more = main.controls[7].base as? ButtonConfig else { Issue.record("showDetails is not a button"); return }
        #expect(more.action == .switchScreen("details", transition: .slideUp))
        guard let filters = main.controls[8].base as? ButtonConfig else { Issue.record("openFilters is not a button"); return }
        #expect(filters.action == .showPanel("filters"))
        #expect(config.background(of: main) == config.display.background)
    }

    @Test func secondScreenLeadsBack() throws {
        let details = try #require(config.screen(withID: "details"))
        #expect(config.background(of: details) == Color(hex: "#182028"))
        let buttons = details.controls.compactMap { control -> ButtonConfig? in
            control.base as? ButtonConfig
        }
        #expect(buttons.map(\.id) == ["back", "flipHome", "fadeHome"])
        #expect(buttons.map(\.action) == [.back(), .switchScreen("main", transition: .flipFromBottom, duration: 0.5),
                                          .switchScreen("main", transition: .fade)])
    }

    @Test func thePanelAndThePopupsUseTheShippedTemplate() throws {
        #expect(config.panels.map(\.id) == ["filters"])
        #expect(config.popups.map(\.id) == ["hello", "help"])
        #expect(config.popups.allSatisfy { $0.templatePath == "popups/dialog.json" })
        #expect(config.templates.keys.sorted() == ["popups/dialog.json"])
    }

    @Test func everyControlFitsTheScreenWithoutOverlapping() {
        let screen = Rect(origin: .zero, size: config.display.layoutSize)
        for s in config.screens {
            for (i, a) in s.controls.enumerated() {
                #expect(screen.contains(a.frame), "\(a.id) leaves the screen")
                for b in s.controls[(i + 1)...] {
                    #expect(!a.frame.intersects(b.frame), "\(a.id) overlaps \(b.id)")
                }
            }
        }
    }

    @Test func idsAreUniqueAcrossTheConfig() {
        let ids = config.screens.map(\.id) + config.screens.flatMap { $0.controls.map(\.id) }
        #expect(Set(ids).count == ids.count)
    }
}
