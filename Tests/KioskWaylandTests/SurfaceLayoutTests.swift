import KioskBackend
import KioskCore
import Testing
@testable import KioskWayland

private func output(_ width: Int, _ height: Int, scale: Int = 1, millihertz: Int32 = 60_000,
                    transform: Int32 = 0) -> OutputProperties {
    OutputProperties(modeWidth: width, modeHeight: height, refreshMillihertz: millihertz, scale: scale,
                     transform: transform, name: "OUT")
}

private func configured(_ layout: inout SurfaceLayout, _ width: Int32, _ height: Int32) {
    layout.toplevelConfigured(width: width, height: height)
    layout.surfaceConfigured()
}

@Test("nothing is known until the first configure is complete")
func noModeBeforeConfigure() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (800, 480))
    layout.toplevelConfigured(width: 1024, height: 600)
    #expect(layout.mode == nil)
    layout.surfaceConfigured()
    #expect(layout.mode == OutputMode(width: 1024, height: 600))
}

@Test("a fullscreen configure of 0x0 takes the output's own size (cage's first configure)")
func zeroConfigureTakesTheOutput() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (800, 480))
    layout.outputChanged(1, output(1280, 720, millihertz: 75_000))
    configured(&layout, 0, 0)
    #expect(layout.mode?.width == 1280 && layout.mode?.height == 720)
    #expect(layout.mode?.refreshInterval == .nanoseconds(13_333_333))
}

@Test("a window configured 0x0 is the --windowed size; a later configure resizes it")
func windowFollowsTheCompositor() {
    var layout = SurfaceLayout(fullscreen: false, preferredSize: (640, 400))
    layout.outputChanged(1, output(1920, 1080))
    configured(&layout, 0, 0)
    #expect(layout.mode?.width == 640 && layout.mode?.height == 400)
    configured(&layout, 1000, 700)   // the user dragged the window's corner
    #expect(layout.mode?.width == 1000 && layout.mode?.height == 700)
}

@Test("an output turned on its side gives a portrait fullscreen surface")
func turnedOutput() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (800, 480))
    layout.outputChanged(1, output(1280, 720, transform: 1))   // WL_OUTPUT_TRANSFORM_90
    configured(&layout, 0, 0)
    #expect(layout.mode?.width == 720 && layout.mode?.height == 1280)
}

@Test("on a scale-2 output the buffer has twice the configured logical size")
func scaleDoublesTheBuffer() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (800, 480))
    layout.outputChanged(1, output(2560, 1440, scale: 2))
    configured(&layout, 1280, 720)
    #expect(layout.mode?.width == 2560 && layout.mode?.height == 1440 && layout.mode?.scale == 2)
}

@Test("the scale is the largest of the outputs the surface is on; before any enter, the only output's")
func scaleFollowsEnteredOutputs() {
    var layout = SurfaceLayout(fullscreen: false, preferredSize: (400, 300))
    layout.outputChanged(1, output(1920, 1080, scale: 1))
    configured(&layout, 0, 0)
    #expect(layout.scale == 1)
    layout.outputChanged(2, output(3840, 2160, scale: 2))
    #expect(layout.scale == 1)   // two outputs, on neither yet
    layout.entered(1)
    layout.entered(2)
    #expect(layout.mode?.width == 800 && layout.mode?.scale == 2)
    layout.left(2)
    #expect(layout.mode?.width == 400 && layout.mode?.scale == 1)
    layout.outputRemoved(1)
    #expect(layout.scale == 2)   // only output 2 is left
}

@Test("a configured size beyond what a buffer may hold is cut to 8192 pixels a side")
func hugeConfigureIsClamped() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (800, 480))
    configured(&layout, 100_000, 3)
    #expect(layout.mode?.width == PixelBuffer.maximumSide && layout.mode?.height == 3)
}

@Test("without any output a fullscreen 0x0 configure falls back to --size")
func fallbackWithoutOutput() {
    var layout = SurfaceLayout(fullscreen: true, preferredSize: (1024, 600))
    configured(&layout, 0, 0)
    #expect(layout.mode?.width == 1024 && layout.mode?.height == 600)
}

@Test("a configure that only changes states keeps the size it had")
func statesOnlyConfigure() {
    var layout = SurfaceLayout(fullscreen: false, preferredSize: (640, 400))
    configured(&layout, 900, 500)
    layout.surfaceConfigured()   // an xdg_surface.configure with no toplevel size before it
    #expect(layout.mode?.width == 900)
}
