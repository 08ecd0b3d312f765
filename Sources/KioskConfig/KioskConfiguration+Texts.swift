import KioskCore
import KioskUI

extension KioskConfiguration {
    /// Every text of the config, with its font and icon: the controls' text properties
    /// (`ControlProperty.Kind.text`: a label's `text`, a button's `title`, a text field's
    /// `placeholder`, …) on screens, panels and inside lists, and the popups' titles, texts
    /// and buttons. The one list of "what this kiosk may show": the font preload lays each
    /// out once at start, so the font files are open before the first touch, and `kiosk
    /// check` looks here for emoji. A text that names a string of the string files
    /// (`"@menu.title"`) is here once per language, as each language's file says it.
    package var texts: [ConfigText] {
        var texts: [ConfigText] = []
        let themeFont = theme.controls.font
        func add(_ controls: [ControlConfig], at prefix: [ConfigText.PathStep]) {
            for (index, control) in controls.enumerated() {
                let path = prefix + [.key("controls"), .index(index)]
                for inside in control.withDescendants {
                    texts += Self.texts(of: inside, themeFont: themeFont, icons: icons, at: path,
                                        rowControl: inside.id == control.id ? nil : inside.id)
                }
            }
        }
        for (index, screen) in screens.enumerated() { add(screen.controls, at: [.key("screens"), .index(index)]) }
        for (index, panel) in panels.enumerated() { add(panel.controls, at: [.key("panels"), .index(index)]) }
        for (index, popup) in popups.enumerated() {
            let template = templates[popup.templatePath]
            let path: [ConfigText.PathStep] = [.key("popups"), .index(index)]
            let titleFont = template?.title.font ?? PopupTemplate.TextPart.titleDefaults.font
            let textFont = template?.text.font ?? PopupTemplate.TextPart.textDefaults.font
            let buttonFont = template?.buttons.font ?? PopupTemplate.ButtonRow.defaultFont
            texts.append(ConfigText(text: popup.title, font: titleFont, steps: path + [.key("title")]))
            texts.append(ConfigText(text: popup.text, font: textFont, steps: path + [.key("text")]))
            for (b, button) in popup.buttons.enumerated() {
                texts.append(ConfigText(text: button.title, font: buttonFont,
                                        steps: path + [.key("buttons"), .index(b), .key("title")]))
            }
        }
        return texts.flatMap(inEveryLanguage).filter { !$0.text.isEmpty || $0.icon != nil }
    }

    /// `text` as each language shows it: one per language for a key, `@…` for `@@…`.
    private func inEveryLanguage(_ text: ConfigText) -> [ConfigText] {
        guard StringKey.isSpecial(text.text) else { return [text] }
        guard let languages, StringKey.key(in: text.text) != nil else {
            var literal = text
            literal.text = StringKey.literal(text.text)
            return [literal]
        }
        return languages.languages.map { language in
            var shown = text
            shown.text = languages.resolve(text.text, in: language)
            return shown
        }
    }

    /// The text properties of one control as its config object writes them, each in the
    /// control's `font` (else `themeFont`), with its `icon` when that is a name.
    private static func texts(of control: ControlConfig, themeFont: String, icons: [String: IconGlyph],
                              at path: [ConfigText.PathStep], rowControl: String?) -> [ConfigText] {
        guard let source = control.source else { return [] }
        var font = themeFont
        if case .string(let own)? = source["font"]?.value { font = own }
        var icon: IconGlyph?
        if case .string(let name)? = source["icon"]?.value { icon = icons[name] }
        var texts: [ConfigText] = []
        for property in control.properties where property.kind == .text {
            guard let node = source[property.name], case .string(let words) = node.value else { continue }
            var text = ConfigText(text: words, font: font, icon: icon, steps: path + [.key(property.name)],
                                  rowControl: rowControl)
            text.position = node.position
            texts.append(text)
            icon = nil  // once per control
        }
        if let icon {  // an icon-only button has no text property written
            texts.append(ConfigText(text: "", font: font, icon: icon, steps: path + [.key("icon")], rowControl: rowControl))
        }
        return texts
    }
}
