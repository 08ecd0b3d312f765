import KioskCLI
// The whole tool lives in KioskCLI, as a library entry an app can call with its own control
// registry; this executable is that entry with the built-in controls.
KioskCommand.main(registry: .standard)
