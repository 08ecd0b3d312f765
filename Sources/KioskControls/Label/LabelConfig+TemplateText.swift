import KioskConfig
import KioskCore
import KioskUI

/// A template writes a label's `text` straight into it.
extension LabelConfig: TemplateTextWriter {
    package func write(text: String, as name: String, on control: Control) -> Bool {
        guard name == "text", let label = control as? Label else { return false }
        label.text = text
        return true
    }
}
