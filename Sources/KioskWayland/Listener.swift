/// A listener struct at a fixed address for the program's lifetime.
///
/// libwayland keeps the `*_listener` pointer passed to `*_add_listener` inside the proxy and
/// reads it for every event, so it must never move or be freed: one allocation per listener
/// type, made once (the callbacks are `@convention(c)` and capture nothing; the object each
/// event is for arrives as the proxy's user data).
func permanentListener<T>(_ listener: T) -> UnsafeMutablePointer<T> {
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
