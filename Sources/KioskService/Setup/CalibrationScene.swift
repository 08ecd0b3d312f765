import KioskControls
import KioskCore
import KioskUI
import KioskConfig

/// What `kiosk calibrate` shows: one target at a time and a line saying what to do. Laid out
/// 1:1 on the upright screen (no design scaling), so targets sit exactly where the session
/// expects them.
package enum CalibrationScene {
    /// The scene for `session`'s screen: its current target, drawn in `theme`, and the instruction line.
    package static func make(session: CalibrationSession, theme: Theme) -> Scene {
        let size = session.screenSize
        let target = CalibrationTarget(center: session.targets[0], theme: theme)
        let label = Label(id: "calibrationHint", frame: Rect(0, size.height / 2 - 30, size.width, 60), theme: theme,
                          text: hint(for: 0, of: session.targets.count), alignment: .center)
        let scene = Scene(designSize: size, background: theme.background,
                          screens: [Screen(id: "calibration", controls: [label, target])])
        session.onProgress = { done in
            if done < session.targets.count {
                target.center = session.targets[done]
                label.text = hint(for: done, of: session.targets.count)
            } else {
                target.isHidden = true
                label.text = "Calibration done"
            }
        }
        return scene
    }

    static func hint(for index: Int, of count: Int) -> String {
        "Touch the centre of the cross (\(index + 1) of \(count))"
    }

    /// Stores `matrix` as `input.calibration` in the config file at `path`, keeping the rest of
    /// the file as it was; the new file replaces the old one atomically.
    package static func store(_ matrix: [Double], inConfigAt path: FilePath) throws {
        let text = try TextFile.read(path)
        let edited: String
        do { edited = try ConfigEditor.settingCalibration(matrix, in: text) } catch {
            throw KioskSetup.LoadError(lines: ["\(path): \(error.description)"])
        }
        // Never write a config the kiosk would then refuse.
        _ = try KioskSetup.decodeConfig(edited, path: path)
        try AtomicFile.write(Array(edited.utf8), to: path)
    }
}
