import CFramebufferShim

/// What a framebuffer driver says about itself: `FBIOGET_VSCREENINFO` and
/// `FBIOGET_FSCREENINFO` as plain Swift values (only the fields the kiosk reads), so that
/// deciding what to do with them (``FramebufferGeometry``) is tested without a device.
struct ScreenInfo: Sendable, Equatable {
    var variable: VariableScreenInfo
    var fixed: FixedScreenInfo
}

/// `struct fb_var_screeninfo`: the mode, the virtual screen and the pixel layout.
struct VariableScreenInfo: Sendable, Equatable {
    struct Bitfield: Sendable, Equatable {
        var offset: Int
        var length: Int
        /// Bit order reversed (the most significant bit on the right); no driver in use does it.
        var msbRight = false
    }

    var xres: Int
    var yres: Int
    var xresVirtual: Int
    var yresVirtual: Int
    /// The visible area's corner in the virtual screen (what FBIOPAN_DISPLAY moves).
    var xoffset = 0
    var yoffset = 0
    var bitsPerPixel: Int
    /// 0 for colour; 1 for grey levels; a fourcc code for FOURCC-based modes.
    var grayscale = 0
    var red: Bitfield
    var green: Bitfield
    var blue: Bitfield
    var transp = Bitfield(offset: 0, length: 0)
    /// Non-zero: a driver-specific pixel format the bit fields do not describe.
    var nonstd = 0
    /// Pixel clock period in picoseconds (0: unknown), and the mode's margins and sync lengths
    /// in pixels and lines, from which the refresh rate follows.
    var pixclock = 0
    var leftMargin = 0
    var rightMargin = 0
    var upperMargin = 0
    var lowerMargin = 0
    var hsyncLength = 0
    var vsyncLength = 0
    /// `FB_VMODE_*`: interlaced, double scan.
    var vmode = 0
}

/// `struct fb_fix_screeninfo`: the memory and how it is laid out.
struct FixedScreenInfo: Sendable, Equatable {
    /// The driver's name: `Virtual FB`, `cirrusdrmfb`, `virtio_gpudrmfb`.
    var id: String
    /// Physical start of the video memory (only its offset within a page matters here).
    var memoryStart: UInt = 0
    /// Bytes of video memory the device can map (`smem_len`).
    var memoryLength: Int
    /// Bytes from one row of the virtual screen to the next.
    var lineLength: Int
    var type = FixedScreenInfo.packedPixels
    var visual = FixedScreenInfo.trueColor
    /// Steps FBIOPAN_DISPLAY can move by; 0 means the driver cannot pan that way.
    var xpanstep = 0
    var ypanstep = 0

    static let packedPixels = Int(FB_TYPE_PACKED_PIXELS)
    static let trueColor = Int(FB_VISUAL_TRUECOLOR)
    static let directColor = Int(FB_VISUAL_DIRECTCOLOR)
    static let pseudoColor = Int(FB_VISUAL_PSEUDOCOLOR)

    /// `FB_VISUAL_*` as a word for messages.
    static func visualName(_ visual: Int) -> String {
        switch visual {
        case Int(FB_VISUAL_MONO01), Int(FB_VISUAL_MONO10): return "monochrome"
        case Int(FB_VISUAL_TRUECOLOR): return "true colour"
        case Int(FB_VISUAL_PSEUDOCOLOR): return "a palette (pseudocolour)"
        case Int(FB_VISUAL_STATIC_PSEUDOCOLOR): return "a fixed palette (static pseudocolour)"
        case Int(FB_VISUAL_DIRECTCOLOR): return "direct colour"
        case Int(FB_VISUAL_FOURCC): return "a fourcc format"
        default: return "visual \(visual)"
        }
    }

    /// `FB_TYPE_*` as a word for messages.
    static func typeName(_ type: Int) -> String {
        switch type {
        case Int(FB_TYPE_PACKED_PIXELS): return "packed pixels"
        case Int(FB_TYPE_PLANES), Int(FB_TYPE_INTERLEAVED_PLANES), Int(FB_TYPE_VGA_PLANES): return "bit planes"
        case Int(FB_TYPE_TEXT): return "text cells"
        case Int(FB_TYPE_FOURCC): return "a fourcc format"
        default: return "type \(type)"
        }
    }
}
