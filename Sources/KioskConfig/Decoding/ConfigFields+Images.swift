import KioskUI

extension ImageFit: ConfigKeyword {
    package static var keywordKind: String { "fit" }
}

extension ConfigFields {
    /// An image file's path at `key` (required), noted for the loader to check once the
    /// config has decoded (`ConfigValidator.use(image:at:)`).
    package func imageSource(_ key: Key) throws -> String? {
        guard let source = try string(key, .path) else { return nil }
        validator?.use(image: source, at: path(of: key))
        return source
    }

    /// The same for an optional key.
    package func optionalImageSource(_ key: Key) throws -> String? {
        guard container.contains(key), (try? container.decodeNil(forKey: key)) == false else { return nil }
        return try imageSource(key)
    }
}
