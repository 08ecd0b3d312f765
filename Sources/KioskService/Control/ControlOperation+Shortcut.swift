extension ControlOperation {
    /// How `kiosk ctl` spells an op: its kebab-case name, the words and options that fill the
    /// request's fields, what ctl does with the reply, and its line in `kiosk ctl --help`.
    ///
    ///     show-popup POPUP [--title T] [--text T]   →  {"op": "showPopup", "popup": …, "title": …, "text": …}
    ///
    /// The request's members follow the op, then the arguments' fields in order, then the
    /// options' in order.
    package struct Shortcut {
        /// The word after `kiosk ctl`: `"show-popup"`.
        package var name: String
        /// The words after the name, in order; only the last may be optional or repeated.
        package var arguments: [Argument] = []
        /// `--NAME VALUE` options, each filling the field of its name.
        package var options: [Option] = []
        /// What ctl does with the reply.
        package var output: Output = .reply
        /// What `--help` says of it, after its synopsis (lines broken with `\n`); nil: the
        /// synopsis alone. Shortcuts next to each other with the same help share a line
        /// (`wake | sleep`).
        package var help: String?

        /// A word after the name.
        package enum Argument {
            /// A word sent as the string field `field`: `PANEL`.
            case word(field: String, placeholder: String)
            /// A word that may be left out, sent as the string field `field`: `[CONTROL]`.
            case optionalWord(field: String, placeholder: String)
            /// `on` or `off`, sent as the boolean field `field`.
            case onOff(field: String)
            /// One or more `NAME=VALUE` words, sent as the object field `field`.
            case assignments(field: String)

            /// Whether it always takes exactly one word (it is neither optional nor repeated).
            package var isOneWord: Bool {
                switch self {
                case .word, .onOff: true
                case .optionalWord, .assignments: false
                }
            }

            /// The request field this argument fills.
            package var field: String {
                switch self {
                case .word(let field, _), .optionalWord(let field, _), .onOff(let field), .assignments(let field): field
                }
            }
        }

        /// `--NAME VALUE`, sent as the field `NAME`.
        package struct Option {
            /// The option's name without `--`, and the field it fills: `"title"`.
            package var field: String
            /// What stands for its value in the synopsis: `T`.
            package var placeholder: String
            /// nil: the value is sent as a string; else it must be a finite number, and this is
            /// what a usage error calls it (`--duration must be seconds, not 'x'`).
            package var number: String?

            /// An option whose value is sent as a string.
            static func text(_ field: String, _ placeholder: String) -> Option {
                Option(field: field, placeholder: placeholder, number: nil)
            }

            /// An option whose value is sent as a number, `described` in a usage error.
            static func number(_ field: String, _ placeholder: String, described: String) -> Option {
                Option(field: field, placeholder: placeholder, number: described)
            }
        }

        /// What ctl does with the reply. `kiosk ctl` lists the shortcuts in this order, each
        /// kind in the protocol's order: those whose reply it prints, then those with output
        /// of their own.
        package enum Output: Int, Comparable {
            /// Print the reply line.
            case reply
            /// Print the reply's events, one line each, until the kiosk goes away (not the reply).
            case events
            /// Write the reply's PNG to a file, the last word (`OUT.png`), and print the reply
            /// with the path in place of the PNG.
            case pngFile

            package static func < (lhs: Output, rhs: Output) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        /// The placeholder of `pngFile`'s word.
        static let pngFilePlaceholder = "OUT.png"

        /// `show-popup POPUP [--title T] [--text T]`; `repeated` follows assignments, which may
        /// be repeated (`…` in usage errors and Contracts.md, `...` in `--help`).
        package func synopsis(repeated: String = "…") -> String {
            var words = [name]
            for argument in arguments {
                switch argument {
                case .word(_, let placeholder): words.append(placeholder)
                case .optionalWord(_, let placeholder): words.append("[\(placeholder)]")
                case .onOff: words.append("on|off")
                case .assignments: words.append("NAME=VALUE \(repeated)")
                }
            }
            if output == .pngFile { words.append(Self.pngFilePlaceholder) }
            words += options.map { "[--\($0.field) \($0.placeholder)]" }
            return words.joined(separator: " ")
        }

        /// How many words may follow the name: at least, and at most (nil: any number).
        package var wordCount: (minimum: Int, maximum: Int?) {
            let file = output == .pngFile ? 1 : 0
            let fixed = arguments.filter(\.isOneWord).count + file
            switch arguments.last {
            case .optionalWord?: return (fixed, fixed + 1)
            case .assignments?: return (fixed + 1, nil)
            default: return (fixed, fixed)
            }
        }
    }
}
