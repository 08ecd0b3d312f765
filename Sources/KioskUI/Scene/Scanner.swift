import KioskCore

/// A barcode or QR reader, which a computer sees as a keyboard: what it types is not typing
/// but one scan, which leaves as one `scanned` event (or goes into a field), never into the
/// field that has the focus. The config's `scanners`.
package struct Scanner: Sendable, Equatable {
    /// Which input devices are this scanner.
    package enum Match: Sendable, Equatable, CustomStringConvertible {
        /// The device's name as the kernel gives it (`/proc/bus/input/devices`, `libinput list-devices`).
        case name(String)
        /// The device's USB vendor and product ids (`lsusb`: `0c2e:0b61`).
        case usb(vendor: UInt16, product: UInt16)

        package var description: String {
            switch self {
            case .name(let name): return name
            case let .usb(vendor, product): return Self.hex(vendor) + ":" + Self.hex(product)
            }
        }

        private static func hex(_ n: UInt16) -> String {
            let digits = String(n, radix: 16)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
    }

    /// The `source` of its `scanned` events.
    package var id: String
    /// Which devices it is.
    package var match: Match
    /// The text field a scan is written into instead of being announced; nil: `scanned`.
    package var field: String?
    /// How long a pause between two keys ends a scan that did not end with Enter.
    package var gap: Duration

    /// A scanner `id` for the devices `match` finds.
    package init(id: String, match: Match, field: String? = nil, gap: Duration = .milliseconds(50)) {
        self.id = id
        self.match = match
        self.field = field
        self.gap = gap
    }

    /// Whether the device called `name` (with USB ids `usb`, when known) is this scanner.
    package func matches(name: String?, usb: (vendor: UInt16, product: UInt16)? = nil) -> Bool {
        switch match {
        case .name(let wanted): return name == wanted
        case let .usb(vendor, product): return usb.map { $0.vendor == vendor && $0.product == product } ?? false
        }
    }
}

extension ControlEvent.Kind {
    /// A scanner read a code: `{"source": "ticket", "event": "scanned", "value": {"text": "…"}}`.
    public static let scanned: Self = "scanned"
}

extension Scene {
    /// Text typed at once by the device called `device` (a scan, a paste; a touch script's
    /// `text` line): a scanner's scan is announced (`scanned`) or written into its field; any
    /// other device's text is typed into the focused field (`handleKey`). False when nothing
    /// took it.
    @discardableResult
    package func handleText(_ text: String, fromDevice device: String?) -> Bool {
        guard let scanner = scanners.first(where: { $0.matches(name: device) }) else { return handleKey(.text(text)) }
        return scan(text, by: scanner)
    }

    /// One scan of `scanner`: into its field (the field's text replaced, as the owner's `set`
    /// would, but a person's doing), or a `scanned` event.
    @discardableResult
    package func scan(_ text: String, by scanner: Scanner) -> Bool {
        withEventOrigin(.touch) {
            if let id = scanner.field {
                guard let field = control(withID: id) else { return false }
                do { try field.setValue([("text", .string(text))], sendsEvents: true) } catch { return false }
                return true
            }
            post(ControlEvent(time: currentTime, source: scanner.id, kind: .scanned, value: [("text", .string(text))]))
            return true
        }
    }
}
