import Foundation
import Testing
@testable import WlogCore

@Suite("Planner: starter plan, routine file, routine edits")
struct StarterPlanTests {
    func plan(_ goal: TrainingGoal, _ experience: Experience, _ days: Int, _ access: Set<StarterPlan.Access>) throws -> Routine {
        try StarterPlan.make(.init(goal: goal, experience: experience, daysPerWeek: days, access: access))
    }

    func equipment(of routine: Routine) -> Set<Equipment> {
        Set(routine.days.flatMap(\.exercises).map { ExerciseLibrary.exercise(id: $0.exercise)!.equipment })
    }

    @Test func hypertrophyBeginnerGymThreeDays() throws {
        let r = try plan(.hypertrophy, .beginner, 3, [.gym])
        #expect(r.name == "Starter Hypertrophy Full Body 3 Days")
        #expect(r.id == "starter-hypertrophy-full-body-3-days")
        #expect(r.days.map(\.title) == ["Full Body A", "Full Body B", "Full Body C"])
        #expect(r.days[0].exercises.map(\.exercise) == ["back-squat", "bench-press", "barbell-row", "leg-curl", "hanging-leg-raise"])
        #expect(r.days[0].exercises[0] == PlannedExercise(exercise: "back-squat", sets: 3, repsLow: 6, repsHigh: 10, rpe: RPE(8), restSeconds: 120))
        #expect(r.days[0].exercises[3] == PlannedExercise(exercise: "leg-curl", sets: 2, repsLow: 10, repsHigh: 15, rpe: RPE(9), restSeconds: 90))
        #expect(r.days[1].exercises.map(\.exercise) == ["deadlift", "overhead-press", "lat-pulldown", "bulgarian-split-squat", "tricep-pushdown"])
        // every exercise appears once per day
        for day in r.days { #expect(Set(day.exercises.map(\.exercise)).count == day.exercises.count) }
    }

    @Test func splitsByDays() throws {
        #expect(try plan(.general, .intermediate, 2, [.gym]).days.map(\.title) == ["Full Body A", "Full Body B"])
        #expect(try plan(.general, .intermediate, 4, [.gym]).days.map(\.title) == ["Upper A", "Lower A", "Upper B", "Lower B"])
        #expect(try plan(.general, .intermediate, 5, [.gym]).days.map(\.title) == ["Push A", "Pull A", "Legs A", "Push B", "Pull B"])
        #expect(try plan(.general, .intermediate, 6, [.gym]).days.count == 6)
    }

    @Test func homeHasOnlyBodyWeightAndBands() throws {
        let advanced = try plan(.strength, .advanced, 4, [.home])
        #expect(equipment(of: advanced).isSubset(of: [.bodyweight, .none, .band]))
        #expect(advanced.days[0].exercises.map(\.exercise) == ["push-up", "inverted-row", "handstand-push-up", "pull-up", "chin-up", "bench-dip"])
        // strength, advanced: main lifts 5 × 3–5 @8, rest 3:00
        #expect(advanced.days[0].exercises[0] == PlannedExercise(exercise: "push-up", sets: 5, repsLow: 3, repsHigh: 5, rpe: RPE(8), restSeconds: 180))
        let beginner = try plan(.strength, .beginner, 4, [.home])
        #expect(!beginner.days.flatMap(\.exercises).contains { StarterPlan.notForBeginners.contains($0.exercise) })
    }

    @Test func dumbbellsAndBarbellLimits() throws {
        let dumbbells = try plan(.fatLoss, .intermediate, 6, [.dumbbells])
        #expect(dumbbells.name == "Starter Fat-Loss Push/Pull/Legs 6 Days")
        #expect(equipment(of: dumbbells).isSubset(of: [.dumbbell, .bodyweight, .none]))
        #expect(dumbbells.days[0].exercises.map(\.exercise).first == "dumbbell-bench-press")
        #expect(dumbbells.days[0].exercises[0].repsLow == 8 && dumbbells.days[0].exercises[0].repsHigh == 12)
        let barbell = try plan(.endurance, .beginner, 2, [.barbell, .dumbbells])
        #expect(equipment(of: barbell).isSubset(of: [.barbell, .plate, .dumbbell, .bodyweight, .none]))
        #expect(barbell.days[0].exercises.map(\.exercise) == ["back-squat", "bench-press", "barbell-row", "glute-bridge", "hanging-leg-raise"])
        #expect(barbell.days[0].exercises[0].repsLow == 12 && barbell.days[0].exercises[0].rpe == RPE(7))
    }

    @Test func refusesOutOfRangeAnswers() {
        #expect(throws: Refusal.self) { try plan(.general, .beginner, 1, [.gym]) }
        #expect(throws: Refusal.self) { try plan(.general, .beginner, 7, [.gym]) }
        #expect(throws: Refusal.self) { try plan(.general, .beginner, 3, []) }
        do { _ = try StarterPlan.make(.init(goal: .general, experience: .beginner, daysPerWeek: 7, access: [.gym])) } catch { #expect(error.message.hasPrefix("plan.days: 7")) }
    }

    @Test func routineFileRoundTrip() throws {
        let json = """
            {"name": "PPL", "weeks": 4, "deload_weeks": [4], "days": [
              {"title": "Push", "exercises": [
                {"exercise": "bench press", "sets": 3, "reps": "8-12", "rpe": 8, "rest": "2:00"},
                {"exercise": "ohp", "sets": 3, "reps": 5, "rest": 90}]},
              {"day": 3, "exercises": [{"exercise": "squat", "sets": 5, "reps": "3–5"}]}]}
            """
        let routine = try JSONDecoder().decode(RoutineFile.self, from: Data(json.utf8)).routine()
        #expect(routine.name == "PPL" && routine.weeks == 4 && routine.deloadWeeks == [4])
        #expect(routine.days.map(\.index) == [1, 3])
        #expect(routine.days[1].title == "Day 3")
        #expect(routine.days[0].exercises[0] == PlannedExercise(exercise: "bench press", sets: 3, repsLow: 8, repsHigh: 12, rpe: RPE(8), restSeconds: 120))
        #expect(routine.days[0].exercises[1] == PlannedExercise(exercise: "ohp", sets: 3, repsLow: 5, repsHigh: 5, restSeconds: 90))
        // decide resolves the names
        let events = try decide(.createRoutine(routine), state: .initial, context: DecideContext(now: Clock.monday, fixedIDs: [eid(1)]))
        guard case .routineCreated(let created) = events[0].payload else { Issue.record("no routine"); return }
        #expect(created.id == "ppl")
        #expect(created.days.flatMap(\.exercises).map(\.exercise) == ["bench-press", "overhead-press", "back-squat"])
        // the printed format reads back to the same routine
        let again = try JSONDecoder().decode(RoutineFile.self, from: Data(RoutineFile.json(created).utf8)).routine()
        #expect(again == created)
    }

    @Test func routineFileRefusalsNameTheField() throws {
        func refusal(_ json: String) throws -> String {
            do { _ = try JSONDecoder().decode(RoutineFile.self, from: Data(json.utf8)).routine() } catch let error as Refusal { return error.message }
            return ""
        }
        let bad = #"{"name": "X", "days": [{"exercises": [{"exercise": "bench", "sets": 3, "reps": "8-x"}]}]}"#
        #expect(try refusal(bad).hasPrefix("days[0].exercises[0].reps: \"8-x\""))
        let rpe = #"{"name": "X", "days": [{"exercises": [{"exercise": "bench", "sets": 3, "reps": 8, "rpe": 11}]}]}"#
        #expect(try refusal(rpe).hasPrefix("days[0].exercises[0].rpe: 11"))
        #expect(try refusal(#"{"name": "X", "weeks": 4, "deload_weeks": [5], "days": []}"#).hasPrefix("deload_weeks: 5"))
    }

    @Test func copyDayReorderAndDeloadToggle() throws {
        let ppl = PlanJournal.ppl
        let copied = try RoutineEdit.copyDay(ppl, from: 1)
        #expect(copied.days.last == RoutineDay(index: 4, title: "Push (copy)", exercises: ppl.days[0].exercises))
        #expect(try RoutineEdit.copyDay(ppl, from: 2, title: "Pull B").days.last?.title == "Pull B")
        #expect(throws: Refusal.self) { try RoutineEdit.copyDay(ppl, from: 9) }
        let reordered = try RoutineEdit.reorder(ppl, day: 1, exercises: ["dumbbell-bench-press"])
        #expect(reordered.days[0].exercises.map(\.exercise) == ["dumbbell-bench-press", "bench-press"])
        #expect(throws: Refusal.self) { try RoutineEdit.reorder(ppl, day: 1, exercises: ["back-squat"]) }
        #expect(try RoutineEdit.deload(ppl, week: 2).deloadWeeks == [2, 4])
        #expect(try RoutineEdit.deload(ppl, week: 4, on: false).deloadWeeks == [])
        #expect(throws: Refusal.self) { try RoutineEdit.deload(ppl, week: 5) }
        // the update is a routine.updated that the rotation follows
        var j = PlanJournal()
        j.append(.routineCreated(ppl), at: Clock.at(2026, 1, 1, 9))
        j.workout(routine: "ppl", day: 3, at: Clock.at(2026, 1, 5, 18))
        j.append(.routineUpdated(copied), at: Clock.at(2026, 1, 6, 9))
        #expect(j.state.plannedDay(context: .at(Clock.at(2026, 1, 6, 10)))?.day.title == "Push (copy)")
    }
}
