import Testing
import WlogCore

@Suite("decide: workouts, body weight, exercises, setup")
struct DecideSetupTests {
    @Test func findOrCreateLinksInsteadOfDuplicating() throws {
        let new = NewExercise(name: "  Hack   Squat ", group: .legs)
        let first = try decide(.createExercise(new), state: FixtureLibrary.state, context: context())
        guard case .exerciseCreated(let made) = first.first?.payload else { Issue.record("no event"); return }
        #expect(made.id == "hack-squat" && made.name == "Hack   Squat" && made.prReps == 3 && made.kind == .strength)
        let state = WlogState.replay(first, from: FixtureLibrary.state)
        #expect(try decide(.createExercise(NewExercise(name: "hack squat", group: .legs)), state: state, context: context()).isEmpty)
        // Same name, another group: a new exercise with the group in its id.
        let other = try decide(.createExercise(NewExercise(name: "Hack Squat", group: .back)), state: state, context: context())
        guard case .exerciseCreated(let second) = other.first?.payload else { Issue.record("no event"); return }
        #expect(second.id == "hack-squat-back")
        // A built-in by alias and group links too.
        #expect(try decide(.createExercise(NewExercise(name: "Bench", group: .chest)), state: state, context: context()).isEmpty)
    }

    @Test func exerciseRefusals() {
        let s = FixtureLibrary.state
        #expect(refusal(.createExercise(NewExercise(name: "Curl 21s", group: .biceps, prReps: 0)), s)?.message
                == "exercise.pr-reps: 0 is not allowed — default PR reps are 1 to 50")
        #expect(refusal(.createExercise(NewExercise(name: "  ", group: .biceps)), s)?.message
                == "exercise.name: \"\" is not allowed — give the exercise a name")
        #expect(refusal(.updateExercise(ExerciseUpdated(exercise: "squat", name: "Leg Press")), s)?.message
                == "exercise.name: \"Leg Press\" is not allowed — another Legs exercise (leg-press) has that name")
        #expect(refusal(.updateExercise(ExerciseUpdated(exercise: "squat", prReps: 51)), s)?.message
                == "exercise.pr-reps: 51 is not allowed — default PR reps are 1 to 50")
        #expect(refusal(.retireExercise("barbell"), s)?.message == "exercise: \"barbell\" is ambiguous — it could be Barbell Curl (barbell-curl), Barbell Row (barbell-row)")
    }

    @Test func workoutRefusals() throws {
        var j = JournalBuilder()
        #expect(refusal(.finishWorkout(FinishWorkout()), j.state)?.message
                == "workout: none is not allowed — no workout is in progress; start one with `wlog append workout start`")
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.monday)
        let early = ZonedInstant(Clock.monday.adding(milliseconds: -1), offsetMinutes: 0)
        #expect(refusal(.finishWorkout(FinishWorkout(at: early)), j.state)?.message
                == "workout.at: 2026-01-05T11:59:59.999+00:00 is not allowed — a workout cannot finish before it started (2026-01-05T12:00:00+00:00)")
        #expect(refusal(.finishWorkout(FinishWorkout(soreness: 0)), j.state)?.message
                == "workout.soreness: 0 is not allowed — soreness is a whole number from 1 to 5")
        #expect(refusal(.finishWorkout(FinishWorkout(sessionRPE: 0.5)), j.state)?.message
                == "workout.session-rpe: 0.5 is not allowed — RPE is 1 to 10 in steps of 0.5 (e.g. 8 or 8.5)")
        let finish = try decide(.finishWorkout(FinishWorkout()), state: j.state, context: context())
        #expect(finish.map(\.payload) == [.workoutFinished(WorkoutFinished(workout: w))])
        j.append(finish[0].payload, at: Clock.monday)
        #expect(refusal(.finishWorkout(FinishWorkout(workout: w)), j.state)?.message
                == "workout: 00000000 is already finished — a workout finishes once")
        #expect(refusal(.addWorkoutExercise(workout: w, exercise: "squat", position: 3, notes: nil), j.state)?.message
                == "workout.position: 3 is not allowed — a position from 0 to 0")
        #expect(refusal(.removeWorkoutExercise(workout: w, exercise: "squat"), j.state)?.message
                == "workout.exercise: \"Squat\" is not allowed — it is not in this workout")
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: w)), at: Clock.monday)
        #expect(refusal(.discardWorkout(w), j.state)?.message == "workout: 00000000 is not allowed — that workout was discarded")
    }

    @Test func startFromRoutineCopiesPlannedDay() throws {
        var j = JournalBuilder()
        let plan = [PlannedExercise(exercise: "squat", sets: 3, repsLow: 5, repsHigh: 5)]
        j.append(.routineCreated(Routine(id: "5x5", name: "5x5", days: [RoutineDay(index: 1, title: "A", exercises: plan)])),
                 at: Clock.monday)
        let events = try decide(.startWorkout(StartWorkout(routine: "5X5")), state: j.state, context: context())
        #expect(events.map(\.payload) == [.workoutStarted(WorkoutStarted(name: "A", routine: "5x5", day: 1, planned: plan))])
        #expect(refusal(.startWorkout(StartWorkout(routine: "5x5", day: 2)), j.state)?.message
                == "workout.day: 2 is not allowed — 5x5 has days 1")
        #expect(refusal(.startWorkout(StartWorkout(routine: "gzclp")), j.state)?.message
                == "workout.routine: \"gzclp\" is unknown — known routines: 5x5")
    }

    @Test func bodyweightAndGoalRefusals() {
        var j = JournalBuilder()
        #expect(refusal(.recordBodyweight(weight: .kg(0), at: nil, notes: nil), j.state)?.message
                == "bodyweight.weight: 0 kg is not allowed — a body weight must be more than 0")
        #expect(refusal(.setGoal(.lb(-1)), j.state)?.message
                == "goal.weight: -1 lb is not allowed — a body-weight goal must be more than 0")
        #expect(refusal(.setGoal(nil), j.state) == nil)
        let e = j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(80))), at: Clock.monday)
        #expect(refusal(.editBodyweight(BodyweightEdited(entry: e)), j.state)?.message
                == "edit: none is not allowed — give at least one field to change")
        j.append(.bodyweightDeleted(BodyweightDeleted(entry: e)), at: Clock.monday)
        #expect(refusal(.deleteBodyweight(e), j.state)?.message
                == "bodyweight: 00000000 is already deleted — a deleted entry cannot be edited or deleted again")
        #expect(refusal(.deleteBodyweight(eid(50)), j.state)?.message
                == "bodyweight: 00000000 is unknown — no body-weight entry has this id; see `wlog bodyweight`")
    }

    @Test func settingsProfileReadinessRefusals() throws {
        let s = FixtureLibrary.state
        #expect(refusal(.changeSettings(SettingsChanged(e1rmFormula: "magic")), s)?.message
                == "settings.e1rm-formula: \"magic\" is not allowed — one of epley, brzycki, lander, lombardi, mayhew, oconner, wathen, rpe, brzycki-rir, brzycki-102.78")
        #expect(refusal(.changeSettings(SettingsChanged(prReps: [1, 0])), s)?.message
                == "settings.pr-reps: 0 is not allowed — rep counts are 1 to 50")
        let ok = try decide(.changeSettings(SettingsChanged(e1rmFormula: "Brzycki", prReps: [5, 1, 5])), state: s, context: context())
        #expect(ok.map(\.payload) == [.settingsChanged(SettingsChanged(e1rmFormula: "brzycki", prReps: [1, 5]))])
        #expect(refusal(.updateProfile(ProfileUpdated(daysPerWeek: 8)), s)?.message
                == "profile.days-per-week: 8 is not allowed — 1 to 7 days per week")
        #expect(refusal(.recordReadiness(RecordReadiness(sleep: 6)), s)?.message
                == "readiness.sleep: 6 is not allowed — sleep is a whole number from 1 to 5")
        #expect(refusal(.addEquipment(EquipmentItem(id: "db", name: "DB", type: .dumbbells, weights: [.kg(0)])), s)?.message
                == "equipment.weights: 0 kg is not allowed — every load must be more than 0")
        #expect(refusal(.removeEquipment("db"), s)?.message == "equipment: db is unknown — see `wlog equipment`")
        #expect(refusal(.createRoutine(Routine(id: "", name: "PPL", days: [RoutineDay(index: 1, title: "Push", exercises: [
            PlannedExercise(exercise: "bench", sets: 3, repsLow: 10, repsHigh: 8)])])), s)?.message
                == "routine.reps: 10-8 is not allowed — a rep range from 1 up, low ≤ high")
    }
}
