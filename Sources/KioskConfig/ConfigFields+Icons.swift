import KioskCore

extension ConfigFields {
    /// An `icon` at `key` (optional): an icon's name (`lightbulb`, see
    /// `IconCatalog.isIconName`), noted for the loader to look up once the config has decoded;
    /// where `allowsImage`, anything else is an image file's path (`icons/lamp.png`), checked
    /// as an `image`'s `source`. The value as written, or nil when absent.
    package func optionalIcon(_ key: Key, allowsImage: Bool) throws -> String? {
        guard container.contains(key), (try? container.decodeNil(forKey: key)) == false else { return nil }
        guard let value = try string(key, .path) else { return nil }
        if IconCatalog.isIconName(value) {
            validator?.use(icon: value, at: path(of: key))
            return value
        }
        guard allowsImage else {
            try report("\(JSONWriter.quoted(value)) is not an icon name (a-z, 0-9 and _, as \"lightbulb\"); "
                       + "a picture goes in an image control", at: key)
            return nil
        }
        validator?.use(image: value, at: path(of: key))
        return value
    }
}
