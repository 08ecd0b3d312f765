/// What a `wl_output` says about itself: its current mode, scale and transform, as its
/// `mode`, `scale`, `geometry` and `name` events report them.
struct OutputProperties: Sendable, Equatable {
    /// The current mode in hardware pixels, before the output's transform.
    var modeWidth = 0
    var modeHeight = 0
    /// mHz; 0 when the compositor does not say (a virtual output).
    var refreshMillihertz: Int32 = 0
    /// Buffer pixels per logical pixel (`wl_output.scale`, version 2).
    var scale = 1
    /// `wl_output.transform`: 1, 3, 5 and 7 turn the output by 90 or 270 degrees.
    var transform: Int32 = 0
    /// `wl_output.name` (version 4): `HDMI-A-1`, `HEADLESS-1`.
    var name = ""

    /// The output's size as the compositor lays it out, in hardware pixels (turned when the
    /// output is turned on its side).
    var transformedSize: (width: Int, height: Int) {
        transform % 2 == 1 ? (modeHeight, modeWidth) : (modeWidth, modeHeight)
    }
}
