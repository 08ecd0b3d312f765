import KioskControls
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend

/// Assembles a kiosk from its inputs: reads and validates files, builds the scene and wires
/// renderer, backend and runtime together. Every failure here happens before the first frame,
/// with a message that names the file and the place in it.
public enum KioskSetup {
    /// One or more problems with an input file, one message per line.
    public struct LoadError: Error, CustomStringConvertible {
        /// The messages, one per problem, each naming the file and the place.
        public var lines: [String]
        /// An error made of these messages.
        public init(lines: [String]) { self.lines = lines }
        public var description: String { lines.joined(separator: "\n") }
    }

    /// Reads and validates the config at `path` and the popup templates it names. A template's
    /// path is relative to the config file's directory (unless absolute); messages show it as
    /// the config writes it. Its controls may be of any type `registry` knows.
    public static func loadConfig(_ path: FilePath, registry: ControlRegistry = .standard) throws(LoadError)
        -> KioskConfiguration
    {
        try loadConfig(path, registry: registry, fonts: MachineFonts.installed)
    }

    /// The same, checking icon names and emoji against `fonts` rather than the machine's.
    package static func loadConfig(_ path: FilePath, registry: ControlRegistry = .standard,
                                   fonts: InstalledFonts) throws(LoadError) -> KioskConfiguration {
        let text: String
        do { text = try TextFile.read(path) } catch { throw LoadError(lines: [error.description]) }
        return try decodeConfig(text, path: path, registry: registry, fonts: fonts)
    }

    /// Decodes `text` as the config file at `path` (templates are read relative to it), with
    /// the control types of `registry`. Its image files are checked here too, the one place
    /// both `kiosk check` and the start (and a reload) go through: each resolved and confined
    /// by an `ImageLibrary` of the config's folder, then decoded once (see `ImageLibrary`); its
    /// icon names and emoji against the machine's fonts (`MachineFonts`).
    public static func decodeConfig(_ text: String, path: FilePath, registry: ControlRegistry = .standard)
        throws(LoadError) -> KioskConfiguration
    {
        try decodeConfig(text, path: path, registry: registry, fonts: MachineFonts.installed)
    }

    /// The same, checking icon names and emoji against `fonts`.
    package static func decodeConfig(_ text: String, path: FilePath, registry: ControlRegistry = .standard,
                                     fonts: InstalledFonts) throws(LoadError) -> KioskConfiguration
    {
        let directory = path.directory
        let file = path.description
        // Template paths are relative to the config file; messages name them the way the
        // user can open them from here.
        let readFile: ConfigLoader.FileReader = { written in
            do throws(FileError) { return .success(try TextFile.read(directory.appending(written))) } catch {
                return .failure(FileReadProblem(reason: error.reason))
            }
        }
        let library = ImageLibrary(folder: directory.description)
        do {
            var config = try ConfigLoader.decode(text, file: file, registry: registry, readFile: readFile,
                                                 inspectImage: library.inspector, fonts: fonts)
            config.images.folder = library.folder
            return config
        } catch {
            throw LoadError(lines: error.problems.map { problem in
                var p = problem
                if p.file != file { p.file = directory.appending(p.file).description }
                return p.description
            })
        }
    }

    /// Reads and checks the touch script at `path`; every bad line is reported, each with its
    /// line number. Its touches only (`kiosk calibrate`); `loadInputScript` has its keys too.
    public static func loadTouchScript(_ path: FilePath) throws(LoadError) -> [TouchEvent] {
        try loadInputScript(path).compactMap(\.touchEvent)
    }

    /// Reads and checks the script at `path`: its touches, keys and text, sorted by time;
    /// every bad line is reported, each with its line number.
    public static func loadInputScript(_ path: FilePath) throws(LoadError) -> [InputEvent] {
        let text: String
        do { text = try TextFile.read(path) } catch { throw LoadError(lines: [error.description]) }
        do { return try TouchScript.parseInput(text, file: path.description) } catch {
            throw LoadError(lines: error.problems.map(\.description))
        }
    }

    /// The config's scene for the runner: laid out in `display.designSize`, or in the upright
    /// screen's own pixels when the config names none. `customize` (when given) is called with
    /// every scene built from it, before it is shown: what an app adds, replaces or observes
    /// in code.
    package static func sceneSource(for config: KioskConfiguration, customize: ((Scene) -> Void)? = nil)
        -> KioskRunner.SceneSource
    {
        KioskRunner.SceneSource(designSize: config.display.designSize, config: config,
                                images: ImageLibrary(config: config)) { size in
            let scene = SceneBuilder.build(config, designSize: size)
            customize?(scene)
            return scene
        }
    }

    /// What every kiosk does with a frame that could not be drawn completely: say so on stderr.
    package static func reportFrameError(_ error: CairoError) {
        LineWriter.standardError.log("a frame could not be drawn completely: \(error)", priority: .error)
    }

    /// The config's kiosk on the headless backend and the virtual clock, with its calibration.
    /// - Parameters:
    ///   - config: a checked config.
    ///   - panelWidth: the panel's width; nil: the config's (``KioskConfig/DisplaySettings/panelSize``).
    ///   - panelHeight: the panel's height; nil: the config's.
    ///   - rotation: how the panel is mounted; nil: the config's `display.rotation`.
    ///   - customize: called with every scene built from the config, before it is shown.
    ///   - emit: receives every control event.
    public static func headless(config: KioskConfiguration, panelWidth: Int? = nil, panelHeight: Int? = nil,
                                rotation: DisplayRotation? = nil, customize: ((Scene) -> Void)? = nil,
                                emit: @escaping (ControlEvent) -> Void) -> HeadlessKiosk {
        let rotation = rotation ?? config.display.rotation
        let panel = DisplaySettings.panelSize(designSize: config.display.designSize, rotation: rotation)
        return HeadlessKiosk(scene: sceneSource(for: config, customize: customize),
                             panelWidth: panelWidth ?? panel.width, panelHeight: panelHeight ?? panel.height,
                             rotation: rotation, calibration: config.input.calibrationTransform, emit: emit)
    }
}
