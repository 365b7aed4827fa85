import Testing
@testable import WlogCore

/// Issue 36: the planner fills a target's load from the %1RM table and the lift's best e1RM.
@Suite("Pre-fill: %1RM target loads")
struct PrefillTableLoadTests {
    static let day = RoutineDay(index: 1, title: "Push", exercises: [
        PlannedExercise(exercise: "bench-press", sets: 3, repsLow: 8, repsHigh: 10, rpe: RPE(8)),
        PlannedExercise(exercise: "back-squat", sets: 3, repsLow: 5, repsHigh: 5),
        PlannedExercise(exercise: "deadlift", sets: 1, repsLow: 5, repsHigh: 5),
    ])

    @Test func targetLoadsFromTheTableAndTheBestE1RM() {
        var j = PlanJournal()
        j.sets("bench-press", .kg(120), 5, at: Clock.at(2026, 1, 5, 18))   // Epley 140 kg
        j.sets("back-squat", .kg(150), 3, at: Clock.at(2026, 1, 5, 18, 10))  // Epley 165 kg
        let fills = j.state.prefill(Self.day, context: .at(Clock.at(2026, 1, 7, 12)))
        // 8 @8: the RTS chart at effective 10 reps, 73.9 %: 140 × 0.739 = 103.46 → 102.5 kg
        #expect(fills[0].e1rm == .kg(140))
        #expect(fills[0].tableLoad?.fraction == 0.739 && fills[0].tableLoad?.load == .kg(102.5))
        #expect(fills[0].tableText == "%1RM: 102.5 kg = 73.9 % of e1RM 140 kg for 8 @8")
        #expect(fills[0].line.hasSuffix("  [%1RM: 102.5 kg = 73.9 % of e1RM 140 kg for 8 @8]"), "\(fills[0].line)")
        // 5 reps, no RPE: NSCA's 87 %: 165 × 0.87 = 143.55 → 142.5 kg
        #expect(fills[1].tableLoad?.load == .kg(142.5) && fills[1].tableText == "%1RM: 142.5 kg = 87 % of e1RM 165 kg for 5")
        // No history: no e1RM, no table load, the line as before.
        #expect(fills[2].tableLoad == nil && fills[2].e1rm == nil && !fills[2].line.contains("%1RM"))
    }
}
