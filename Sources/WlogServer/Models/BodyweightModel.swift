import WlogCore

/// Body weight (seed 000): every entry with its 7-day average, the start, the current weight, the
/// change, the goal and the trend toward it. Weights in kg.
@JSONObject
struct BodyweightModel {
    @JSONObject
    struct Entry {
        var id: String
        var date: String
        var recordedAt: String
        var weightKg: Double
        var average7Kg: Double
        @Nullable var notes: String?
    }

    var entries: [Entry]
    @Nullable var startingKg: Double?
    @Nullable var currentKg: Double?
    @Nullable var changeKg: Double?
    @Nullable var goalKg: Double?
    @Nullable var toGoalKg: Double?
    /// `not-enough-data`, `no-goal`, `toward-goal` or `away-from-goal`.
    var trend: String

    init(_ stats: BodyweightStats) {
        entries = stats.entries.map { point in
            Entry(id: APIID.text(point.entry.id), date: point.day.iso, recordedAt: String(apiInstant: point.entry.at.instant),
                  weightKg: point.entry.weight.kilograms, average7Kg: point.average7.kilograms, notes: point.entry.notes)
        }
        startingKg = stats.starting?.weight.kilograms
        currentKg = stats.current?.weight.kilograms
        changeKg = stats.change?.kilograms
        goalKg = stats.goal?.kilograms
        toGoalKg = stats.toGoal?.kilograms
        switch stats.trend {
        case .notEnoughData: trend = "not-enough-data"
        case .noGoal: trend = "no-goal"
        case .towardGoal: trend = "toward-goal"
        case .awayFromGoal: trend = "away-from-goal"
        }
    }
}
