import Testing
@testable import WlogCore

@Suite("Coach: double progression")
struct DoubleProgressionTests {
    /// PPL followed; bench 3 × 12 at 100 kg on Mon 5 and Thu 8 January with the given RPEs.
    func journal(second reps: Int = 12, rpe: (Double, Double) = (8, 7.5), arsenal: [EquipmentItem] = []) -> PlanJournal {
        var j = PlanJournal()
        j.append(.routineCreated(PlanJournal.ppl), at: Clock.at(2026, 1, 1, 9))
        for item in arsenal { j.append(.equipmentAdded(item), at: Clock.at(2026, 1, 1, 9)) }
        let w1 = j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 5, 18))
        j.sets("bench-press", .kg(100), 12, count: 3, rpe: rpe.0, at: Clock.at(2026, 1, 5, 18, 5), workout: w1)
        let w2 = j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 8, 18))
        j.sets("bench-press", .kg(100), 12, count: 2, rpe: rpe.1, at: Clock.at(2026, 1, 8, 18, 5), workout: w2)
        j.sets("bench-press", .kg(100), reps, count: 1, rpe: rpe.1, at: Clock.at(2026, 1, 8, 18, 10), workout: w2)
        return j
    }

    let now = QueryContext.at(Clock.at(2026, 1, 9, 12))

    @Test func firesWithTheNumbersThatTriggeredIt() {
        let report = journal().state.coachReport(context: now)
        #expect(report.progressions.count == 1)
        let p = report.progressions[0]
        #expect(p.exercise.id == "bench-press")
        #expect(p.nextLoad == .kg(102.5))
        #expect(p.source == .standard)
        #expect(p.message(unit: .kg) == "3 × 12 at 100 kg, RPE 8 and 7.5 in the last two sessions → try 102.5 kg × 8")
        #expect(report.suggestions.contains { $0.kind == .progression && $0.exercise == "Bench Press" })
    }

    @Test func doesNotFireWhenOneSetMissesTheTopOfTheRange() {
        #expect(journal(second: 11).state.coachReport(context: now).progressions.isEmpty)
    }

    @Test func rpeAtTheTargetFiresAndAboveDoesNot() {
        #expect(journal(rpe: (8, 8)).state.coachReport(context: now).progressions.count == 1)
        #expect(journal(rpe: (8, 8.5)).state.coachReport(context: now).progressions.isEmpty)
    }

    @Test func needsTwoExposuresAndHonoursAsOf() {
        let j = journal()
        // seq: routine 1, w1 start 2, finish 3, sets 4–6, w2 start 7, finish 8, sets 9–11
        #expect(j.state(asOf: 6).coachReport(context: now).progressions.isEmpty)
        #expect(j.state(asOf: 11).coachReport(context: now).progressions.count == 1)
        // the coach's view of an earlier day ignores later sessions
        #expect(j.state.coachReport(context: .at(Clock.at(2026, 1, 7, 12))).progressions.isEmpty)
    }

    @Test func editAndDeleteRecompute() {
        var j = journal()
        let sets = j.state.liveSets.filter { $0.exercise == "bench-press" }
        j.append(.setEdited(SetEdited(set: sets[5].id, reps: 10)), at: Clock.at(2026, 1, 9, 9))
        #expect(j.state.coachReport(context: now).progressions.isEmpty)
        j.append(.setEdited(SetEdited(set: sets[5].id, reps: 12)), at: Clock.at(2026, 1, 9, 9))
        #expect(j.state.coachReport(context: now).progressions.count == 1)
        j.append(.setDeleted(SetDeleted(set: sets[0].id)), at: Clock.at(2026, 1, 9, 9))
        #expect(j.state.coachReport(context: now).progressions.isEmpty)
    }

    @Test func smallestIncrementFromTheArsenal() {
        let plates = EquipmentItem(id: "plates", name: "Plates", type: .plates, weights: [.kg(1.25), .kg(2.5), .kg(5), .kg(20)])
        let p = journal(arsenal: [plates]).state.coachReport(context: now).progressions[0]
        #expect(p.nextLoad == .kg(102.5))
        #expect(p.message(unit: .kg).hasSuffix("→ try 102.5 kg × 8 (2 × 1.25 kg from Plates)"))
        let fractional = EquipmentItem(id: "micro", name: "Micro plates", type: .plates, weights: [.kg(0.5)])
        #expect(journal(arsenal: [plates, fractional]).state.coachReport(context: now).progressions[0].nextLoad == .kg(101))
        let gone = EquipmentItem(id: "micro", name: "Micro plates", type: .plates, weights: [.kg(0.5)], available: false)
        #expect(journal(arsenal: [plates, gone]).state.coachReport(context: now).progressions[0].nextLoad == .kg(102.5))
    }

    @Test func dumbbellRackGivesTheNextWeightOrNothing() {
        let rack = EquipmentItem(id: "rack", name: "Dumbbell rack", type: .dumbbells,
                                 weights: stride(from: 2.5, through: 40, by: 2.5).map { Mass.kg($0) })
        #expect(LoadIncrement.next(after: .kg(30), equipment: .dumbbell, arsenal: [rack])?.load == .kg(32.5))
        #expect(LoadIncrement.next(after: .kg(40), equipment: .dumbbell, arsenal: [rack]) == nil)
        #expect(LoadIncrement.next(after: .kg(40), equipment: .dumbbell, arsenal: [])?.load == .kg(42.5))
        #expect(LoadIncrement.next(after: .lb(225), equipment: .barbell, arsenal: [])?.load == .lb(230))
        let exercise = ExerciseLibrary.exercise(id: "dumbbell-bench-press")!
        let target = PlanJournal.ppl.days[0].exercises[1]
        let exposures = (0..<2).map { d in
            Exposure(session: "d\(d)", day: Clock.day(2026, 1, 5 + d), sets: (0..<3).map { i in
                LoggedSet(id: eid(UInt64(10 * d + i + 1)), seq: UInt64(10 * d + i + 1), exercise: exercise.id,
                          performed: ZonedInstant(Clock.at(2026, 1, 5 + d, 10), offsetMinutes: 0), reps: 12, weight: .kg(40))
            }, bestE1RM: nil)
        }
        let p = DoubleProgression.evaluate(exercise: exercise, target: target, exposures: exposures, arsenal: [rack])
        #expect(p?.nextLoad == nil)
        #expect(p?.message(unit: .kg) == "3 × 12 at 40 kg in the last two sessions → nothing heavier in your arsenal: add a set or reps (try 3 × 13 at 40 kg)")
    }
}
