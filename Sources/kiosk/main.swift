import SwiftKiosk
// The whole tool lives in the library (KioskCLI), as an entry an app can call with its own
// control registry; this executable is that entry with the built-in controls.
KioskCommand.main(registry: .standard)
