import CWayland

/// What the pointer looks like over the kiosk. Hidden by default (`wl_pointer.set_cursor`
/// with no surface): a compositor's arrow parked over a touchscreen kiosk is a known
/// complaint. With `input.showCursor`, the arrow of the cursor theme (`XCURSOR_THEME`, or
/// libwayland-cursor's built-in one when no theme is installed), at the surface's scale.
///
/// The cursor must be set again on every `wl_pointer.enter` (its serial); the compositor
/// shows nothing, or whatever it last had, otherwise.
final class PointerCursor {
    let visible: Bool
    private let compositor: OpaquePointer
    private let shm: OpaquePointer
    private var theme: OpaquePointer?
    private var themeScale = 0
    private var surface: OpaquePointer?

    init(visible: Bool, compositor: OpaquePointer, shm: OpaquePointer) {
        self.visible = visible
        self.compositor = compositor
        self.shm = shm
    }

    /// Sets the cursor for the pointer's `enter` with `serial`.
    func apply(to pointer: OpaquePointer, serial: UInt32, scale: Int) {
        guard visible, let image = arrow(scale: scale), let buffer = wl_cursor_image_get_buffer(image) else {
            wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
            return
        }
        let surface = self.surface ?? wl_compositor_create_surface(compositor)!
        self.surface = surface
        wl_surface_set_buffer_scale(surface, Int32(scale))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(surface)
        let hotspotX = Int32(image.pointee.hotspot_x) / Int32(scale)
        let hotspotY = Int32(image.pointee.hotspot_y) / Int32(scale)
        wl_pointer_set_cursor(pointer, serial, surface, hotspotX, hotspotY)
    }

    /// The theme's arrow at 24 logical pixels, loaded once per scale.
    private func arrow(scale: Int) -> UnsafeMutablePointer<wl_cursor_image>? {
        if theme == nil || themeScale != scale {
            if let theme { wl_cursor_theme_destroy(theme) }
            theme = wl_cursor_theme_load(nil, Int32(24 * scale), shm)
            themeScale = scale
        }
        guard let theme else { return nil }
        let cursor = wl_cursor_theme_get_cursor(theme, "left_ptr") ?? wl_cursor_theme_get_cursor(theme, "default")
        guard let cursor, cursor.pointee.image_count > 0 else { return nil }
        return cursor.pointee.images[0]
    }

    func destroy() {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
        surface = nil
        theme = nil
    }
}
