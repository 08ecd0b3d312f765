import KioskConfig
import KioskCore
import KioskUI

/// A template writes a button's `title` straight into it.
extension ButtonConfig: TemplateTextWriter {
    package func write(text: String, as name: String, on control: Control) -> Bool {
        guard name == "title", let button = control as? Button else { return false }
        button.title = text
        return true
    }
}
