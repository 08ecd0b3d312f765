import KioskUI

/// A control type whose text properties a [template](TextTemplate) writes straight into the
/// live control. A template's text changes every frame while a value it inserts is dragged,
/// and the general path for a run-time change (`ControlConfig.changing(_:designSize:)`:
/// the control's config object decoded again) costs about 70 allocations a time; a template's
/// text needs only the one check the config makes of any text (`TextRule.displayText`).
/// The built-in label and button take it (their `+TemplateText` files in KioskControls); a
/// custom type's texts take the general path.
package protocol TemplateTextWriter {
    /// Shows `text` (checked already) as the text property `name` of `control`, a control this
    /// description made; false when `name` is not one of its text properties.
    func write(text: String, as name: String, on control: Control) -> Bool
}
