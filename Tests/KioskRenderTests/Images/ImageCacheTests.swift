import Foundation
import KioskCore
@testable import KioskRender
import KioskTestSupport
import KioskUI
import Testing

/// The decoded images a canvas keeps: made once per place and size, bounded in bytes, the
/// least recently used out first.
@Suite struct ImageCacheTests {
    /// A PNG of `width` × `height` quadrants written into a fresh folder.
    static func file(width: Int, height: Int, in folder: URL, named name: String) throws -> ImageReference {
        let url = folder.appendingPathComponent(name)
        try Data(TestImages.png(TestImages.quadrants(width: width, height: height))).write(to: url)
        return ImageReference(path: url.path, size: Size(Double(width), Double(height)))
    }

    static func canvas(cacheBytes: Int, width: Int = 200, height: Int = 100) throws -> CairoCanvas {
        try CairoCanvas(buffer: PixelBuffer(width: width, height: height), images: ImageCache(maximumBytes: cacheBytes))
    }

    @Test func anImageIsDecodedOnceAndThenComposited() throws {
        let folder = try TestFiles.temporaryDirectory()
        let image = try Self.file(width: 40, height: 20, in: folder, named: "a.png")
        let canvas = try Self.canvas(cacheBytes: 1 << 20)
        for _ in 0..<5 {
            canvas.beginFrame()
            canvas.drawImage(image, fit: .fill, in: Rect(10, 10, 80, 40))
            try canvas.endFrame()
        }
        #expect(canvas.images.decodes == 1)
        #expect(canvas.images.bytes == 80 * 40 * 4)   // kept at its drawn size, not the file's
        #expect(canvas.buffer.pixel(x: 15, y: 15) == TestImages.red)
        #expect(canvas.buffer.pixel(x: 85, y: 45) == TestImages.white)
        #expect(canvas.buffer.pixel(x: 5, y: 5) == 0)
    }

    @Test func theCacheStaysWithinItsBoundDroppingTheLeastRecentlyUsed() throws {
        let folder = try TestFiles.temporaryDirectory()
        let images = try (0..<4).map { try Self.file(width: 20, height: 20, in: folder, named: "\($0).png") }
        // Room for two 40x40 images (6400 bytes each), not three.
        let canvas = try Self.canvas(cacheBytes: 2 * 6400 + 100)
        func draw(_ i: Int) throws {
            canvas.beginFrame()
            canvas.drawImage(images[i], fit: .fill, in: Rect(0, 0, 40, 40))
            try canvas.endFrame()
        }
        try draw(0); try draw(1)
        #expect(canvas.images.decodes == 2 && canvas.images.count == 2)
        try draw(0)                       // 0 is now the most recently used
        try draw(2)                       // 1 goes
        #expect(canvas.images.decodes == 3 && canvas.images.count == 2 && canvas.images.bytes <= 2 * 6400 + 100)
        try draw(0)
        #expect(canvas.images.decodes == 3)   // still there
        try draw(1)
        #expect(canvas.images.decodes == 4)   // was dropped, decoded again
        for i in [3, 2, 1, 0, 3] { try draw(i) }
        #expect(canvas.images.bytes <= 2 * 6400 + 100)
    }

    @Test func anImageLargerThanTheWholeCacheIsStillKeptAlone() throws {
        let folder = try TestFiles.temporaryDirectory()
        let image = try Self.file(width: 20, height: 20, in: folder, named: "big.png")
        let canvas = try Self.canvas(cacheBytes: 100)
        for _ in 0..<3 {
            canvas.beginFrame()
            canvas.drawImage(image, fit: .fill, in: Rect(0, 0, 100, 50))
            try canvas.endFrame()
        }
        #expect(canvas.images.decodes == 1 && canvas.images.count == 1)
    }

    @Test func aFileThatIsGoneDrawsNothingAndIsReportedOnce() throws {
        let canvas = try Self.canvas(cacheBytes: 1 << 20)
        let gone = ImageReference(path: "/nonexistent/kiosk/gone.png", size: Size(10, 10))
        canvas.beginFrame()
        canvas.drawImage(gone, fit: .contain, in: Rect(0, 0, 50, 50))
        let error = caughtError(CairoError.self) { try canvas.endFrame() }
        #expect(error?.description == "drawImage(/nonexistent/kiosk/gone.png) failed: No such file or directory")
        canvas.beginFrame()
        canvas.drawImage(gone, fit: .contain, in: Rect(0, 0, 50, 50))
        try canvas.endFrame()                 // not again
        #expect(canvas.images.decodes == 1)
    }

    @Test func theLRUCacheCountsCostAndNeverDropsWhatWasJustInserted() {
        var cache = LeastRecentlyUsedCache<String, Int>(capacity: 10, maximumCost: 10)
        cache.insert(1, for: "a", cost: 4)
        cache.insert(2, for: "b", cost: 4)
        _ = cache.value(for: "a")
        cache.insert(3, for: "c", cost: 4)
        #expect(cache.value(for: "b") == nil && cache.value(for: "a") == 1 && cache.totalCost == 8)
        cache.insert(4, for: "huge", cost: 50)
        #expect(cache.count == 1 && cache.value(for: "huge") == 4 && cache.totalCost == 50)
        cache.insert(5, for: "huge", cost: 2)
        #expect(cache.totalCost == 2)
    }
}
