import Testing
@testable import WlogCore

/// Issue 18 item 13: one spelling of body-weight loads, one unit per line, no drop-set weight as
/// the next top set, and the reps chart of seed 002.
@Suite("Pre-fill text, units and drop sets")
struct PrefillTextTests {
    static let pullDay = RoutineDay(index: 1, title: "Pull", exercises: [
        PlannedExercise(exercise: "pull-up", sets: 3, repsLow: 6, repsHigh: 10),
        PlannedExercise(exercise: "bench-press", sets: 3, repsLow: 5, repsHigh: 8),
    ])

    @Test func bodyweightLoadsAreSpelledBWPlus() {
        var j = PlanJournal()
        j.sets("pull-up", .kg(10), 8, count: 3, at: Clock.at(2026, 1, 5, 18))
        let fill = j.state.prefill(Self.pullDay, context: .at(Clock.at(2026, 1, 7, 12)))[0]
        #expect(fill.previous == "BW + 10 kg × 8, 8, 8")
        #expect(fill.suggestion.hasPrefix("BW + 10 kg × 10 — "), "\(fill.suggestion)")
    }

    @Test func theLastSessionReadsInOneUnit() {
        var j = PlanJournal()
        j.sets("bench-press", .kg(100), 5, at: Clock.at(2026, 1, 5, 18))
        j.sets("bench-press", .lb(205), 5, at: Clock.at(2026, 1, 5, 18, 10))
        let fill = j.state.prefill(Self.pullDay, context: .at(Clock.at(2026, 1, 7, 12)))[1]
        #expect(fill.previous == "100 kg × 5, 92.99 kg × 5", "205 lb in kg, not a line mixing kg and lb")
        let inPounds = j.state.prefill(Self.pullDay, context: .at(Clock.at(2026, 1, 7, 12), unit: .lb))[1]
        #expect(inPounds.previous == "220.46 lb × 5, 205 lb × 5")
    }

    @Test func aDropSetIsNeverTheNextTopSet() {
        var j = PlanJournal()
        j.sets("bench-press", .kg(100), 6, at: Clock.at(2026, 1, 5, 18))
        j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 12, weight: .kg(60), setType: .drop)),
                 at: Clock.at(2026, 1, 5, 18, 5))
        j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 12, weight: .kg(50), setType: .drop)),
                 at: Clock.at(2026, 1, 5, 18, 6))
        let fill = j.state.prefill(Self.pullDay, context: .at(Clock.at(2026, 1, 7, 12)))[1]
        #expect(fill.load == .kg(100), "the working set's load, not the 50 kg drop: \(fill.suggestion)")
    }

    @Test func repsChartOfABodyweightExercise() {
        var j = PlanJournal()
        j.sets("pull-up", nil, 8, at: Clock.at(2026, 1, 5, 18))
        j.sets("pull-up", nil, 10, at: Clock.at(2026, 1, 5, 18, 5))
        j.sets("pull-up", .kg(10), 6, at: Clock.at(2026, 1, 8, 18))
        j.sets("pull-up", nil, 0, at: Clock.at(2026, 1, 9, 18))  // a missed attempt charts nothing
        let chart = j.state.repsChart(exercise: j.state.exerciseOrStandIn("pull-up"), context: .at(Clock.at(2026, 1, 10, 12)))
        #expect(chart.points == [Chart.Point(day: Clock.day(2026, 1, 5), value: 10), Chart.Point(day: Clock.day(2026, 1, 8), value: 6)])
        #expect(chart.unit == "reps" && chart.title == "Pull-Up reps")
    }
}
