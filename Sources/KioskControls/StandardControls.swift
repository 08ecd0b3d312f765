import KioskConfig

/// The built-in controls, registered as an app registers its own
/// (`ControlRegistry.standard.registering(LampDescription.self)`): a new built-in control is
/// a folder here and one line below.
extension ControlRegistry {
    /// The built-in controls: `label`, `button`, `image`, `rangeSlider`, `circularSlider`,
    /// `progressBar`, `slider`, `toggle`, `textField` with its `keypad`, and `list`.
    public static let standard = ControlRegistry()
        .registering(LabelConfig.self)
        .registering(ImageConfig.self)
        .registering(ButtonConfig.self)
        .registering(RangeSliderConfig.self)
        .registering(CircularSliderConfig.self)
        .registering(ProgressBarConfig.self)
        .registering(ToggleConfig.self)
        .registering(SliderConfig.self)
        .registering(TextFieldConfig.self)
        .registering(KeypadConfig.self)
        .registering(ListConfig.self)
}
