import KioskCore

/// The rules that span the whole document: ids unique across screens and controls, screen
/// references that name a screen, frames that lie on the screen.
///
/// The config types report facts here while they decode (`claim`, `refer`, `place`), each
/// with its JSON path; `finish()` checks what can only be checked once everything is known.
/// Collecting facts during decoding, rather than walking the decoded model afterwards, keeps
/// the paths right even when a broken element was left out of the model, and means a fact is
/// recorded only for a value that decoded (so a broken value never causes a second message).
final class ConfigValidator {
    static let userInfoKey = CodingUserInfoKey(rawValue: "KioskConfig.ConfigValidator")!

    private let diagnostics: Diagnostics
    /// Id → formatted path of the screen or control that used it first.
    private var idOwners: [String: String] = [:]
    private var screenIDs: [String] = []
    private var screenReferences: [(id: String, path: [any CodingKey])] = []
    private var frames: [(frame: Rect, path: [any CodingKey])] = []

    /// The size frames must lie within; nil when the display's size is itself broken.
    var designSize: Size?
    /// False when the screen list, or some screen's id, could not be read: references to
    /// screens cannot be checked then.
    var screensAreKnown = true

    /// `designSize` is the size that applies when the document does not set one.
    init(diagnostics: Diagnostics, designSize: Size) {
        self.diagnostics = diagnostics
        self.designSize = designSize
    }

    /// Claims `id` for the element at `elementPath`; a second claim is a duplicate.
    func claim(id: String, elementPath: [any CodingKey], idPath: [any CodingKey]) {
        if let owner = idOwners[id] {
            diagnostics.report("duplicate id \(JSONWriter.quoted(id)) (first used at \(owner))", at: idPath)
        } else {
            idOwners[id] = Diagnostics.format(elementPath)
        }
    }

    /// Notes that a screen called `id` exists.
    func declareScreen(_ id: String) { screenIDs.append(id) }

    /// Notes that the value at `path` names a screen.
    func refer(toScreen id: String, at path: [any CodingKey]) { screenReferences.append((id, path)) }

    /// Notes a control's frame, to be checked against the design size.
    func place(frame: Rect, at path: [any CodingKey]) { frames.append((frame, path)) }

    /// Reports references to missing screens and frames off the screen.
    func finish() {
        if screensAreKnown {
            for reference in screenReferences where !screenIDs.contains(reference.id) {
                var message = "no screen with id \(JSONWriter.quoted(reference.id))"
                if let suggestion = Suggestion.closest(to: reference.id, among: screenIDs) {
                    message += "; did you mean \(JSONWriter.quoted(suggestion))?"
                }
                diagnostics.report(message, at: reference.path)
            }
        }
        if let designSize {
            let screen = Rect(origin: .zero, size: designSize)
            for placed in frames where !screen.intersects(placed.frame) {
                let size = JSONWriter.format(designSize.width) + "x" + JSONWriter.format(designSize.height)
                diagnostics.report("frame lies outside the screen (\(size))", at: placed.path)
            }
        }
    }
}
