import KioskCLI
// The whole tool lives in KioskCLI so that tests can reach it; this file only starts it.
KioskCommand.main()
