import CWayland

/// One `wl_output`: its mode, scale and name, reported whole after each `done`.
final class WaylandOutput: ListenerTarget {
    /// The registry name: the output's identity for ``SurfaceLayout``.
    let name: UInt32
    let proxy: OpaquePointer
    let version: UInt32
    private(set) var properties = OutputProperties()
    /// Called when a complete set of changes arrived (`done`; at once for version 1).
    var changed: ((WaylandOutput) -> Void)?

    init(proxy: OpaquePointer, name: UInt32, version: UInt32) {
        self.proxy = proxy
        self.name = name
        self.version = version
        _ = wl_output_add_listener(proxy, Self.listener, listenerData)
    }

    /// Destroys the proxy (`release` from version 3, which also tells the compositor).
    func destroy() {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    private func update(_ change: (inout OutputProperties) -> Void) {
        change(&properties)
        if version < 2 { changed?(self) }
    }

    nonisolated(unsafe) private static let listener = permanentListener(wl_output_listener()) { listener in
        listener.geometry = { data, _, _, _, _, _, _, _, _, transform in
            listenerTarget(data, as: WaylandOutput.self).update { $0.transform = transform }
        }
        listener.mode = { data, _, flags, width, height, refresh in
            // Only the current mode matters; older outputs also list the others.
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            listenerTarget(data, as: WaylandOutput.self).update {
                $0.modeWidth = Int(width)
                $0.modeHeight = Int(height)
                $0.refreshMillihertz = refresh
            }
        }
        listener.done = { data, _ in
            let output = listenerTarget(data, as: WaylandOutput.self)
            output.changed?(output)
        }
        listener.scale = { data, _, factor in
            listenerTarget(data, as: WaylandOutput.self).update { $0.scale = Int(max(factor, 1)) }
        }
        listener.name = { data, _, name in
            listenerTarget(data, as: WaylandOutput.self).update { $0.name = name.map { String(cString: $0) } ?? "" }
        }
        listener.description = { _, _, _ in }
    }
}
