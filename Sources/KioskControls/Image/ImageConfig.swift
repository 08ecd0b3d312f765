import KioskConfig
import KioskCore
import KioskUI

/// A picture: `{"type": "image", "id": "logo", "frame": [x, y, w, h], "source":
/// "images/logo.png", "fit": "contain"}`. The file is checked when the config is (see
/// `ConfigLoader`'s image inspector): a missing, corrupt or oversized one is a problem of the
/// config at `source`.
package struct ImageConfig: ControlDescription {
    /// `"image"`.
    package static let typeName = "image"

    package var id: String
    package var frame: Rect
    /// `source` (required): a PNG or JPEG file, relative to the config's folder (or absolute,
    /// inside a folder `images.directories` lists); at most 1024 Unicode scalars.
    package var source: String
    /// `fit` (`contain`, `cover`, `fill`, `none`; default `contain`).
    package var fit: ImageFit

    /// An image as the config describes it.
    package init(id: String, frame: Rect, source: String, fit: ImageFit = .contain) {
        self.id = id
        self.frame = frame
        self.source = source
        self.fit = fit
    }

    enum CodingKeys: String, CodingKey { case id, frame, source, fit }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  source: try fields.imageSource(.source) ?? "",
                  fit: try fields.decode(.fit, default: KeywordValue(ImageFit.contain))?.word ?? .contain)
    }

    /// `source` and `fit`. Neither is kept in the state file: a picture the owner shows is
    /// the owner's to show again after a restart, when the file may be gone.
    package static let properties = [
        ControlProperty("source", .path, persists: false), ControlProperty("fit", .keyword, persists: false),
    ]

    /// An `ImageView` showing the file as the loader found it.
    package func makeControl(in context: ControlContext) -> Control {
        ImageView(id: id, frame: frame, theme: context.theme, source: source, image: context.images[source], fit: fit)
    }

    /// Sets an `ImageView`'s fit, and its picture when `context` has the file `source` names
    /// (a source set at run time, checked); else the picture stays.
    package func apply(to control: Control, in context: ControlContext) {
        guard let view = control as? ImageView else { return }
        view.fit = fit
        if let image = context.images[source] { view.show(image, source: source) }
    }
}
