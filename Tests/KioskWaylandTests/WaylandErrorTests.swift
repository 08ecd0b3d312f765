import Testing
@testable import KioskWayland

@Test("connecting to a socket nobody listens on names it and says what to check")
func noCompositorThere() throws {
    #expect(throws: WaylandError.self) {
        _ = try WaylandConnection(name: "/nonexistent/kiosk-test-wayland-socket")
    }
    do {
        _ = try WaylandConnection(name: "/nonexistent/kiosk-test-wayland-socket")
    } catch {
        #expect(error.description.contains("cannot connect to the compositor at '/nonexistent/kiosk-test-wayland-socket'"))
        #expect(error.description.contains("No such file or directory"))
    }
}

@Test("a protocol error names the interface, the object and what the code means")
func protocolErrorMessage() {
    let error = WaylandError.protocolError(interface: "xdg_wm_base", objectID: 7, code: 6)
    #expect(error.description == "wayland: the compositor ended the connection with protocol error 6 on "
            + "xdg_wm_base@7 (unresponsive)")
    let unknown = WaylandError.protocolError(interface: "zwp_something", objectID: 9, code: 2)
    #expect(!unknown.description.contains("("))
}

@Test("a missing WAYLAND_DISPLAY says how to start the kiosk under a compositor")
func noDisplayVariable() {
    #expect(WaylandError.noDisplayVariable.description.contains("cage -- kiosk run"))
}

@Test("--windowed takes WxH with sides 1…8192 and nothing else")
func windowedSizes() {
    #expect(WaylandOptions.parseSize("1280x720")! == (1280, 720))
    for bad in ["1280", "0x10", "10x9000", "axb", "12x", "x12", "10x10x10", "-5x10"] {
        #expect(WaylandOptions.parseSize(bad) == nil, "\(bad)")
    }
}
