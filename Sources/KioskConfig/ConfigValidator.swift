import KioskCore
import KioskUI

/// The rules that span the whole document: ids unique across screens, panels, popups and
/// controls; references that name a screen, panel or popup that exists; frames that lie on
/// the screen (or on their panel); the template files the popups name.
///
/// The config types report facts here while they decode (`claim`, `declare`, `refer`,
/// `place`, `use(template:)`), each with its JSON path; `finish()` checks what can only be
/// checked once everything is known. Collecting facts during decoding, rather than walking the
/// decoded model afterwards, keeps the paths right even when a broken element was left out of
/// the model, and means a fact is recorded only for a value that decoded (so a broken value
/// never causes a second message).
package final class ConfigValidator {
    static let userInfoKey = CodingUserInfoKey(rawValue: "KioskConfig.ConfigValidator")!

    /// What a reference can name.
    enum Target: String, CaseIterable {
        case screen, panel, popup
    }

    /// Where the frames being decoded are placed: on the screen, or on a panel (whose size
    /// follows from the design size, so it is worked out in `finish()`).
    package enum PlacementArea {
        case screen
        case panel(edge: PanelEdge, extent: Double)
        /// A list's row: as wide as the list, `rowHeight` tall.
        case row(Size)

        var name: String {
            switch self {
            case .screen: return "screen"
            case .panel: return "panel"
            case .row: return "row"
            }
        }

        /// The area's size for a screen of `designSize`.
        func size(designSize: Size) -> Size {
            switch self {
            case .screen: return designSize
            case .panel(let edge, let extent): return PanelConfig.size(edge: edge, extent: extent, designSize: designSize)
            case .row(let size): return size
            }
        }
    }

    /// A popup's use of a template file, in document order.
    struct TemplateUse {
        /// The path as written in the config.
        var path: String
        /// The JSON path of the `template` value, where a file that cannot be read is reported.
        var templatePath: [any CodingKey]
        /// How many buttons the popup has and where they are, to check they fit the template's
        /// button row; nil when the buttons could not be read.
        var buttons: (count: Int, path: [any CodingKey])?
    }

    private let diagnostics: Diagnostics
    /// Id → formatted path of the element that used it first.
    private var idOwners: [String: String] = [:]
    /// Button id → formatted path, within the popup being decoded.
    private var buttonIDOwners: [String: String] = [:]
    /// Where the checked button of each button group was found first: one per group.
    private var checkedInGroup: [String: String] = [:]
    /// Ids of each kind in document order (the suggestion candidates, first of equals wins),
    /// and the same as sets, so that each reference is checked in constant time.
    private var declared: [Target: [String]] = [:]
    private var declaredSets: [Target: Set<String>] = [:]
    /// Targets some of whose ids could not be read: references to them cannot be checked.
    private var unknownTargets: Set<Target> = []
    private var references: [(target: Target, id: String, path: [any CodingKey])] = []
    private var frames: [(frame: Rect, area: PlacementArea, path: [any CodingKey])] = []
    private(set) var templateUses: [TemplateUse] = []
    /// Every text that names a string (`"@menu.title"`), in document order.
    var stringUses: [StringUse] = []
    /// `templateTargets`, once made.
    var madeTemplateTargets: TemplateTargets?
    /// Every language an action names (`{"setLanguage": "de"}`), checked against `languages`.
    var languageReferences: [(code: String, path: [any CodingKey])] = []
    /// The certificate files the config names (`mqtt.caFile`), with where, checked once the
    /// config has decoded (they are read through the loader's file reader, like templates).
    private(set) var certificateUses: [(path: String, at: [any CodingKey])] = []
    /// Every control that decoded, with its JSON path: what text templates may refer to and
    /// where theirs are reported (`checkTextTemplates()`).
    var controls: [(config: ControlConfig, path: [any CodingKey])] = []
    /// Values that name another control of a given type (a keypad's `field`), checked once
    /// every control is known (`checkControlReferences()`).
    var controlReferences: [(id: String, typeName: String, path: [any CodingKey])] = []
    /// Some control could not be read at all (its `type` missing or unknown, so its id was
    /// never read): a reference to an id no control has may be to that one.
    var lostTrackOfControls = false

    /// The image files the config names (an `image`'s `source`, a screen's `backgroundImage`,
    /// a button's `icon`), with where, checked once the config has decoded through the
    /// loader's image inspector.
    private(set) var imageUses: [(path: String, at: [any CodingKey])] = []
    /// The icon names the config uses (`icon`), in document order, for the loader to look up.
    private(set) var iconUses: [(name: String, at: [any CodingKey])] = []

    /// The size frames must lie within; nil when the display's size is itself broken.
    var designSize: Size?
    /// Where frames decoded from now on belong; nil while it is unknown (a panel whose edge or
    /// extent is broken), when their frames are not checked.
    package var placementArea: PlacementArea? = .screen

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

    /// Starts a new popup: its button ids form a namespace of their own.
    func beginPopupButtons() { buttonIDOwners = [:] }

    /// Claims a button id within the current popup.
    func claim(buttonID id: String, elementPath: [any CodingKey], idPath: [any CodingKey]) {
        if let owner = buttonIDOwners[id] {
            diagnostics.report("duplicate button id \(JSONWriter.quoted(id)) (first used at \(owner))", at: idPath)
        } else {
            buttonIDOwners[id] = Diagnostics.format(elementPath)
        }
    }

    /// Notes a button checked in the config in `group`; a second is a mistake (one choice).
    package func checked(inGroup group: String, elementPath: [any CodingKey], at path: [any CodingKey]) {
        if let first = checkedInGroup[group] {
            diagnostics.report("another button of group \(JSONWriter.quoted(group)) is checked already (\(first)); "
                               + "a group is one choice", at: path)
        } else {
            checkedInGroup[group] = Diagnostics.format(elementPath)
        }
    }

    /// Notes that a screen, panel or popup called `id` exists.
    func declare(_ target: Target, id: String) {
        declared[target, default: []].append(id)
        declaredSets[target, default: []].insert(id)
    }

    /// Notes that some screen, panel or popup has an id that could not be read (or that the
    /// whole list could not): checking references to that kind would only add noise.
    func loseTrack(of target: Target) { unknownTargets.insert(target) }

    /// Notes that the value at `path` names a screen, panel or popup.
    func refer(to target: Target, id: String, at path: [any CodingKey]) { references.append((target, id, path)) }

    /// Notes a control's frame, to be checked against the current placement area.
    func place(frame: Rect, at path: [any CodingKey]) {
        guard let placementArea else { return }
        frames.append((frame, placementArea, path))
    }

    /// Notes that the config trusts the PEM certificates in the file at `path` (as written).
    func use(certificateFile path: String, at keyPath: [any CodingKey]) {
        certificateUses.append((path, keyPath))
    }

    /// Notes that the value at `keyPath` names the image file `path` (as written).
    func use(image path: String, at keyPath: [any CodingKey]) { imageUses.append((path, keyPath)) }

    /// Notes that the config uses the icon `name` at `keyPath`.
    func use(icon name: String, at keyPath: [any CodingKey]) { iconUses.append((name, keyPath)) }

    /// Notes that a popup uses the template file at `path` (as written in the config).
    func use(template path: String, at templatePath: [any CodingKey], buttons: (count: Int, path: [any CodingKey])?) {
        templateUses.append(TemplateUse(path: path, templatePath: templatePath, buttons: buttons))
    }

    /// Reports references to missing screens, panels and popups, and frames off their area.
    /// Linear in the number of ids and references: lookups are hashed, the suggestion
    /// candidates of each kind are prepared once, and suggestions share the run's budget.
    func finish() {
        var candidates: [Target: Suggestion.Candidates] = [:]
        for reference in references where !unknownTargets.contains(reference.target) {
            guard !(declaredSets[reference.target]?.contains(reference.id) ?? false) else { continue }
            var message = "no \(reference.target.rawValue) with id \(JSONWriter.quoted(reference.id))"
            if let other = Target.allCases.first(where: { declaredSets[$0]?.contains(reference.id) ?? false }) {
                message += " (it is a \(other.rawValue))"
            } else {
                let ids = candidates[reference.target] ?? Suggestion.Candidates(declared[reference.target] ?? [])
                candidates[reference.target] = ids
                if let suggestion = ids.closest(to: reference.id, budget: diagnostics.suggestionBudget) {
                    message += "; did you mean \(JSONWriter.quoted(suggestion))?"
                }
            }
            diagnostics.report(message, at: reference.path)
        }
        if let designSize {
            for placed in frames {
                let size = placed.area.size(designSize: designSize)
                if !Rect(origin: .zero, size: size).intersects(placed.frame) {
                    diagnostics.report("frame lies outside the \(placed.area.name) (\(Self.format(size)))",
                                       at: placed.path)
                }
            }
        }
        checkControlReferences()
        checkTextTemplates()
    }

    /// Whether some element (a control, screen, panel or popup) claimed `id`, whether or not
    /// it decoded.
    func isClaimed(_ id: String) -> Bool { idOwners[id] != nil }

    /// What kind of element `id` names when it is a screen, panel or popup.
    func declaredTarget(named id: String) -> Target? {
        Target.allCases.first { declaredSets[$0]?.contains(id) ?? false }
    }

    /// Reports a mistake in a text template, at `path`.
    func report(_ message: String, at path: [any CodingKey]) { diagnostics.report(message, at: path) }

    /// Records a warning at `path`: the config works, `kiosk check` mentions it.
    func warn(_ message: String, at path: [any CodingKey]) { diagnostics.warn(message, at: path) }

    /// The run's budget for "did you mean" suggestions.
    var suggestionBudget: Suggestion.Budget { diagnostics.suggestionBudget }

    /// `800x480`.
    package static func format(_ size: Size) -> String { JSONWriter.format(size.width) + "x" + JSONWriter.format(size.height) }
}
