extension ExerciseLookup {
    /// The exercises whose names or aliases are closest to `text`, best first (did-you-mean).
    ///
    /// Each exercise is scored by its best name, id (hyphens as spaces) or alias, in tiers:
    /// 1. the text is a substring of it, or every word of the text starts a word of it;
    /// 2. the whole text is within a small edit distance (Damerau–Levenshtein, optimal string
    ///    alignment: insert, delete, substitute, swap neighbours) — 1 edit up to 4 letters,
    ///    2 up to 8, 3 beyond;
    /// 3. every word of the text is within that distance of some word of it.
    /// Ties go to the smaller distance, then the closer length, then the name. Deterministic.
    ///
    /// A text over `Exercise.textLimit` has none; otherwise an edit distance is computed only
    /// between strings whose lengths differ by no more than the edits allowed.
    public func suggestions(for text: String, limit: Int = 5) -> [Exercise] {
        guard !Exercise.exceedsTextLimit(text) else { return [] }
        let query = Exercise.nameKey(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        let queryWords = Self.words(query)
        var scored: [(score: Score, exercise: Exercise)] = []
        for exercise in Self.distinct(exercises) {
            var best: Score?
            let candidates = [Exercise.nameKey(exercise.name), exercise.id.replacingHyphens()]
                + exercise.aliases.map(Exercise.nameKey)
            for candidate in candidates {
                guard let score = Self.score(query: query, queryWords: queryWords, candidate: candidate) else {
                    continue
                }
                if best.map({ score < $0 }) ?? true { best = score }
            }
            if let best { scored.append((best, exercise)) }
        }
        scored.sort { a, b in
            a.score != b.score ? a.score < b.score : Self.byName(a.exercise, b.exercise)
        }
        return scored.prefix(limit).map(\.exercise)
    }

    /// A suggestion's rank: lower is better.
    struct Score: Comparable {
        var tier: Int
        var distance: Int
        var lengthGap: Int

        static func < (a: Score, b: Score) -> Bool {
            (a.tier, a.distance, a.lengthGap) < (b.tier, b.distance, b.lengthGap)
        }
    }

    /// The score of one candidate string, or `nil` when it is not close enough.
    static func score(query: String, queryWords: [String], candidate: String) -> Score? {
        let gap = abs(candidate.count - query.count)
        let candidateWords = words(candidate)
        if candidate.contains(query)
            || queryWords.allSatisfy({ word in candidateWords.contains { $0.hasPrefix(word) } }) {
            return Score(tier: 1, distance: 0, lengthGap: gap)
        }
        // An edit distance (over scalars) is at least the gap in scalars: a string too far in
        // length is not compared, which keeps the search linear in the text.
        let scalarGap = abs(candidate.unicodeScalars.count - query.unicodeScalars.count)
        let whole = scalarGap > allowedEdits(query.count) ? Int.max : editDistance(query, candidate)
        if whole <= allowedEdits(query.count) { return Score(tier: 2, distance: whole, lengthGap: gap) }
        var total = 0
        for word in queryWords {
            let nearest = candidateWords
                .filter { abs($0.unicodeScalars.count - word.unicodeScalars.count) <= allowedEdits(word.count) }
                .map { editDistance(word, $0) }.min() ?? Int.max
            guard nearest <= allowedEdits(word.count) else { return nil }
            total += nearest
        }
        return Score(tier: 3, distance: total, lengthGap: gap)
    }

    /// The edits tolerated for a text of `length` characters.
    static func allowedEdits(_ length: Int) -> Int { length <= 4 ? 1 : length <= 8 ? 2 : 3 }

    /// The words of a key: split on spaces, hyphens and parentheses.
    static func words(_ key: String) -> [String] {
        key.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "(" || $0 == ")" }).map(String.init)
    }

    /// Damerau–Levenshtein distance (optimal string alignment) between two strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }
}

extension String {
    /// The string with hyphens turned into spaces (`pull-up` → `pull up`).
    fileprivate func replacingHyphens() -> String {
        String(map { $0 == "-" ? " " : $0 })
    }
}
