@testable import KioskConfig
import Testing

/// The suggestion rule as it was first written: every candidate, the whole distance table.
/// The bounded search must give the same answer for every word it still looks at.
enum ReferenceSuggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates where candidate != word {
            let d = distance(Array(word.unicodeScalars), Array(candidate.unicodeScalars))
            let limit = min(2, min(word.count, candidate.count) / 2)
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.candidate
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // The whole table, row by row: d[i * w + j] is the distance of a's first i and b's first j.
        let w = b.count + 1
        var d = [Int](repeating: 0, count: (a.count + 1) * w)
        for i in 0...a.count { d[i * w] = i }
        for j in 0...b.count { d[j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i * w + j] = min(d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i * w + j] = min(d[i * w + j], d[(i - 2) * w + j - 2] + 1)
                }
            }
        }
        return d[a.count * w + b.count]
    }
}

/// A small deterministic generator (SplitMix64), so that the "random" cases are the same every run.
struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

@Suite struct SuggestionTests {
    /// The words the config reads: keys, keywords and ids of the fixtures.
    static let vocabulary = [
        "display", "rotation", "background", "designSize", "theme", "accent", "track", "knob", "text", "font",
        "curvaceousness", "buttonBackground", "buttonText", "panelBackground", "panelCornerRadius", "input",
        "calibration", "showCursor", "startScreen", "screens", "panels", "popups", "id", "controls", "type",
        "frame", "color", "alignment", "title", "action", "min", "max", "lower", "upper", "trackColor",
        "highlightColor", "knobColor", "angle", "edge", "extent", "cornerRadius", "template", "buttons",
        "switchScreen", "back", "showPanel", "showPopup", "transition", "duration", "label", "button",
        "rangeSlider", "circularSlider", "leading", "center", "trailing", "bottom", "top", "left", "right",
        "none", "slideUp", "flipFromBottom", "fade", "main", "details", "filters", "hello", "menu", "help",
        "confirm", "box", "border", "borderWidth", "backdrop", "spacing", "नमस्ते", "हिन्दी", "café", "cafe\u{301}",
    ]

    /// Every word with one or two edits of every kind: the typos people make.
    static func typos(of word: String, _ random: inout SplitMix) -> [String] {
        let s = Array(word.unicodeScalars)
        let letters = Array("aeiourstnx\u{94D}".unicodeScalars)
        func string(_ scalars: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(scalars)) }
        var out: [String] = []
        for i in s.indices {
            out.append(string(Array(s[..<i] + s[(i + 1)...])))
            var substituted = s
            substituted[i] = letters[random.next(letters.count)]
            out.append(string(substituted))
            out.append(string(Array(s[..<i] + [letters[random.next(letters.count)]] + s[i...])))
            if i + 1 < s.count {
                var swapped = s
                swapped.swapAt(i, i + 1)
                out.append(string(swapped))
            }
        }
        let once = out
        for typo in once.prefix(6) {
            var t = Array(typo.unicodeScalars)
            if !t.isEmpty { t.remove(at: random.next(t.count)) }
            out.append(string(t))
        }
        return out
    }

    @Test func everyOrdinaryTypoGetsTheSuggestionItGotBefore() {
        var random = SplitMix(state: 7)
        let candidates = Suggestion.Candidates(Self.vocabulary)
        var compared = 0
        for word in Self.vocabulary {
            for typo in Self.typos(of: word, &random) {
                let expected = ReferenceSuggestion.closest(to: typo, among: Self.vocabulary)
                #expect(candidates.closest(to: typo) == expected, "\(typo)")
                #expect(Suggestion.closest(to: typo, among: Self.vocabulary) == expected, "\(typo)")
                compared += 1
            }
        }
        #expect(compared > 2500)
    }

    @Test func theFirstOfEquallyNearCandidatesWinsAsBefore() {
        // "cat" is one edit from all three; the order given decides.
        #expect(Suggestion.closest(to: "cat", among: ["bat", "cut", "car"]) == "bat")
        #expect(Suggestion.closest(to: "cat", among: ["car", "bat", "cut"]) == "car")
        // Also among candidates of different lengths (which are looked at shortest first).
        #expect(Suggestion.closest(to: "colour", among: ["colours", "color", "colouR"]) == "colours")
        // A nearer candidate beats an earlier one.
        #expect(Suggestion.closest(to: "colour", among: ["clr", "colo", "colour2"]) == "colour2")
    }

    @Test func theBandedDistanceIsTheFullDistanceUpToItsLimit() {
        var random = SplitMix(state: 42)
        let alphabet = Array("abc".unicodeScalars)
        for _ in 0..<5000 {
            let a = (0..<random.next(9)).map { _ in alphabet[random.next(3)] }
            let b = (0..<random.next(9)).map { _ in alphabet[random.next(3)] }
            let full = ReferenceSuggestion.distance(a, b)
            for limit in 0...3 {
                #expect(Suggestion.distance(a, b, limit: limit) == min(full, limit + 1),
                        "\(String(String.UnicodeScalarView(a))) \(String(String.UnicodeScalarView(b))) limit \(limit)")
            }
        }
    }

    @Test func wordsLongerThanSixtyFourScalarsGetNoSuggestion() {
        let long = String(repeating: "a", count: 64)
        #expect(Suggestion.closest(to: long + "b", among: [long + "c"]) == nil)
        #expect(Suggestion.closest(to: String(long.dropLast()) + "b", among: [String(long.dropLast()) + "c"])
            == String(long.dropLast()) + "c")
    }

    @Test func aWordIsComparedOnlyWithCandidatesOfAboutItsLength() {
        // 10,000 ids of 11 scalars and one of 4: the 4-letter word pays for one comparison,
        // of its 4 rows of a band 5 wide, plus one.
        let ids = (0..<10_000).map { "screen\(10_000 + $0)" } + ["home"]
        let budget = Suggestion.Budget()
        #expect(Suggestion.Candidates(ids).closest(to: "hoem", budget: budget) == "home")
        #expect(budget.spent == 4 * 5 + 1)
    }

    @Test func anIdOfAHundredThousandCharactersCostsNoComparison() {
        let long = String(repeating: "s", count: 100_000)
        let budget = Suggestion.Budget()
        #expect(Suggestion.closest(to: long + "x", among: [long + "y", long, "short"], budget: budget) == nil)
        #expect(budget.spent == 0)
    }

    @Test func onceTheBudgetIsSpentNothingMoreIsSuggested() {
        let candidates = Suggestion.Candidates(["transition", "duration", "id"])
        #expect(candidates.closest(to: "di", budget: Suggestion.Budget()) == "id")
        // "transtion" is compared with "duration" and "transition" (not "id", too short),
        // 9 rows of a band 5 wide plus one each: 92 cells.
        let budget = Suggestion.Budget(cells: 200)
        #expect(candidates.closest(to: "transtion", budget: budget) == "transition")
        #expect(candidates.closest(to: "transtion", budget: budget) == "transition")
        #expect(budget.spent == 184)
        #expect(candidates.closest(to: "transtion", budget: budget) == nil)
        #expect(budget.isExhausted)
        // "di" would cost 7 of the 16 cells left, but from now on nothing is suggested, so the
        // outcome does not depend on how cheap and dear words happen to be ordered.
        #expect(candidates.closest(to: "di", budget: budget) == nil)
        #expect(budget.spent == 184)
    }
}
