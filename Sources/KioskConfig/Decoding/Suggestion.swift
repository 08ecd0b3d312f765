/// "did you mean …?" for misspelt keys, ids and keywords.
enum Suggestion {
    /// The candidate nearest to `word`, if it is a plausible typo of it: at most two edits
    /// (a swap of neighbours counts as one), and not more than half the shorter word, so that
    /// "min" never suggests "max".
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates where candidate != word {
            let d = distance(word, candidate)
            let limit = min(2, min(word.count, candidate.count) / 2)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    /// Optimal-string-alignment distance (Levenshtein plus transposition of neighbours).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [Array(0...b.count), Array(repeating: 0, count: b.count + 1),
                    Array(repeating: 0, count: b.count + 1)]
        for i in 1...a.count {
            let current = i % 3, previous = (i + 2) % 3, beforePrevious = (i + 1) % 3
            rows[current][0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, rows[beforePrevious][j - 2] + 1)
                }
                rows[current][j] = d
            }
        }
        return rows[a.count % 3][b.count]
    }
}
