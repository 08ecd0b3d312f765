import KioskCore

/// A language switch (`Scene.language`): the next frame is what a fresh scene built with the
/// new language would draw.
extension Scene {
    /// Drops what depends on the old language and repaints everything, once: every retained
    /// layer is stale (their pixels were drawn in the old direction), every control and overlay
    /// is told, and a page swipe in flight ends where it was heading (its finger's way runs the
    /// other way round now).
    func languageDidChange(from old: DisplayLanguage) {
        if old.direction != language.direction { endPageSwipe() }
        for screen in screens { screen.layer.invalidateAll() }
        var told = Set<ObjectIdentifier>()
        for overlay in registeredOverlays + overlays where told.insert(ObjectIdentifier(overlay)).inserted {
            overlay.retainedLayer?.invalidateAll()
            overlay.languageDidChange()
        }
        for control in allControls { control.languageDidChange() }
        invalidateAll()
    }
}
