import KioskCore
import KioskUI

/// Turns a validated config into live controls. Validation happened in `ConfigLoader`, so
/// nothing here can fail; values are still clamped by the controls themselves, and the one
/// conversion that could trap on a config made in code (the angle, Double → Int) is safe.
public enum SceneBuilder {
    /// The config's scene for the default panel (`display.layoutSize`).
    public static func build(_ config: KioskConfiguration) -> Scene { build(config, designSize: config.display.layoutSize) }

    /// The config's scene, laid out in `designSize` (the config's own, or the screen's size
    /// when it names none: see `KioskSetup.sceneSource`).
    public static func build(_ config: KioskConfiguration, designSize: Size) -> Scene {
        let theme = makeTheme(config)
        // Each description makes its own control: the builder knows no control type.
        let context = ControlContext(theme: theme, images: config.images.files, icons: config.icons)
        // Texts that name strings are shown in the default language from the first frame.
        let language = config.languages?.defaultLanguage
        func make(_ control: ControlConfig) -> Control {
            control.resolvingStrings(in: language, of: config.languages, designSize: designSize).makeControl(in: context)
        }
        let screens = config.screens.map { screen in
            let made = Screen(id: screen.id, background: config.background(of: screen),
                              backgroundImage: screen.backgroundImage.flatMap { config.images.files[$0] },
                              backgroundFit: screen.backgroundFit,
                              controls: screen.controls.map(make))
            made.advanceAfter = screen.advanceAfterMilliseconds.map { .milliseconds($0) }
            return made
        }
        let scene = Scene(designSize: designSize, background: config.display.background,
                          screens: screens, startScreen: config.startScreen)
        // Panels and popups exist from the start, hidden; actions show them by id.
        for panel in config.panels {
            scene.register(Panel(id: panel.id, style: panel.style(theme: config.theme), theme: theme,
                                 controls: panel.controls.map(make)))
        }
        for popup in config.popups {
            guard let template = config.template(for: popup) else { continue }   // validated: cannot happen
            let dialog = PopupDialog(id: popup.id, style: popup.style(from: template),
                                     content: popup.content(in: language, of: config.languages), theme: theme)
            dialog.isModal = popup.isModal
            dialog.autoClose = popup.autoCloseMilliseconds.map { .milliseconds($0) }
            scene.register(dialog)
        }
        if let languages = config.languages {
            scene.languages = languages.languages
            scene.language = DisplayLanguage(code: languages.defaultLanguage)
        }
        scene.scanners = config.scanners.map(\.scanner)
        scene.idleReturn = config.idle?.idleReturn(resettingLanguage: config.languages?.resetsOnIdle ?? false)
        // The page dots are drawn in the theme's text colour: lit, and faint for the others.
        for ids in config.pages?.groups ?? [] {
            guard let group = scene.addPageGroup(ids) else { continue }   // validated: cannot happen
            group.currentDotColor = theme.text
            group.dotColor = theme.text.withAlpha(0.35)
        }
        return scene
    }

    /// The theme a config asks for: its `theme` settings, with the display's background. Built
    /// once per scene and handed to every control, so a control drawn with a colour left unset
    /// matches the others.
    public static func makeTheme(_ config: KioskConfiguration) -> Theme {
        var theme = config.theme.controls
        theme.background = config.display.background
        return theme
    }
}
