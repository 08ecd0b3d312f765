@preconcurrency import Glibc
import KioskCore
import KioskLoop
import KioskRender

/// The photo the image cases of `kiosk bench` use, made rather than shipped: a 1920x1080
/// JPEG of smooth gradients under fine noise, which compresses (and so decodes) about as a
/// camera's photo does at that size (a few hundred kilobytes at quality 85), written to a
/// temporary folder that is removed afterwards.
struct BenchPhoto {
    /// The JPEG file's bytes.
    let jpeg: [UInt8]
    /// The folder holding `photo.jpg`.
    let folder: String

    static let width = 1920, height = 1080

    init() throws {
        let image = try PixelBuffer(width: Self.width, height: Self.height)
        var seed: UInt32 = 0x1234_5678
        for y in 0..<Self.height {
            let row = image.row(y)
            for x in 0..<Self.width {
                seed = seed &* 1_664_525 &+ 1_013_904_223   // a fixed LCG: the same photo every run
                let noise = Int(seed >> 28) - 8
                let r = min(255, max(0, x * 255 / Self.width + noise))
                let g = min(255, max(0, y * 255 / Self.height + noise))
                let b = min(255, max(0, 160 + (x + y) % 64 + noise))
                row[x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        jpeg = try TurboJPEG.encode(image, quality: 85)
        var template = Array("/tmp/kiosk-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchPhotoError(message: "mkdtemp: \(SystemCallError.message(errno))") }
        folder = String(cString: made)
        guard let file = fopen(folder + "/photo.jpg", "wb") else {
            throw BenchPhotoError(message: "\(folder)/photo.jpg: \(SystemCallError.message(errno))")
        }
        let written = jpeg.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard written == jpeg.count else { throw BenchPhotoError(message: "\(folder)/photo.jpg: short write") }
    }

    /// Removes the file and its folder.
    func remove() {
        unlink(folder + "/photo.jpg")
        rmdir(folder)
    }
}

/// The photo could not be written.
struct BenchPhotoError: Error, CustomStringConvertible {
    var message: String
    var description: String { "kiosk bench: \(message)" }
}
