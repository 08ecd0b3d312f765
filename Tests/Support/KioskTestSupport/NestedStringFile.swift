/// String files of the shapes that once cost the reader the square of their size (issue 29):
/// groups nested deep with long names, and many strings nobody uses. The same shape as
/// `scripts/make-nested-strings.py`, which writes the large one `kiosk check` is timed on.
public enum NestedStringFile {
    /// `{"title": "Title", "unused0": …, "aaa…": {"unused1": …, "bbb…": {… "bottom": "unten"}}}`:
    /// `depth` groups inside one another, group `n` named by `nameLength` times the `n`-th
    /// letter (a…z, then again), each holding a string that no text uses.
    public static func text(depth: Int, nameLength: Int) -> String {
        var inner = #""bottom": "unten""#
        for level in (0..<depth).reversed() {
            let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(level % 26)))
            let name = String(repeating: letter, count: nameLength)
            inner = #""unused\#(level)": "nobody shows this", "\#(name)": {\#(inner)}"#
        }
        return #"{"title": "Title", "# + inner + "}"
    }

    /// `{"title": "Title", "unused0": "…", … "unused<count - 1>": "…"}`: `count` strings that
    /// no text uses, a warning each.
    public static func unused(_ count: Int) -> String {
        #"{"title": "Title""# + (0..<count).map { #", "unused\#($0)": "nobody shows this""# }.joined() + "}"
    }

    /// A config in English (the default, `en.json`) and German (`de.json`) whose one label
    /// shows `"@title"`.
    public static let config = """
        {"languages": {"default": "en", "files": {"en": "en.json", "de": "de.json"}}, "startScreen": "main",
         "screens": [{"id": "main", "controls": [
           {"type": "label", "id": "title", "frame": [0, 0, 400, 40], "text": "@title"}]}]}
        """

    /// The German file beside it: the title alone.
    public static let german = #"{"title": "Titel"}"#
}
