/// "did you mean …?" for misspelt keys, ids and keywords.
///
/// A suggestion is the candidate nearest to the word, if it is a plausible typo of it: at most
/// two edits (a swap of neighbours counts as one), and not more than half the shorter word, so
/// that "min" never suggests "max".
///
/// The work is bounded so that `kiosk check` stays linear in its input whatever the input
/// (thousands of misspelt references, ids of a megabyte): words longer than `longestWord`
/// scalars get no suggestion; only candidates whose length is within the edit limit of the
/// word's are compared at all (the distance is at least the difference in length); a
/// comparison fills only the band of the table within the edit limit of its diagonal; and a
/// run charges its comparisons to one `Budget`, after which it suggests nothing more.
package enum Suggestion {
    /// Longer words get no suggestion: a typo in something that long is better found by eye,
    /// and one comparison costs as much as the word is long.
    static let longestWord = 64
    /// The most edits a suggestion may be away from the word.
    static let maximumEdits = 2

    /// The plausible typo fix for `word` among `candidates`, for messages outside a config
    /// (the control socket's unknown ops and fields), with a budget of its own.
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        closest(to: word, among: candidates)
    }

    /// The candidate nearest to `word` (the first of equals), or nil. Prepare the candidates
    /// once with `Candidates` when many words are matched against the same ones.
    static func closest(to word: String, among candidates: some Sequence<String>, budget: Budget? = nil) -> String? {
        Candidates(candidates).closest(to: word, budget: budget)
    }

    /// The distance table cells one run may fill; a comparison also costs one cell.
    final class Budget {
        /// Enough for every suggestion of an ordinary config (a missing reference among a
        /// thousand ids of 20 scalars costs about 100,000 cells), and about half a second of
        /// a run at worst (some 5 ns a cell in a release build).
        static let standardCells = 100_000_000

        /// Cells not yet spent.
        private(set) var remaining: Int
        /// Cells spent so far (tests count them to show that the work stays bounded).
        private(set) var spent = 0
        /// True once a comparison could not be paid: from then on nothing is suggested, so
        /// the outcome does not depend on which later words happen to be cheap.
        private(set) var isExhausted = false

        init(cells: Int = Budget.standardCells) { remaining = cells }

        /// Pays for `cells`, or exhausts the budget when they cannot be paid.
        func charge(_ cells: Int) -> Bool {
            guard !isExhausted, cells <= remaining else {
                isExhausted = true
                return false
            }
            remaining -= cells
            spent += cells
            return true
        }
    }

    /// Candidates grouped by their length in scalars, so that a word is compared only with
    /// those whose length is within the edit limit of its own.
    struct Candidates {
        private struct Entry {
            var text: String
            var scalars: [Unicode.Scalar]
            /// Length in characters (grapheme clusters): the limit of "half the shorter word".
            var characters: Int
            /// Position among the candidates: the first of equally near ones wins.
            var order: Int
        }

        private var byLength: [Int: [Entry]] = [:]

        /// Candidates too long to be within the edit limit of any word that gets a
        /// suggestion are left out (their length is counted only up to that point).
        init(_ candidates: some Sequence<String>) {
            let longest = Suggestion.longestWord + Suggestion.maximumEdits
            for (order, candidate) in candidates.enumerated() {
                let length = candidate.unicodeScalars.prefix(longest + 1).count
                guard length <= longest else { continue }
                byLength[length, default: []].append(Entry(
                    text: candidate, scalars: Array(candidate.unicodeScalars), characters: candidate.count, order: order))
            }
        }

        func closest(to word: String, budget: Budget? = nil) -> String? {
            guard !byLength.isEmpty, !(budget?.isExhausted ?? false) else { return nil }
            let scalars = Array(word.unicodeScalars.prefix(Suggestion.longestWord + 1))
            guard scalars.count <= Suggestion.longestWord else { return nil }
            let characters = word.count
            var best: (entry: Entry, distance: Int)? = nil
            let edits = Suggestion.maximumEdits
            var rows: [Int] = []
            for length in max(0, scalars.count - edits)...(scalars.count + edits) {
                guard let entries = byLength[length] else { continue }
                for entry in entries {
                    let limit = min(edits, min(characters, entry.characters) / 2)
                    // A difference in length is that many edits at least.
                    guard limit > 0, abs(entry.scalars.count - scalars.count) <= limit else { continue }
                    if let budget, !budget.charge(scalars.count * (2 * limit + 1) + 1) { return nil }
                    let d = Suggestion.distance(scalars, entry.scalars, limit: limit, rows: &rows)
                    guard d <= limit, entry.text != word else { continue }
                    if let current = best, (current.distance, current.entry.order) <= (d, entry.order) { continue }
                    best = (entry, d)
                }
            }
            return best?.entry.text
        }
    }

    /// Optimal-string-alignment distance (Levenshtein plus transposition of neighbours) when
    /// it is at most `limit`, else `limit + 1`. Only the cells within `limit` of the diagonal
    /// are filled (any cell outside is more than `limit` already), so the cost is
    /// `a.count · (2·limit + 1)` at most, and it stops early once a whole row exceeds the limit
    /// (no row's minimum is smaller than the one before).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        var rows: [Int] = []
        return distance(a, b, limit: limit, rows: &rows)
    }

    /// `distance(_:_:limit:)` in `rows`, a scratch buffer kept between calls.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout [Int]) -> Int {
        let n = a.count, m = b.count, beyond = limit + 1
        guard abs(n - m) <= limit else { return beyond }
        if n == 0 || m == 0 { return max(n, m) }
        // Three rows (the transposition looks two back), flat; cells never written are `beyond`.
        let width = m + 1
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: repeatElement(beyond, count: 3 * width))
        for j in 0...min(m, limit) { rows[j] = j }
        for i in 1...n {
            let current = (i % 3) * width, previous = ((i + 2) % 3) * width, beforePrevious = ((i + 1) % 3) * width
            let low = max(1, i - limit), high = min(m, i + limit)
            // The cell left of the band: column 0, or one that this row's buffer held three rows ago.
            rows[current + low - 1] = low == 1 ? (i <= limit ? i : beyond) : beyond
            var rowMinimum = beyond
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, rows[beforePrevious + j - 2] + 1)
                }
                d = min(d, beyond)
                rows[current + j] = d
                rowMinimum = min(rowMinimum, d)
            }
            if rowMinimum > limit { return beyond }
        }
        return rows[(n % 3) * width + m]
    }
}
