import KioskRender
import KioskUI

/// Where a picture set at run time is made ready before it shows, so that its first frame
/// only copies pixels: the places its control draws it, and the cache that keeps them.
package protocol ImagePreparer: AnyObject {
    /// Where `control` (a stand-in, made as the change would make it) draws its images.
    func imageSites(of control: Control) -> [ImageSite]
    /// Keeps pictures decoded and scaled on another thread (`ImageCache.prepare`).
    func insert(_ prepared: ImageCache.Prepared)
}

extension SceneRenderer: ImagePreparer {
    package func insert(_ prepared: ImageCache.Prepared) { canvas.images.insert(prepared) }
}
