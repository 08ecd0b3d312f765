import KioskCore
import KioskRender
import KioskUI

extension FuzzEntry {
    /// An image file, as an `image` control's `source` names it: its header checked against
    /// the limits, decoded (PNG by cairo, JPEG by libjpeg-turbo, then turned by its EXIF
    /// orientation), and drawn through the canvas's image cache with every fit into a frame
    /// of the small panel, upright and turned a quarter (as a panel mounted at 90° draws it).
    /// The cache is given the input as the file's bytes: no file is read.
    package static func image(_ bytes: [UInt8]) -> FuzzOutcome {
        let header: ImageDecoder.Header
        do { header = try ImageDecoder.header(bytes) } catch { return .rejected([error.reason]) }
        let reference = ImageReference(path: "fuzz", size: header.uprightSize)
        var frames = 0
        for transform in [AffineTransform.identity, DisplayRotation.quarter.screenToPanel(panel: Size(96, 160))] {
            let cache = ImageCache(maximumBytes: 1 << 20, load: { (_) throws(ImageError) in bytes })
            let canvas: CairoCanvas
            do { canvas = try CairoCanvas(buffer: PixelBuffer(width: 160, height: 160), transform: transform, images: cache) }
            catch { fatalError("no canvas of 160x160: \(error)") }
            canvas.beginFrame()
            for (index, fit) in ImageFit.allCases.enumerated() {
                canvas.drawImage(reference, fit: fit, in: Rect(Double(index * 40), 10, 36, 70))
            }
            do { try canvas.endFrame() } catch {
                // A file the header accepted but the decoder refused: reported as the frame's
                // error, as the kiosk logs it.
                return .rejected([error.message])
            }
            frames += 1
        }
        return .ran(frames: frames, events: 0)
    }
}
