import KioskUI

/// The icon names a config may use (`"icon": "lightbulb"`) and their code points, as the
/// installed Material Icons font package lists them.
///
/// Debian's `fonts-material-design-icons-iconfont` ships the font and, beside it, the name
/// map as a Sass map (`scss/_variables.scss`, about 2 190 lines like `"lightbulb": e0f0,`).
/// The map is read where the config is checked (`kiosk check`, the start, a reload) rather
/// than copied into the source tree, so the names are always those of the font the device
/// draws with. This module reads no files: the caller hands the text in (`init(sassMap:)`),
/// or `notInstalled` when the package is missing.
package struct IconCatalog: Sendable, Equatable {
    /// Code point by icon name; empty when the font is not installed.
    package private(set) var codePoints: [String: Unicode.Scalar]
    /// Whether the icon font package was found (its name map was read).
    package let isInstalled: Bool
    /// False only for `unchecked`: every well-spelled name passes.
    private var checksNames = true

    /// The Debian package with the font and its name map.
    package static let debianPackage = "fonts-material-design-icons-iconfont"
    /// Where that package puts the name map.
    package static let sassMapPath = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"

    /// No icon font: every icon name is a problem that names the package to install.
    package static let notInstalled = IconCatalog(codePoints: [:], isInstalled: false)

    /// Every well-spelled name passes (drawn as U+FFFD): for listing what a config needs
    /// before its fonts are installed (`kiosk check --fonts`), never for a kiosk that draws.
    package static let unchecked: IconCatalog = {
        var catalog = IconCatalog(codePoints: [:], isInstalled: false)
        catalog.checksNames = false
        return catalog
    }()

    /// A catalog of `codePoints` (for tests and apps with their own icon font map).
    package init(codePoints: [String: Unicode.Scalar], isInstalled: Bool = true) {
        self.codePoints = codePoints
        self.isInstalled = isInstalled
    }

    /// The names in a Sass map's lines of the form `"name": hex,`; other lines are skipped,
    /// so the map's first and last lines (`$material-icons-codepoints: map-merge((`) and
    /// comments do not matter.
    package init(sassMap text: String) {
        var found: [String: Unicode.Scalar] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingSpaces
            let hex = parts[1].trimmingSpaces
            guard name.count > 2, name.first == "\"", name.last == "\"", hex.last == "," else { continue }
            let key = String(name.dropFirst().dropLast())
            guard Self.isIconName(key), let value = UInt32(hex.dropLast(), radix: 16),
                  let scalar = Unicode.Scalar(value) else { continue }
            found[key] = scalar
        }
        self.init(codePoints: found, isInstalled: true)
    }

    /// Whether `value` is spelled as an icon name: 1…64 of `a`–`z`, `0`–`9` and `_`. Anything
    /// else in a button's `icon` (a `/` or a `.`: `icons/lamp.png`) is an image file.
    package static func isIconName(_ value: String) -> Bool {
        guard !value.isEmpty, value.utf8.count <= 64 else { return false }
        return value.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// The icon `name`, or why there is none: the words of the config's message.
    package func glyph(named name: String) -> Result<IconGlyph, IconProblem> {
        guard checksNames else { return .success(IconGlyph(name: name, scalar: "\u{FFFD}")) }
        guard isInstalled else {
            return .failure(IconProblem(message: "\(quoted(name)): icons need the Material Icons font; "
                                        + "install the Debian package \(Self.debianPackage)"))
        }
        if let scalar = codePoints[name] { return .success(IconGlyph(name: name, scalar: scalar)) }
        var message = "\(quoted(name)): no icon of that name"
        if let suggestion = Suggestion.closest(to: name, among: codePoints.keys) {
            message += "; did you mean \(quoted(suggestion))?"
        }
        return .failure(IconProblem(message: message))
    }

    private func quoted(_ name: String) -> String { "\"\(name)\"" }
}

/// Why an icon name does not resolve, in words for the person editing the config.
package struct IconProblem: Error, Sendable, Equatable {
    /// `"lightbulp": no icon of that name; did you mean "lightbulb"?`
    package var message: String
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return s
    }
}
