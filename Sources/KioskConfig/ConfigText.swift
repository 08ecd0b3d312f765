import KioskCore
import KioskUI

/// One text a kiosk may show, with the font it is set in: what `KioskConfiguration.texts`
/// gathers for the font preload at start and for the checks that depend on the installed
/// fonts (emoji without a colour emoji font).
package struct ConfigText: Equatable, Sendable {
    /// The words as the config writes them (a template's or a key's too, as written).
    package var text: String
    /// The Pango font description it is set in (the element's own, else the theme's or the
    /// popup template's).
    package var font: String
    /// The icon set before it (`"icon"` by name), if any.
    package var icon: IconGlyph?
    /// Where it is written, as keys and indices from the top of the config.
    package var steps: [PathStep]
    /// The id of the control inside a list's row it belongs to, when `steps` lead to the list.
    package var rowControl: String?
    /// Where the value sits in the file, when known (controls'), for a located warning.
    package var position: JSONPosition?

    /// A text `text` in `font` with `icon` before it, written at `steps`.
    package init(text: String, font: String, icon: IconGlyph? = nil, steps: [PathStep], rowControl: String? = nil) {
        self.text = text
        self.font = font
        self.icon = icon
        self.steps = steps
        self.rowControl = rowControl
    }

    /// `screens[0].controls[2].title`; a row's control's as `screens[0].controls[3] (row0).text`.
    package var path: String {
        var text = ""
        for (i, step) in steps.enumerated() {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .index(let index): text += "[\(index)]"
            }
            if let rowControl, i == steps.count - 2 { text += " (\(rowControl))" }
        }
        return text
    }

    /// The path as coding keys, for a diagnostic at the text (the list's, for a row's control).
    var codingPath: [any CodingKey] {
        steps.dropLast(rowControl == nil ? 0 : 1).map { step -> any CodingKey in
            switch step {
            case .key(let key): return TemplateKey(stringValue: key)
            case .index(let index): return IndexKey(index)
            }
        }
    }

    /// One step of a path into the config: an object's key or an array's index.
    package enum PathStep: Equatable, Sendable {
        /// A key of an object.
        case key(String)
        /// An index into an array.
        case index(Int)
    }
}
