// SwiftKiosk: what an app imports to build and run a kiosk.
//
//     import SwiftKiosk
//
// brings in every module a kiosk app uses, so that an app never lists the package's inner
// modules: geometry, time and pixels (KioskCore); gestures (KioskGestures); easing, springs
// and animators (KioskAnimation); controls, scenes, screens, panels, popups, events and the
// Canvas (KioskUI); configs, the control registry and the field decoders for custom controls
// (KioskConfig); cairo drawing and PNGs (KioskRender); the display seam and the headless
// display (KioskBackend); the loop (KioskLoop); `Kiosk`, the runner and the backend choice
// (KioskService); the DRM and Wayland options a `DisplayRequest` carries (KioskDRM,
// KioskWayland); and the command line as a library entry, `KioskCommand.main` (KioskCLI).
//
// `@_exported import` is the only way Swift 6.3 has to re-export a module (the underscore marks
// it as not yet formally reviewed, not as going away; swift-nio, Vapor and the swift-syntax
// umbrellas rely on it). The C modules (cairo, libdrm, libinput, libwayland) stay hidden
// behind their Swift wrappers.
@_exported import KioskAnimation
@_exported import KioskBackend
@_exported import KioskCLI
@_exported import KioskConfig
@_exported import KioskCore
@_exported import KioskDRM
@_exported import KioskGestures
@_exported import KioskLoop
@_exported import KioskRender
@_exported import KioskService
@_exported import KioskUI
@_exported import KioskWayland
