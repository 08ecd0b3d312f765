import KioskCore
import KioskUI

/// One screen of the kiosk: an element of the config's `"screens"` array.
///
/// ```json
/// { "id": "main", "background": "#101418", "controls": [ {…}, {…} ] }
/// ```
package struct ScreenConfig: Sendable, Equatable, Decodable {
    /// `id` (required): unique across all screens, panels, popups and controls; what
    /// `startScreen` and `switchScreen` actions name.
    package var id: String
    /// `background` (optional): nil means the display's background.
    package var background: Color?
    /// `backgroundImage` (optional): a PNG or JPEG over the background colour, under the
    /// controls, on the whole screen; a path as an `image`'s `source`.
    package var backgroundImage: String?
    /// `backgroundFit` (`contain`, `cover`, `fill`, `none`; default `cover`).
    package var backgroundFit: ImageFit
    /// `controls` (default none), painted in order: later ones on top.
    package var controls: [ControlConfig]
    /// `advanceAfter` (optional, milliseconds, 100…86400000): shown this long without a touch
    /// and with no panel or popup open, the screen fades to the next one in `screens` (the
    /// first after the last): an attract loop.
    package var advanceAfterMilliseconds: Double?

    /// A screen as the config describes it; `background` nil shows the display's.
    package init(id: String, background: Color? = nil, backgroundImage: String? = nil, backgroundFit: ImageFit = .cover,
                controls: [ControlConfig] = []) {
        self.id = id
        self.background = background
        self.backgroundImage = backgroundImage
        self.backgroundFit = backgroundFit
        self.controls = controls
    }

    enum CodingKeys: String, CodingKey { case id, background, backgroundImage, backgroundFit, controls, advanceAfter }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        if let id {
            fields.validator?.declare(.screen, id: id)
        } else {
            // References might name this screen; checking them would only add noise.
            fields.validator?.loseTrack(of: .screen)
        }
        self.init(id: id ?? "", background: try fields.optionalColor(.background),
                  backgroundImage: try fields.optionalImageSource(.backgroundImage),
                  backgroundFit: try fields.decode(.backgroundFit, default: KeywordValue(ImageFit.cover))?.word ?? .cover,
                  controls: try fields.array(.controls, of: ControlConfig.self, default: []) ?? [])
        advanceAfterMilliseconds = try fields.optionalNumber(.advanceAfter, .timedMilliseconds)
    }
}
