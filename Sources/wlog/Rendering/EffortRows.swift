import WlogCore

/// The "Effort" of `wlog coach` (seed 001's effort-rating pattern and effort-vs-performance
/// correlation, `EffortPattern`).
enum EffortRows {
    static func decimal(_ value: Double?, digits: Int = 2) -> Cell {
        value.map { .fixed(Int64(($0 * 10_000).rounded()), digits: digits) } ?? .null
    }

    /// The JSON object of `--format json`.
    static func json(_ pattern: EffortPattern) -> String {
        var weeks = Rows(columns: ["end", "rated_sets", "mean_effort"])
        for week in pattern.weeks { weeks.append([.day(week.end), .int(Int64(week.ratedSets)), decimal(week.meanEffort)]) }
        var summary = Rows(columns: ["trend", "correlation", "sessions", "reading"])
        summary.append([decimal(pattern.trend), decimal(pattern.correlation), .int(Int64(pattern.sessions.count)), .optional(pattern.reading)])
        return ReadOutput.object([("weeks", ReadOutput.array(weeks, multiline: false))] + ReadOutput.fields(summary))
    }

    /// The table text's section; empty without a rated set in the 8 weeks.
    static func text(_ pattern: EffortPattern) -> String {
        guard pattern.weeks.contains(where: { $0.ratedSets > 0 }) else { return "" }
        var pairs: [(String, String)] = []
        pairs.append(("weekly mean", pattern.weeks.map { $0.meanEffort.map { Chart.text(($0 * 10).rounded() / 10) } ?? "–" }
            .joined(separator: " ") + "  (8 weeks to today)"))
        if let trend = pattern.trend {
            let shown = Chart.text((abs(trend) * 10).rounded() / 10)
            pairs.append(("trend", (trend >= 0 ? "+" : "−") + shown + " in the last 4 weeks against the 4 before"))
        }
        pairs.append(("vs e1RM", pattern.reading ?? "needs \(EffortPattern.minimumSessions) rated sessions of a lift after its first "
            + "(\(pattern.sessions.count) so far)"))
        return "\nEffort (sets rated 1–5)\n" + FieldsText.render(pairs)
    }
}
