// SwiftKiosk: what an app imports to build and run a kiosk (the app tier of the API).
//
//     import SwiftKiosk
//
// brings in every module a kiosk app uses, so that an app never lists the package's inner
// modules: geometry, time, colours and pixels (KioskCore); gestures (KioskGestures); easing,
// springs and animators (KioskAnimation); controls, scenes, screens, panels, popups, events and
// the Canvas (KioskUI); configs, the control registry and the field decoders for custom
// controls (KioskConfig); PNG images and their comparison (KioskRender); `Kiosk`, the backend
// choice and the config loader (KioskService; a `DisplayRequest` carries the backends' options
// by their command-line names); and the command line as a library entry, `KioskCommand.main`
// (KioskCLI).
//
// The other tiers: SwiftKioskTesting (an app's tests) and SwiftKioskBackend (for those who write
// a display of their own and pass it as `DisplayRequest.custom`). Everything else in these
// modules (the runner, the control socket, MQTT, devices, cairo, the loop's plumbing) is
// `package`: shared by the package's own modules and tests, not part of the API.
//
// `@_exported import` is the only way Swift 6.3 has to re-export a module (the underscore marks
// it as not yet formally reviewed, not as going away; swift-nio, Vapor and the swift-syntax
// umbrellas rely on it). The C modules (cairo, libdrm, libinput, libwayland) stay hidden
// behind their Swift wrappers.
@_exported import KioskAnimation
@_exported import KioskCLI
@_exported import KioskConfig
@_exported import KioskControls
@_exported import KioskCore
@_exported import KioskGestures
@_exported import KioskRender
@_exported import KioskService
@_exported import KioskUI
