import KioskCore
import KioskUI

/// One barcode or QR reader of the config's `"scanners"` list:
///
/// ```json
/// "scanners": [{"id": "ticket", "match": "Honeywell 1900"}, {"id": "plate", "match": "0c2e:0b61", "field": "plate"}]
/// ```
///
/// `match` names the device as the kernel does, or gives its USB ids as `vvvv:pppp` (four hex
/// digits each); `field` (optional) is the control a scan is written into instead of being
/// announced; `gap` (milliseconds, 10…1000, default 50) is the pause between keys that ends a
/// scan without an Enter.
package struct ScannerSettings: Sendable, Equatable, Decodable {
    package var scanner: Scanner

    enum CodingKeys: String, CodingKey { case id, match, field, gap }

    /// `gap`, in milliseconds.
    static let gapRule = NumberRule(lower: .inclusive(10), upper: .inclusive(1000), unit: " milliseconds")

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        var match: Scanner.Match?
        if let text = try fields.required(.match, as: String.self) {
            match = Self.match(text)
            if match == nil {
                try fields.report("\(JSONWriter.quoted(text)) is not a device name or USB ids as vvvv:pppp "
                                  + "(four hex digits each, as lsusb shows them)", at: .match)
            }
        }
        let field = try fields.optional(.field, as: String.self)
        if let field { fields.validator?.refer(toControl: field, ofType: "", at: fields.path(of: .field)) }
        let gap = try fields.number(.gap, Self.gapRule, default: 50)
        scanner = Scanner(id: id ?? "", match: match ?? .name(""), field: field,
                          gap: .nanoseconds(Int64((gap ?? 50) * 1_000_000)))
    }

    /// A device name, or `vvvv:pppp`; nil for an empty text, or one of hex digits and a
    /// colon that is not two groups of four (a USB id mistyped must not pass for a name).
    package static func match(_ text: String) -> Scanner.Match? {
        guard !text.allSatisfy(\.isWhitespace) else { return nil }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let looksLikeIDs = text.contains(":") && text.allSatisfy { $0 == ":" || $0.isHexDigit }
        guard looksLikeIDs else { return .name(text) }
        guard parts.count == 2, parts.allSatisfy({ $0.count == 4 }),
              let vendor = UInt16(parts[0], radix: 16), let product = UInt16(parts[1], radix: 16) else { return nil }
        return .usb(vendor: vendor, product: product)
    }
}
