import KioskBackend
import KioskDevice

/// The headless display as `--backend headless` and `auto` know it: `auto`'s last resort. Its
/// options are the run's own (`--clock`, `--input`, `--screenshot`, …): a headless run is how
/// `kiosk run` tests a config, so they are described with the command.
extension HeadlessBackend {
    package static let backendDescription = BackendDescription(
        name: "headless", helpName: "Headless", helpTitle: "", options: [],
        autoRule: "headless", probe: nil,
        make: { context in
            DisplayParts(backend: try HeadlessBackend(width: context.panelSize.width, height: context.panelSize.height,
                                                      script: context.script, input: context.scriptedInput))
        })
}
