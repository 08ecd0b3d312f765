import Testing
@testable import KioskDRM

private typealias Connector = KMSResources.Connector
private typealias Encoder = KMSResources.Encoder
private typealias Plane = KMSResources.Plane

private func mode(_ w: Int, _ h: Int, _ hz: Int, preferred: Bool = false) -> DisplayMode {
    DisplayMode(width: w, height: h, refresh: hz, isPreferred: preferred)
}

/// A laptop-like card: eDP panel (connected, CRTC 41 lit), HDMI (connected, idle), DP (empty).
private func laptop() -> KMSResources {
    KMSResources(
        connectors: [
            Connector(id: 100, name: "eDP-1", connection: .connected,
                      modes: [mode(1920, 1080, 60, preferred: true), mode(1920, 1080, 48), mode(1280, 720, 60)],
                      encoderIDs: [200], currentEncoderID: 200),
            Connector(id: 101, name: "HDMI-A-1", connection: .connected,
                      modes: [mode(1280, 720, 60), mode(800, 480, 60, preferred: true), mode(800, 480, 50)],
                      encoderIDs: [201]),
            Connector(id: 102, name: "DP-1", connection: .disconnected, modes: [], encoderIDs: [202]),
        ],
        encoders: [
            Encoder(id: 200, possibleCRTCs: 0b011, currentCRTCID: 41),
            Encoder(id: 201, possibleCRTCs: 0b110),
            Encoder(id: 202, possibleCRTCs: 0b100),
        ],
        crtcs: [40, 41, 42])
}

@Test("without options the first connected connector and its preferred mode are chosen")
func defaultsToFirstConnectedPreferred() throws {
    let s = try OutputSelection.choose(in: laptop(), device: "card0", output: nil, mode: nil)
    #expect(s.connector.name == "eDP-1")
    #expect(s.mode.description == "1920x1080@60")
}

@Test("the CRTC already driving the connector is kept")
func currentCRTCIsKept() throws {
    let s = try OutputSelection.choose(in: laptop(), device: "card0", output: nil, mode: nil)
    #expect(s.crtcID == 41)
    #expect(s.crtcIndex == 1)
}

@Test("an idle connector gets the first CRTC its encoder allows")
func idleConnectorGetsFirstPossibleCRTC() throws {
    let s = try OutputSelection.choose(in: laptop(), device: "card0", output: "HDMI-A-1", mode: nil)
    #expect(s.crtcID == 41)  // bit 1 of 0b110
    #expect(s.mode.description == "800x480@60")
}

@Test("an output named in any letter case is found")
func outputNameIgnoresCase() throws {
    let s = try OutputSelection.choose(in: laptop(), device: "card0", output: "hdmi-a-1", mode: nil)
    #expect(s.connector.id == 101)
}

@Test("a requested size picks the preferred mode of that size, a requested rate the matching one")
func requestedModeIsMatched() throws {
    let r = laptop()
    #expect(try OutputSelection.choose(in: r, device: "c", output: "HDMI-A-1", mode: (800, 480, nil)).mode
        .description == "800x480@60")
    #expect(try OutputSelection.choose(in: r, device: "c", output: "HDMI-A-1", mode: (800, 480, 50)).mode
        .description == "800x480@50")
    #expect(try OutputSelection.choose(in: r, device: "c", output: nil, mode: (1920, 1080, 48)).mode
        .description == "1920x1080@48")
}

@Test("a connector that marks no preferred mode uses its first mode")
func noPreferredModeUsesFirst() throws {
    var r = laptop()
    r.connectors[0].modes = [mode(1024, 768, 60), mode(800, 600, 60)]
    #expect(try OutputSelection.choose(in: r, device: "c", output: nil, mode: nil).mode.description == "1024x768@60")
}

/// A request the card cannot meet: the output asked for, on `resources` (the laptop changed
/// as the case says), and the error's text (nil: any `DRMError`).
private struct BadOutputRequest: Sendable, CustomTestStringConvertible {
    let name: String
    var resources: @Sendable () -> KMSResources = laptop
    var device = "c"
    let output: String?
    var mode: (width: Int, height: Int, refresh: Int?)?
    let message: String?

    var testDescription: String { name }

