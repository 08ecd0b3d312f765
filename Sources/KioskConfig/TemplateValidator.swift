import KioskCore

/// The checks of a template that need more than the value at hand: the design size the box
/// must lie on, and the box the parts must lie in. Shared by the template's decoders through
/// `userInfo`, like `ConfigValidator` for the config.
final class TemplateValidator {
    static let userInfoKey = CodingUserInfoKey(rawValue: "KioskConfig.TemplateValidator")!

    /// The screen the box must lie on; nil when the config's design size is broken.
    let designSize: Size?
    /// The box's size once its frame has decoded.
    var boxSize: Size?

    init(designSize: Size?) { self.designSize = designSize }

    /// Why `frame` does not lie wholly within an area of `size` called `name`, if it does not:
    /// `frame lies outside the box (400x260)`, `frame reaches beyond the box (400x260)`.
    static func misfit(_ frame: Rect, in size: Size, name: String) -> String? {
        let area = Rect(origin: .zero, size: size)
        if area.contains(frame) { return nil }
        let how = area.intersects(frame) ? "reaches beyond" : "lies outside"
        return "frame \(how) the \(name) (\(ConfigValidator.format(size)))"
    }
}

extension ConfigFields {
    /// The template's checker; nil when not decoding through `ConfigLoader`.
    var templateValidator: TemplateValidator? { userInfo[TemplateValidator.userInfoKey] as? TemplateValidator }

    /// A required frame of a template part, relative to the box and wholly within it.
    func partFrame(_ key: Key) throws -> Rect? {
        guard let frame = try required(key, as: FrameValue.self)?.rect else { return nil }
        if let box = templateValidator?.boxSize, let misfit = TemplateValidator.misfit(frame, in: box, name: "box") {
            try report(misfit, at: key)
        }
        return frame
    }
}
