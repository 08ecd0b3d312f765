extension KioskConfiguration {
    /// The Debian packages of the fonts this config's texts need, one each, in the order of
    /// `FontPackage.known`: always the default sans-serif's, then those its icons, scripts
    /// and emoji call for (`kiosk check --fonts`, which `scripts/install.sh` installs).
    package var fontPackages: [String] {
        let texts = self.texts
        return FontPackage.known.filter { package in
            switch package.need {
            case .always: return true
            case .icons: return !icons.isEmpty
            case .emoji: return texts.contains { EmojiScan.containsEmoji($0.text) }
            case .script(let range): return texts.contains { $0.text.unicodeScalars.contains { range.contains($0.value) } }
            }
        }.map(\.name)
    }
}

/// A Debian font package and what in a config's text calls for it.
package struct FontPackage: Sendable, Equatable {
    /// What makes a config need the package.
    package enum Need: Sendable, Equatable {
        /// Every kiosk (the default sans-serif).
        case always
        /// An icon by name.
        case icons
        /// Emoji shown as pictures (`EmojiScan`).
        case emoji
        /// A character of the script whose code points these are.
        case script(ClosedRange<UInt32>)
    }

    /// The package's name (`fonts-lohit-deva`).
    package var name: String
    /// When a config needs it.
    package var need: Need

    /// The packages `fontPackages` chooses from. Scripts a text font of `always` lacks get a
    /// line each (DejaVu Sans has Latin, Greek, Cyrillic, Arabic and Hebrew).
    package static let known: [FontPackage] = [
        FontPackage(name: "fonts-dejavu-core", need: .always),
        FontPackage(name: "fonts-lohit-deva", need: .script(0x0900...0x097F)),
        FontPackage(name: IconCatalog.debianPackage, need: .icons),
        FontPackage(name: InstalledFonts.colorEmojiPackage, need: .emoji),
    ]
}
