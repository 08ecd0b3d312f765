import KioskCore

/// Screens a finger swipes between sideways: the config's `"pages"`.
///
/// ```json
/// "pages": ["today", "week", "month"]
/// "pages": [["today", "week"], ["hall", "garden", "roof"]]
/// ```
///
/// One list of screen ids is one group; a list of lists is several. A group has at least two
/// screens, and a screen is a page of one group at most. Each page shows dots along its
/// bottom edge; a swipe settles on the next or previous page with a spring. Screens keep
/// their other ways in: `switchScreen` to a page (with `slideLeft`, say) lands on it as any
/// screen.
package struct PagesSettings: Sendable, Equatable, Decodable {
    /// The groups, each its screen ids in order.
    package var groups: [[String]]

    /// Groups of screen ids, each in swipe order.
    package init(groups: [[String]]) { self.groups = groups }

    package init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        var flat: [String] = []
        var nested: [[String]] = []
        while !elements.isAtEnd {
            // A string names a page of the one group; an array is a group of its own.
            let path = decoder.codingPath + [IndexKey(elements.currentIndex)]
            if let id = try? elements.decode(String.self) {
                flat.append(try PageID.checked(id, at: path, userInfo: decoder.userInfo))
            } else {
                nested.append(try elements.decode(PageGroupIDs.self).ids)
            }
        }
        if !flat.isEmpty && !nested.isEmpty {
            throw invalidValue(decoder, "either screen ids (one group) or lists of them (several groups), not both")
        }
        groups = flat.isEmpty ? nested : [flat]
        var seen: Set<String> = []
        for (i, group) in groups.enumerated() {
            let path = decoder.codingPath + (flat.isEmpty ? [IndexKey(i)] : [])
            if group.count < 2 {
                throw invalidValue(at: path, "a group of pages needs at least two screens (found \(group.count))")
            }
            for id in group where !seen.insert(id).inserted {
                throw invalidValue(at: path, "screen \(JSONWriter.quoted(id)) is a page twice; a screen is a page of one group at most")
            }
        }
    }
}

/// A list of screen ids: one group of `pages`.
private struct PageGroupIDs: Decodable {
    let ids: [String]

    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        var ids: [String] = []
        while !elements.isAtEnd { ids.append(try elements.decode(PageID.self).id) }
        self.ids = ids
    }
}

/// One screen id in `pages`: shaped like an id, and checked to name a screen.
private struct PageID: Decodable {
    let id: String

    init(from decoder: any Decoder) throws {
        id = try Self.checked(try decoder.singleValueContainer().decode(String.self), at: decoder.codingPath,
                              userInfo: decoder.userInfo)
    }

    /// `id`, found at `path`, once checked; the validator makes sure a screen has it.
    static func checked(_ id: String, at path: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) throws -> String {
        if let problem = TextRule.id.problem(with: id) {
            throw invalidValue(at: path, problem)
        }
        (userInfo[ConfigValidator.userInfoKey] as? ConfigValidator)?.refer(to: .screen, id: id, at: path)
        return id
    }
}
