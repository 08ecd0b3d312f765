import KioskCore
import KioskUI

/// The owner's side of the controls' properties (Contracts.md, "Properties"): what the
/// socket's and MQTT's `set` change besides values, what `get` reports, and what a reload and
/// a restart put back.
///
/// A change is checked by decoding the control's config object again with the new values in
/// place (`ControlConfig.changing(_:designSize:)`), so it is refused with the config file's
/// own messages and nothing changes then; a good one is made by the control type's
/// `apply(to:)`, recorded in `Control.ownerProperties`, and announced by a
/// `propertiesChanged` event. A control made in code has a config of none: it has `enabled`
/// and `visible`, its other settings are its Swift properties.
package final class PropertyModel {
    /// Every control's config as it is now (the file's, with the changes made since), by id.
    private var configs: [String: ControlConfig] = [:]
    /// The text properties that are templates or keys, by control id (see `TextTemplates`).
    private var templates = TextTemplates()
    /// The config's languages; nil without them.
    private var languages: LanguageSettings?
    /// The popups, whose words are shown in the scene's language (`refreshTemplates`).
    private var popups: [PopupConfig] = []
    /// The language the texts and the popups' words were last written in; nil: none yet.
    private var writtenLanguage: String?
    /// Where an image property set at run time (`source`, `icon`) resolves, confined as the
    /// config's images are (the kiosk's `ImageLibrary`).
    private let images: any ImageSources
    /// Where an icon set at run time by name is looked up.
    private let icons: IconCatalog
    /// Told what a refused image source's reply leaves out (where it leads): for the journal.
    package var refusals: (String) -> Void = { _ in }

    /// The controls of `config`'s screens and panels; nil (a scene made in code): none. Image
    /// files set at run time are found through `images`, icons by name in `icons` (the
    /// service's `PropertyModel(config:images:)` gives the machine's).
    package init(config: KioskConfiguration?, imageSources images: any ImageSources, icons: IconCatalog) {
        self.images = images
        self.icons = icons
        guard let config else { return }
        languages = config.languages
        templates = TextTemplates(languages: config.languages)
        popups = config.languages == nil ? [] : config.popups
        for control in (config.screens.flatMap(\.controls) + config.panels.flatMap(\.controls)).flatMap(\.withDescendants) {
            configs[control.id] = control
            templates.bind(control)
        }
    }

    /// Writes every text template of `scene` again that may have changed: all of them when
    /// `events` is nil (a new scene, values restored without events), else those of the
    /// controls the events came from and of the controls whose values or properties they
    /// insert. A text that changed repaints its control, in the frame drawn next.
    /// A language switch writes them all again, and gives every popup its words in the new
    /// language.
    package func refreshTemplates(in scene: Scene, after events: [ControlEvent]?) {
        var events = events
        if scene.language.code != writtenLanguage {
            writtenLanguage = scene.language.code
            events = nil
            for popup in popups {
                (scene.registeredOverlay(withID: popup.id) as? PopupDialog)?
                    .replaceDefaultContent(popup.content(in: scene.language.code, of: languages))
            }
        }
        guard !templates.isEmpty else { return }
        templates.refresh(in: scene, after: events, properties: properties(of:)) { id, property, text in
            guard let config = configs[id], let control = scene.control(withID: id) else { return }
            if let writer = config.base as? TemplateTextWriter, TextRule.displayText.problem(with: text) == nil,
               writer.write(text: text, as: property, on: control) {
                return
            }
            guard case .success(let rendered) = config.changing([(property, .string(text))], designSize: scene.designSize)
            else { return }
            rendered.base.apply(to: control)
        }
    }

    /// A change checked and ready to be made.
    package struct Change {
        /// The control's new config; nil for a control made in code.
        fileprivate var config: ControlConfig?
        /// What changed, as recorded and announced.
        fileprivate var properties: [OwnerProperty]
        /// The image files it names, checked, by source as written (stand-ins while
        /// `filesToLoad` are still to be read).
        fileprivate var images: [String: ImageReference] = [:]
        /// The icons it names, by name.
        fileprivate var icons: [String: IconGlyph] = [:]
        /// The image files found but not yet read (`ImageLoading.deferred`), with the property
        /// that names each: a change made only once a worker has decoded them.
        package fileprivate(set) var filesToLoad: [(property: String, file: ImageFile)] = []

        /// The control as this change would make it, with stand-ins for the files still to be
        /// read: where it would draw them (`SceneRenderer.imageSites(of:)`). Nil for a
        /// control made in code.
        package func standIn(for control: Control) -> Control? {
            config?.makeControl(in: ControlContext(theme: control.theme, images: images, icons: icons))
        }
    }

    /// How a change's image files are had (`check`).
    package enum ImageLoading {
        /// Read and decoded here and now: a reload's or a restart's restore, a target
        /// without a worker.
        case inLine
        /// Found and confined only, the change listing them in `Change.filesToLoad`: the
        /// run-time `set`, whose files a worker decodes off the loop.
        case deferred
        /// Decoded already, by source as written; a source not among them is read in line.
        case ready([String: ImageReference])
    }

    /// The property names `control` has: its type's, then `enabled` and `visible`.
    package func propertyNames(of control: Control) -> [String] {
        (configs[control.id]?.properties ?? ControlConfig.commonProperties).map(\.name)
    }

    /// Whether `value` set as `property` of `control` names an image file: an image's
    /// `source`, or an `icon` that is not an icon's name.
    package func takesImageFile(_ value: String, as property: String, of control: Control) -> Bool {
        Self.namesImageFile(value, kind: configs[control.id]?.property(named: property)?.kind)
    }

    /// Whether `value`, given for a property of `kind`, is an image file's path.
    private static func namesImageFile(_ value: String, kind: ControlProperty.Kind?) -> Bool {
        switch kind {
        case .path: true
        case .icon: !IconCatalog.isIconName(value)
        default: false
        }
    }

    /// Checks `changes` (config keys and JSON values, null for the default) for `control`,
    /// laid out in `designSize`, with its image files had as `images` says; changes nothing.
    package func check(_ changes: [(name: String, value: JSONValue)], for control: Control,
                       designSize: Size, images loading: ImageLoading = .inLine) throws(ControlConfig.ChangeProblems) -> Change {
        guard let config = configs[control.id] else { return try checkCommon(changes, for: control) }
        let changes = changes.map { (name: $0.name, value: Self.wordsAsText($0.value, for: config.property(named: $0.name))) }
        try checkStringKeys(changes, of: config)
        switch config.changing(changes, designSize: designSize) {
        case .failure(let problems): throw problems
        case .success(let changed):
            let persists = Dictionary(config.properties.map { ($0.name, $0.persists) }) { first, _ in first }
            var change = Change(config: changed, properties: changes.map {
                OwnerProperty(name: $0.name, value: $0.value, persists: persists[$0.name] ?? true)
            }, icons: try resolveIcons(changes, of: config))
            try resolveImages(changes, of: config, loading: loading, into: &change)
            return change
        }
    }

    /// Texts of `changes` that name a string (`@menu.title`) must name one that every
    /// language has, as the config's must (`LanguageSettings.problem(naming:in:)`).
    private func checkStringKeys(_ changes: [(name: String, value: JSONValue)],
                                 of config: ControlConfig) throws(ControlConfig.ChangeProblems) {
        for change in changes where config.property(named: change.name)?.kind == .text {
            guard case .string(let text) = change.value, let key = StringKey.key(in: text) else { continue }
            if let problem = LanguageSettings.problem(naming: key, in: languages) {
                throw ControlConfig.ChangeProblems(["\(change.name): \(problem)"])
            }
        }
    }

    /// The icons that `changes` name (an `icon` by name), each looked up in the machine's
    /// icon font as the config's are; the problem is the config's message, at the key.
    private func resolveIcons(_ changes: [(name: String, value: JSONValue)],
                              of config: ControlConfig) throws(ControlConfig.ChangeProblems) -> [String: IconGlyph] {
        var found: [String: IconGlyph] = [:]
        for change in changes where config.property(named: change.name)?.kind == .icon {
            guard case .string(let name) = change.value, IconCatalog.isIconName(name) else { continue }
            switch icons.glyph(named: name) {
            case .success(let glyph): found[name] = glyph
            case .failure(let problem): throw ControlConfig.ChangeProblems(["\(change.name): \(problem.message)"])
            }
        }
        return found
    }

    /// The image files that `changes` name (an image's `source`, a button's `icon` that is no
    /// icon's name), each checked as the config's are: found, inside the allowed folders and,
    /// unless `loading` defers it, decoded whole. The problem is the config's message, at the
    /// key, without where a link leads (`ImageSourceError.detail`): that goes to `refusals`.
    private func resolveImages(_ changes: [(name: String, value: JSONValue)], of config: ControlConfig,
                               loading: ImageLoading, into change: inout Change) throws(ControlConfig.ChangeProblems) {
        for named in changes {
            guard case .string(let source) = named.value,
                  Self.namesImageFile(source, kind: config.property(named: named.name)?.kind) else { continue }
            do throws(ImageSourceError) {
                switch loading {
                case .ready(let ready) where ready[source] != nil:
                    change.images[source] = ready[source]
                case .deferred:
                    let file = try images.locate(source)
                    change.images[source] = file.placeholder
                    change.filesToLoad.append((named.name, file))
                default:
                    change.images[source] = try images.resolve(source)
                }
            } catch {
                if let detail = error.detail { refusals("\(named.name): \(error): \(detail)") }
                throw ControlConfig.ChangeProblems(["\(named.name): \(error)"])
            }
        }
    }

    /// A number or a boolean given for a property that is text (`kiosk ctl set total text=42`:
    /// the command line cannot say which it meant) as the text it reads as.
    static func wordsAsText(_ value: JSONValue, for property: ControlProperty?) -> JSONValue {
        guard let property, property.kind == .text else { return value }
        switch value {
        case .number, .bool: return .string(value.serialized())
        default: return value
        }
    }

    /// `enabled` and `visible` of a control made in code, checked as the config checks them.
    private func checkCommon(_ changes: [(name: String, value: JSONValue)],
                             for control: Control) throws(ControlConfig.ChangeProblems) -> Change {
        var messages: [String] = []
        for change in changes {
            guard ControlConfig.commonProperties.contains(where: { $0.name == change.name }) else {
                messages.append("\(JSONWriter.quoted(change.name)) is not a property of \(JSONWriter.quoted(control.id)) "
                                + "(made in code: it has enabled, visible; set its other settings in Swift)")
                continue
            }
            switch change.value {
            case .bool, .null: break
            default: messages.append("\(change.name): expected a boolean, found \(change.value.kindDescription)")
            }
        }
        guard messages.isEmpty else { throw ControlConfig.ChangeProblems(messages) }
        return Change(config: nil, properties: changes.map { OwnerProperty(name: $0.name, value: $0.value, persists: true) })
    }

    /// Makes a checked change: the control takes its new settings (repainting what they
    /// touch), records them as the owner's and, when `announces`, sends `propertiesChanged`.
    package func make(_ change: Change, on control: Control, announces: Bool = true) {
        if let config = change.config {
            configs[control.id] = config
            templates.bind(config)
            config.apply(to: control, in: ControlContext(theme: control.theme, images: change.images, icons: change.icons))
        } else {
            for property in change.properties {
                let on = property.value.boolValue ?? true
                if property.name == "enabled" { control.isEnabled = on } else { control.isHidden = !on }
            }
        }
        control.recordOwnerProperties(change.properties)
        guard announces else { return }
        let fields: [(name: String, value: EventScalar)] = change.properties.compactMap { property in
            EventScalar(property.value).map { (property.name, $0) }
        }
        control.send(.propertiesChanged, fields: fields)
    }

    /// Every property of `control` as `get` reports it: the value in its config now (the
    /// file's or the owner's), null where the config leaves it to its default; `enabled` and
    /// `visible` as the control is.
    package func properties(of control: Control) -> JSONObject {
        var object = JSONObject()
        let names = configs[control.id]?.properties.map(\.name) ?? []
        for name in names where name != "enabled" && name != "visible" {
            object[name] = configs[control.id]?.source?[name]?.value ?? .null
        }
        object["enabled"] = .bool(control.isEnabled)
        object["visible"] = .bool(!control.isHidden)
        return object
    }

    /// Puts `properties` (a control's owner properties from before a reload or a restart) on
    /// `control` again, without events; those that no longer fit the config (a property its
    /// new type lacks, a value it now refuses) are left out and returned as messages.
    @discardableResult
    package func restore(_ properties: [OwnerProperty], on control: Control, designSize: Size) -> [String] {
        var problems: [String] = []
        for property in properties {
            do throws(ControlConfig.ChangeProblems) {
                var change = try check([(property.name, property.value)], for: control, designSize: designSize)
                change.properties = [property]
                make(change, on: control, announces: false)
            } catch {
                problems += error.messages
            }
        }
        return problems
    }
}
