import KioskCore
import KioskRender

/// `screenshot`: the one op done in parts.
extension ControlRequestHandler {
    /// The frame is copied now, in the request's turn; encoding it (tens of milliseconds for a
    /// large screen) and writing the file are the remaining work, done off the loop by
    /// `ControlRequestQueue`.
    func screenshot(_ request: ControlRequest) -> Performance {
        let id = request.id
        guard let frame = target.currentFrame else { return .replied(.error(id: id, "no frame drawn yet")) }
        let path = request.string("path")
        if path?.isEmpty == true { return .replied(.error(id: id, "\"path\" must not be empty")) }
        let copy: PixelBuffer
        do {
            copy = try PixelBuffer(width: frame.width, height: frame.height, format: frame.format)
        } catch {
            return .replied(.error(id: id, "cannot copy the frame: \(error)"))
        }
        copy.copyAll(from: frame)
        let image = FrameCopy(buffer: copy)
        return .remaining(.reply {
            let frame = image.buffer
            let size: [(String, JSONValue)] = [("width", .number(Double(frame.width))), ("height", .number(Double(frame.height)))]
            if let path {
                do { try Screenshot.write(frame, to: FilePath(path)) } catch {
                    return .error(id: id, "cannot write the screenshot: \(error)")
                }
                return .ok(id: id, [("path", .string(path))] + size)
            }
            let png: [UInt8]
            do { png = try PNGImage.encode(frame) } catch { return .error(id: id, "cannot encode the screenshot: \(error)") }
            return .ok(id: id, size + [("png", .string(Base64.encode(png)))])
        })
    }
}

/// A frame copied for one screenshot: nobody else holds it, so the thread that encodes it
/// may have it.
private struct FrameCopy: @unchecked Sendable {
    let buffer: PixelBuffer
}
