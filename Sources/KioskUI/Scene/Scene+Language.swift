import KioskCore

extension ControlEvent.Kind {
    /// The display language changed (`{"language": "de"}`, source `kiosk`): every text is
    /// shown in it from this frame on.
    public static let languageChanged: Self = "languageChanged"
}

/// The language the scene is shown in, and the switch between the ones it has.
///
/// The scene owns the choice (a button's `setLanguage`, the socket, the idle return all come
/// here); what follows from it is everyone else's: the runtime writes every text again in the
/// new language on the `languageChanged` event, and the controls draw by `language` (its
/// direction and number conventions). A scene without `languages` has the one it was made with.
extension Scene {
    /// Shows the scene in `code`, one of `languages`, tells every control it was chosen
    /// (`Control.languageChosen`: a language chooser's button checks itself), and posts
    /// `languageChanged` unless `sendsEvents` is false (a restored language, as values are
    /// restored without events).
    /// False when the scene has no such language or shows it already.
    @discardableResult
    public func setLanguage(_ code: String, sendsEvents: Bool = true) -> Bool {
        guard languages.contains(code), code != language.code else { return false }
        language = DisplayLanguage(code: code)
        // A language chooser (checkable buttons that set a language) shows the language
        // however it was chosen: the socket, the idle return, a restart.
        for control in allControls { control.languageChosen(code, sendsEvents: sendsEvents) }
        if sendsEvents {
            post(ControlEvent(time: currentTime, source: ControlEvent.kioskSource, kind: .languageChanged,
                              value: [("language", .string(code))]))
        }
        return true
    }

    /// The language the idle return goes back to: the first of `languages` when
    /// `resetsLanguageWhenIdle`, else none.
    var idleLanguage: String? {
        guard let idleReturn, idleReturn.resetsLanguage, let first = languages.first else { return nil }
        return first
    }
}
