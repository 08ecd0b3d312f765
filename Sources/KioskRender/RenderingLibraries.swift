import CCairo
import CPangoCairo

/// The versions of the libraries that decide how text and antialiased edges look.
///
/// The same program draws the same scene a little differently on another generation of cairo
/// and Pango (with the HarfBuzz, FreeType and pixman a distribution ships beside them): Debian
/// 12 (cairo 1.16, Pango 1.50) and Debian 13 (cairo 1.18, Pango 1.56) differ in about 1.5 % of
/// the demo's pixels, all in glyphs and edges. Golden images are therefore kept per
/// generation (``generation``); the compiler and the processor change nothing.
package enum RenderingLibraries {
    /// cairo's version at run time, as `major.minor.micro`.
    package static var cairoVersion: String { versionString(Int(cairo_version())) }

    /// Pango's version at run time, as `major.minor.micro`.
    package static var pangoVersion: String { versionString(Int(pango_version())) }

    /// The generation's name: cairo's and Pango's major and minor versions,
    /// `cairo-1.18-pango-1.56`. A point release keeps it; a new minor version, which may move
    /// pixels, changes it.
    package static var generation: String {
        let cairo = Int(cairo_version()), pango = Int(pango_version())
        return "cairo-\(cairo / 10000).\(cairo / 100 % 100)-pango-\(pango / 10000).\(pango / 100 % 100)"
    }

    // Both libraries encode a version as major × 10000 + minor × 100 + micro.
    private static func versionString(_ encoded: Int) -> String {
        "\(encoded / 10000).\(encoded / 100 % 100).\(encoded % 100)"
    }
}
