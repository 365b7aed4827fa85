import Testing
@testable import WlogCore

/// Seed 001's smart warm-up for the planned day (docs/COACH.md): drills per group, a ramp to the
/// first loaded strength lift.
struct WarmUpTests {
    func planned(_ id: String, _ load: Mass?) throws -> Prefill {
        let exercise = try #require(WlogState.initial.exercise(id))
        return Prefill(exercise: exercise, target: PlannedExercise(exercise: id, sets: 3, repsLow: 8, repsHigh: 12),
                       previous: "", load: load, reps: 8, suggestion: "")
    }

    func ramp(_ load: Mass, barbell: Bool) -> [String] {
        WarmUp.steps(to: load, barbell: barbell).map { $0.load.formatted(in: load.unit) + " × \($0.reps)" }
    }

    @Test func rampsAreFortySixtyEightyPercentRoundedToTheStep() {
        #expect(ramp(.kg(100), barbell: true) == ["40 kg × 8", "60 kg × 5", "80 kg × 3"])
        // 16 → the empty bar, 24 → 25, 32 → 32.5
        #expect(ramp(.kg(40), barbell: true) == ["20 kg × 8", "25 kg × 5", "32.5 kg × 3"])
        // 8 → 7.5, 12 → 12.5, 16 → 15 (no bar for dumbbells)
        #expect(ramp(.kg(20), barbell: false) == ["7.5 kg × 8", "12.5 kg × 5", "15 kg × 3"])
        #expect(ramp(.lb(225), barbell: true) == ["90 lb × 8", "135 lb × 5", "180 lb × 3"])
        // 20 kg on the bar: every step would be the bar itself, not below the work: no ramp sets
        #expect(ramp(.kg(20), barbell: true).isEmpty)
        // 30 kg: 12 → bar 20, 18 → 17.5 is not above the bar (left out), 24 → 25
        #expect(ramp(.kg(30), barbell: true) == ["20 kg × 8", "25 kg × 3"])
    }

    @Test func drillsFollowTheDaysGroupsAndTheRampTheFirstLoadedLift() throws {
        let day = [try planned("plank", nil), try planned("bench-press", .kg(100)), try planned("barbell-row", .kg(70)),
                   try planned("bench-press", .kg(100))]
        let warmUp = try #require(WarmUp(day))
        #expect(warmUp.groups == [.core, .chest, .back])
        #expect(warmUp.drills == [WarmUp.general, "dead bugs × 8 each side", "bird dogs × 8 each side", "arm circles × 10 each way",
                                  "push-ups × 10", "band pull-aparts × 15", "cat–cow × 8"])
        #expect(warmUp.lines(unit: .kg).last == "Bench Press ramp to 100 kg: 40 kg × 8, 60 kg × 5, 80 kg × 3")
        #expect(WarmUp([]) == nil)
    }
}
