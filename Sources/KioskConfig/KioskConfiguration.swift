import KioskCore
import KioskUI

/// A kiosk as its JSON config describes it: display, theme, screens of controls, panels and
/// popups (with the templates the popups name).
///
/// Made by `ConfigLoader.decode(_:file:readFile:)`, which guarantees that a returned config is
/// valid: ids are unique, every reference names a screen, panel or popup of the right kind,
/// values are in range, and every popup's template was read and is valid (it is in
/// `templates`). Values that the file left out hold their documented defaults. The model holds
/// plain values; turning it into a scene of controls is the UI's business.
///
/// ```json
/// { "display": {…}, "theme": {…}, "startScreen": "main", "screens": [ {…} ],
///   "panels": [ {…} ], "popups": [ {…} ] }
/// ```
public struct KioskConfiguration: Sendable, Equatable, Decodable {
    /// `display` (optional; every field has a default).
    public var display: DisplaySettings
    /// `theme` (optional; every field has a default).
    package var theme: ThemeSettings
    /// `input` (optional; every field has a default).
    package var input: InputSettings
    /// `state` (optional): where values are kept across restarts; none by default.
    package var state: StateSettings
    /// `startScreen` (required): the id of the screen shown first.
    public var startScreen: String
    /// `screens` (required, not empty).
    package var screens: [ScreenConfig]
    /// `panels` (default none).
    package var panels: [PanelConfig]
    /// `popups` (default none).
    package var popups: [PopupConfig]
    /// `mqtt` (default none: no broker).
    package var mqtt: MQTTSettings?
    /// `ipc` (optional): the control socket; nil opens none.
    package var ipc: IPCSettings?
    /// `power` (optional): when the screen dims and goes off; never by default.
    package var power: PowerSettings
    /// `idle` (optional): back to a screen after a time without a touch; never by default.
    package var idle: IdleSettings?
    /// `scanners`: the barcode and QR readers among the keyboards, by id.
    package var scanners: [ScannerSettings] = []
    /// `pages` (optional): groups of screens a finger swipes between; none by default.
    package var pages: PagesSettings?
    /// `languages` (optional): the languages the kiosk speaks, with their string files and
    /// (not JSON) their strings; none by default: texts are shown as written.
    package var languages: LanguageSettings?
    /// `images` (optional): the folders images may come from, the decoded-image cache's
    /// size, and (not JSON) the image files found.
    package var images: ImageSettings
    /// The popups' templates, by path as written in the config (`PopupConfig.templatePath`).
    /// Not part of the JSON: `ConfigLoader` reads the files; other decoders leave it empty.
    package var templates: [String: PopupTemplate]
    /// What `kiosk check` warns about in a config that works (in document order), each with
    /// `isWarning` set. Not part of the JSON: `ConfigLoader` fills it; other decoders leave it empty.
    /// At most `maximumListedWarnings` of them; `unlistedWarnings` counts the rest.
    public var warnings: [ConfigProblem] = []
    /// How many warnings there were beyond those `warnings` lists (0 when it lists them all).
    package var unlistedWarnings = 0
    /// The most warnings `warnings` lists: a string file of thousands of unused strings says
    /// so in a screenful, and the count, at every `kiosk check`, start and reload.
    package static let maximumListedWarnings = 100
    /// `warnings` as `kiosk check` prints them and `kiosk run` logs them, one line each, then
    /// `… and 4321 more warnings` when there were more.
    public var warningLines: [String] {
        warnings.map(\.description) + (unlistedWarnings > 0 ? ["… and \(unlistedWarnings) more warnings"] : [])
    }
    /// The icons the config names (`"icon": "lightbulb"`), looked up in the installed icon
    /// font's map, by name. Not part of the JSON: `ConfigLoader` fills it, as `images.files`.
    package var icons: [String: IconGlyph] = [:]

    /// A whole kiosk as a config describes it, for building one in code; each default is what an absent key means.
    package init(display: DisplaySettings = DisplaySettings(), theme: ThemeSettings = ThemeSettings(),
                input: InputSettings = InputSettings(), startScreen: String, screens: [ScreenConfig], panels: [PanelConfig] = [], popups: [PopupConfig] = [],
                templates: [String: PopupTemplate] = [:], mqtt: MQTTSettings? = nil) {
        self.display = display
        self.theme = theme
        self.input = input
        self.startScreen = startScreen
        self.screens = screens
        self.panels = panels
        self.popups = popups
        self.templates = templates
        self.state = StateSettings()
        self.mqtt = mqtt
        self.ipc = nil
        self.power = PowerSettings()
        self.images = ImageSettings()
    }

    /// The screen called `id`.
    package func screen(withID id: String) -> ScreenConfig? { screens.first { $0.id == id } }

    /// The panel called `id`.
    package func panel(withID id: String) -> PanelConfig? { panels.first { $0.id == id } }

    /// The popup called `id`.
    package func popup(withID id: String) -> PopupConfig? { popups.first { $0.id == id } }

    /// The template `popup` names; never nil in a config from `ConfigLoader`.
    package func template(for popup: PopupConfig) -> PopupTemplate? { templates[popup.templatePath] }

    /// The background a screen is painted with: its own, else the display's.
    package func background(of screen: ScreenConfig) -> Color { screen.background ?? display.background }

    enum CodingKeys: String, CodingKey { case display, theme, input, state, startScreen, screens, panels, popups, ipc, mqtt, power, images, idle, pages, languages, scanners }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let display = try fields.decode(.display, default: DisplaySettings())
        if display == nil { fields.validator?.designSize = nil }
        let theme = try fields.decode(.theme, default: ThemeSettings())
        let input = try fields.decode(.input, default: InputSettings())
        let state = try fields.decode(.state, default: StateSettings())
        let startScreen = try fields.reference(.startScreen, to: .screen)
        let screens = try fields.array(.screens, of: ScreenConfig.self, default: nil,
                                       emptyMessage: "must contain at least one screen")
        // With no screen list to look in, "no screen with id …" would repeat the real problem.
        if screens?.isEmpty ?? true { fields.validator?.loseTrack(of: .screen) }
        let panels = try fields.array(.panels, of: PanelConfig.self, default: [])
        if panels == nil { fields.validator?.loseTrack(of: .panel) }
        let popups = try fields.array(.popups, of: PopupConfig.self, default: [])
        if popups == nil { fields.validator?.loseTrack(of: .popup) }
        let mqtt = try fields.optional(.mqtt, as: MQTTSettings.self)
        let ipc = try fields.optional(.ipc, as: IPCSettings.self)
        let power = try fields.decode(.power, default: PowerSettings())
        let images = try fields.decode(.images, default: ImageSettings())
        let idle = try fields.optional(.idle, as: IdleSettings.self)
        let pages = try fields.optional(.pages, as: PagesSettings.self)
        let languages = try fields.optional(.languages, as: LanguageSettings.self)
        // A scanner's id is an id like a control's (its events' `source`): used twice, or by a
        // control too, it is reported as any duplicate id is.
        let scanners = try fields.array(.scanners, of: ScannerSettings.self, default: []) ?? []
        self.init(display: display ?? DisplaySettings(), theme: theme ?? ThemeSettings(),
                  input: input ?? InputSettings(), startScreen: startScreen ?? "", screens: screens ?? [], panels: panels ?? [], popups: popups ?? [],
                  mqtt: mqtt)
        self.state = state ?? StateSettings()
        self.ipc = ipc
        self.power = power ?? PowerSettings()
        self.images = images ?? ImageSettings()
        self.idle = idle
        self.pages = pages
        self.languages = languages
        self.scanners = scanners
    }
}
