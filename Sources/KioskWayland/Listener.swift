/// A listener struct at a fixed address for the program's lifetime, its callbacks assigned one
/// by one to a zeroed struct.
///
/// libwayland keeps the `*_listener` pointer passed to `*_add_listener` inside the proxy and
/// reads it for every event, so it must never move or be freed: one allocation per listener
/// type, made once (the callbacks are `@convention(c)` and capture nothing; the object each
/// event is for arrives as the proxy's user data).
///
/// Field by field, not the memberwise initialiser: libwayland's headers add members when the
/// protocol gains events (1.23, Debian 13: `wl_pointer_listener.axis_relative_direction`,
/// `wl_surface_listener.preferred_buffer_scale` and `preferred_buffer_transform`), and a
/// memberwise call then misses arguments on one header version or the other. A member left
/// unset stays NULL; that is safe only because the kiosk binds every global at a version below
/// the one that adds such events (`WaylandGlobals`), so the compositor never sends them.
func permanentListener<T>(_ zeroed: T, _ assign: (inout T) -> Void) -> UnsafeMutablePointer<T> {
    var listener = zeroed
    assign(&listener)
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: listener)
    return pointer
}

/// The Swift object a proxy's user data points to (set with `Unmanaged.passUnretained`; the
/// object outlives its proxies, which it destroys before it goes).
func listenerTarget<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as type: T.Type) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

/// An object that receives a proxy's events through `@convention(c)` listeners.
protocol ListenerTarget: AnyObject {}

extension ListenerTarget {
    /// This object as a proxy's user data.
    var listenerData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
