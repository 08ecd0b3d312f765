import KioskControls
import KioskTestSupport
import SwiftKioskTesting
import Foundation
import Testing
import KioskCore
import KioskGestures
import KioskUI
import KioskConfig
@testable import KioskRender

/// The demo's screen drawn by the real renderer, upright and turned, against its golden: every
/// built-in control together (each control's own goldens are in Tests/KioskControlsTests).
@Suite("Demo screen golden")
struct DemoScreenGoldenTests {
    @Test("the demo screen at rotation 0 and 90", arguments: [0, 90])
    func demoScreen(degrees: Int) throws {
        let config = try TestFiles.loadConfig("config/demo.json")
        let scene = SceneBuilder.build(config)
        let rotation = DisplayRotation(degrees: degrees)!
        let design = config.display.layoutSize
        let panel = rotation.swapsAxes ? Size(design.height, design.width) : design
        let renderer = try SceneRenderer(designSize: design, panelWidth: Int(panel.width), panelHeight: Int(panel.height),
                                         rotation: rotation)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "demo-rotation-\(degrees)")
    }
}