    static let all = [
        BadOutputRequest(name: "a mode the connector does not have is refused with the list of its modes",
                         output: "HDMI-A-1", mode: (1024, 600, nil),
                         message: "output HDMI-A-1 has no mode 1024x600 (it has: 1280x720@60, 800x480@60, 800x480@50)"),
        BadOutputRequest(name: "an unknown output name is refused with the connectors the card has",
                         device: "/dev/dri/card0", output: "VGA-1",
                         message: "/dev/dri/card0 has no output \"VGA-1\" (it has: eDP-1, HDMI-A-1, DP-1)"),
        BadOutputRequest(name: "a named output without a display is refused", output: "DP-1", message: nil),
        BadOutputRequest(name: "with nothing connected the error lists every connector and its status",
                         resources: {
                             var r = laptop()
                             r.connectors[0].connection = .disconnected
                             r.connectors[1].connection = .disconnected
                             return r
                         },
                         device: "/dev/dri/card0", output: nil,
                         message: "no connected display on /dev/dri/card0 (connectors: eDP-1 disconnected, HDMI-A-1 disconnected,"
                             + " DP-1 disconnected); check the cable and power, or choose one with --output"),
        BadOutputRequest(name: "a connector no encoder can route to a CRTC is refused",
                         resources: {
                             var r = laptop()
                             r.encoders[1].possibleCRTCs = 0
                             return r
                         },
                         output: "HDMI-A-1",
                         message: "no CRTC can drive output HDMI-A-1 (none of its encoders lists a possible CRTC)"),
    ]
}

@Test("a request the card cannot meet is refused, saying what the card has", arguments: BadOutputRequest.all)
private func refused(_ bad: BadOutputRequest) {
    let choose = { try OutputSelection.choose(in: bad.resources(), device: bad.device, output: bad.output, mode: bad.mode) }
    if let message = bad.message {
        #expect { try choose() } throws: { error in "\(error)" == message }
    } else {
        #expect(throws: DRMError.self) { try choose() }
    }
}

@Test("a named output whose status is unknown but which lists modes is used")
func unknownStatusWithModesIsUsedWhenNamed() throws {
    var r = laptop()
    r.connectors[2].connection = .unknown
    r.connectors[2].modes = [mode(640, 480, 60)]
    let s = try OutputSelection.choose(in: r, device: "c", output: "DP-1", mode: nil)
    #expect(s.crtcID == 42)
}

@Test("the primary plane for the CRTC is one that can show XRGB8888 or RGB565 there, the current one first")
func primaryPlaneSelection() throws {
    var r = laptop()
    r.planes = [
        Plane(id: 30, kind: .primary, possibleCRTCs: 0b001, currentCRTCID: 40, formats: [.xrgb8888]),
        Plane(id: 31, kind: .primary, possibleCRTCs: 0b010, currentCRTCID: 0, formats: []),
        Plane(id: 32, kind: .primary, possibleCRTCs: 0b110, currentCRTCID: 0, formats: [.rgb565]),
        Plane(id: 33, kind: .primary, possibleCRTCs: 0b010, currentCRTCID: 41, formats: [.xrgb8888]),
        Plane(id: 34, kind: .cursor, possibleCRTCs: 0b010, currentCRTCID: 41, formats: [.xrgb8888]),
        Plane(id: 35, kind: .overlay, possibleCRTCs: 0b111, currentCRTCID: 40, formats: [.xrgb8888]),
    ]
    let s = try OutputSelection.choose(in: r, device: "c", output: nil, mode: nil)  // CRTC 41, index 1
    let primary = try #require(s.primaryPlane(in: r))
    #expect(primary.id == 33)
    #expect(s.planesToDisable(in: r, keeping: primary.id).map(\.id) == [34])
    r.planes.remove(at: 3)
    #expect(s.primaryPlane(in: r)?.id == 32)
}

@Test("without a usable primary plane there is no atomic pipeline, so legacy modesetting is chosen")
func strategyChoice() {
    #expect(Modesetting.choose(forceLegacy: false, atomicCapabilityAccepted: true, atomicPipelineFound: true) == .atomic)
    #expect(Modesetting.choose(forceLegacy: true, atomicCapabilityAccepted: true, atomicPipelineFound: true) == .legacy)
    #expect(Modesetting.choose(forceLegacy: false, atomicCapabilityAccepted: false, atomicPipelineFound: true) == .legacy)
    #expect(Modesetting.choose(forceLegacy: false, atomicCapabilityAccepted: true, atomicPipelineFound: false) == .legacy)
}

@Test("the output listing puts the preferred mode first, marks it, and lists each mode once")
func outputListing() {
    var r = laptop()
    r.connectors[1].modes.append(mode(1280, 720, 60))
    let info = OutputInfo(r.connectors[1], in: r)
    #expect(info.modes == ["800x480@60", "1280x720@60", "800x480@50"])
    #expect(info.preferredMode == "800x480@60")
    #expect(info.crtcPossible)
    #expect(info.description == "HDMI-A-1 connected: 800x480@60 (preferred), 1280x720@60, 800x480@50")
    #expect(OutputInfo(r.connectors[2], in: r).description == "DP-1 disconnected")
}
