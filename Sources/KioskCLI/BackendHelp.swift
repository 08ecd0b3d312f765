import KioskCore
import KioskDevice

/// What `--help` says about the backends, made from their descriptions (`DisplayChoice.backends`).
enum BackendHelp {
    /// The width of an option's help text beside the column (``CommandOption/helpColumn``).
    static let textWidth = 64

    /// `--backend`'s help: `auto` and the backends' names, then what `auto` picks, in the
    /// order it tries them.
    static func backendOption(_ backends: [BackendDescription]) -> [String] {
        let names = (["auto"] + backends.map(\.name)).joined(separator: " | ")
        return wrap(names + " (default auto: " + backends.map(\.autoRule).joined(separator: ", else ") + ")",
                    width: textWidth)
    }

    /// One section per backend with options: its title, the options no earlier section listed,
    /// one line for those it shares with an earlier one ("--input-device, --seat as for
    /// DRM"), its notes. Each section begins with an empty line. A section that refers to
    /// another comes right after it (the framebuffer's after DRM's, though `auto` tries
    /// Wayland in between), so the reader finds what "as for DRM" means just above.
    static func sections(_ backends: [BackendDescription]) -> [String] {
        var listedIn: [String: String] = [:]   // option → the helpName of the section that lists it
        var lines: [String] = []
        for backend in readingOrder(backends.filter { !$0.helpTitle.isEmpty }) {
            lines += ["", backend.helpTitle]
            var shared: [(option: String, section: String)] = []
            for option in backend.options {
                if let section = listedIn[option.name] {
                    shared.append((option.name, section))
                } else {
                    lines += option.helpLines
                    listedIn[option.name] = backend.helpName
                }
            }
            var sections: [String] = []
            for (_, section) in shared where !sections.contains(section) { sections.append(section) }
            for section in sections {
                let names = shared.filter { $0.section == section }.map { "--" + $0.option }
                lines.append("  " + names.joined(separator: ", ") + " as for " + section)
            }
            lines += backend.helpNotes
        }
        return lines
    }

    /// `backends` in list order, except that one sharing an option with an earlier one moves
    /// up to follow the last of those it shares with.
    static func readingOrder(_ backends: [BackendDescription]) -> [BackendDescription] {
        var ordered: [BackendDescription] = []
        for backend in backends {
            let names = Set(backend.options.map(\.name))
            let last = ordered.lastIndex { $0.options.contains { names.contains($0.name) } }
            ordered.insert(backend, at: last.map { $0 + 1 } ?? ordered.endIndex)
        }
        return ordered
    }

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
