import Testing
import WlogCore

@Suite("WlogState evolve")
struct WlogStateTests {
    @Test func setLoggedEditedDeletedKeepEveryVersion() {
        var j = JournalBuilder()
        let s = j.set("bench-press", .kg(100), 5, at: Clock.monday)
        j.append(.setEdited(SetEdited(set: s, reps: 6, notes: "felt easy")), at: Clock.monday, actor: "phone")
        j.append(.setDeleted(SetDeleted(set: s, reason: "duplicate")), at: Clock.monday)
        let state = j.state
        let versions = state.versions(of: s)
        #expect(versions.map(\.type) == [.setLogged, .setEdited, .setDeleted])
        #expect(versions.map(\.seq) == [1, 2, 3])
        #expect(versions.map(\.actor) == ["user", "phone", "user"])
        #expect(versions.map(\.recorded) == [1, 2, 3].map { Clock.at(2026, 1, 5, 0).adding(milliseconds: $0 * 1000) })
        #expect(versions.map(\.set.reps) == [5, 6, 6])
        #expect(versions[0].set.notes == nil && versions[1].set.notes == "felt easy")
        #expect(versions.map(\.set.isDeleted) == [false, false, true])
        #expect(state.set(s)?.isDeleted == true)
        #expect(state.liveSets.isEmpty)
        #expect(state.setCount == 1)
        #expect(state.lastSeq == 3 && state.eventCount == 3)
    }

    @Test func editMovesSetInTime() {
        var j = JournalBuilder()
        let s = j.set("squat", .kg(140), 5, at: Clock.monday)
        let earlier = ZonedInstant(Clock.at(2026, 1, 1, 9), offsetMinutes: 60)
        j.append(.setEdited(SetEdited(set: s, performed: earlier, weight: .lb(300), notes: "")), at: Clock.monday)
        let set = j.state.set(s)
        #expect(set?.performed == earlier)
        #expect(set?.weight == .lb(300))
        #expect(set?.reps == 5)
        #expect(set?.seq == 1)
    }

    @Test func duplicateEventIDIsIgnored() {
        var j = JournalBuilder()
        j.set("squat", .kg(100), 5, at: Clock.monday)
        var state = j.state
        state.apply(j.events[0])
        #expect(state.eventCount == 1)
        #expect(state.liveSets.count == 1)
        #expect(state.contains(eventID: eid(1)))
        #expect(!state.contains(eventID: eid(2)))
    }

    @Test func workoutLifecycle() {
        var j = JournalBuilder()
        let planned = [PlannedExercise(exercise: "bench-press", sets: 3, repsLow: 5, repsHigh: 8),
                       PlannedExercise(exercise: "overhead-press", sets: 3, repsLow: 8, repsHigh: 10)]
        let w = j.append(.workoutStarted(WorkoutStarted(name: "Push A", routine: "ppl", day: 1, planned: planned,
                                                        mobility: Rating(4), notes: "tired")), at: Clock.monday)
        j.append(.workoutExerciseAdded(WorkoutExerciseAdded(workout: w, exercise: "triceps-pushdown", position: 0, notes: "rope")),
                 at: Clock.monday)
        j.append(.workoutExerciseAdded(WorkoutExerciseAdded(workout: w, exercise: "lateral-raise")), at: Clock.monday)
        j.append(.workoutExerciseRemoved(WorkoutExerciseRemoved(workout: w, exercise: "overhead-press")), at: Clock.monday)
        j.append(.workoutExercisesReordered(WorkoutExercisesReordered(workout: w, exercises: ["lateral-raise", "bench-press"])),
                 at: Clock.monday)
        let end = Clock.monday.adding(milliseconds: 3_600_000)
        j.append(.workoutFinished(WorkoutFinished(workout: w, notes: "good", soreness: Rating(2), sessionRPE: RPE(8))), at: end)
        let record = j.state.workout(w)
        #expect(record?.name == "Push A" && record?.routine == "ppl" && record?.day == 1)
        #expect(record?.planned == planned)
        #expect(record?.exercises.map(\.exercise) == ["lateral-raise", "bench-press", "triceps-pushdown"])
        #expect(record?.exercises.last?.notes == "rope")
        #expect(record?.mobility == Rating(4) && record?.notes == "tired")
        #expect(record?.finished == ZonedInstant(end, offsetMinutes: 0))
        #expect(record?.finishNotes == "good" && record?.soreness == Rating(2) && record?.sessionRPE == RPE(8))
        #expect(record?.isOpen == false)
        #expect(j.state.openWorkouts.isEmpty)
    }

    @Test func discardedWorkoutTakesItsSetsOut() {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.monday)
        let inside = j.set("bench-press", .kg(100), 5, at: Clock.monday, workout: w)
        let outside = j.set("squat", .kg(100), 5, at: Clock.monday)
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: w)), at: Clock.monday)
        let state = j.state
        #expect(state.workout(w)?.isDiscarded == true)
        #expect(state.set(inside)?.isDiscarded == true)
        #expect(state.set(inside)?.isLive == false)
        #expect(state.liveSets.map(\.id) == [outside])
        #expect(state.allSets.count == 2)
    }

    @Test func bodyweightGoalAndReadiness() {
        var j = JournalBuilder()
        let a = j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(90), notes: "am")), at: Clock.at(2026, 1, 2, 7))
        let b = j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(89))), at: Clock.at(2026, 1, 1, 7))
        j.append(.bodyweightEdited(BodyweightEdited(entry: a, weight: .lb(198), notes: "")), at: Clock.monday)
        j.append(.bodyweightDeleted(BodyweightDeleted(entry: b)), at: Clock.monday)
        j.append(.goalSet(GoalSet(weight: .kg(85))), at: Clock.monday)
        j.append(.readinessRecorded(ReadinessRecorded(mobility: Rating(2), sleep: Rating(4), pain: true, note: "knee")), at: Clock.monday)
        let state = j.state
        #expect(state.bodyweightEntries.map(\.id) == [a])
        #expect(state.bodyweightEntries[0].weight == .lb(198) && state.bodyweightEntries[0].notes == nil)
        #expect(state.bodyweight(b)?.isDeleted == true)
        #expect(state.goal == .kg(85))
        #expect(state.readiness.count == 1 && state.readiness[0].readiness.pain && state.readiness[0].readiness.note == "knee")
    }

    @Test func profileSettingsAndGoalFromProfile() {
        var j = JournalBuilder()
        j.append(.profileUpdated(ProfileUpdated(name: "Sam", unit: .lb, daysPerWeek: 4, bodyweightGoal: .lb(180))), at: Clock.monday)
        j.append(.profileUpdated(ProfileUpdated(daysPerWeek: 5)), at: Clock.monday)
        j.append(.settingsChanged(SettingsChanged(e1rmFormula: "brzycki", prReps: [1, 5])), at: Clock.monday)
        let state = j.state
        #expect(state.profile.name == "Sam" && state.profile.unit == .lb && state.profile.daysPerWeek == 5)
        #expect(state.goal == .lb(180))
        #expect(state.unit == .lb)
        #expect(state.settings.e1rmFormula == "brzycki" && state.settings.prReps == [1, 5] && state.settings.e1rmMaxReps == 12)
        j.append(.settingsChanged(SettingsChanged(unit: .kg)), at: Clock.monday)
        #expect(j.state.unit == .kg)
    }

    @Test func exercisesCreatedUpdatedRetired() {
        var j = JournalBuilder()
        let hack = Exercise(id: "hack-squat", name: "Hack Squat", group: .legs, pattern: .squat, prReps: 3, isCustom: true)
        j.append(.exerciseCreated(hack), at: Clock.monday)
        j.append(.exerciseUpdated(ExerciseUpdated(exercise: "hack-squat", name: "Machine Hack Squat", pinnedNote: "seat 4")),
                 at: Clock.monday)
        j.append(.exerciseUpdated(ExerciseUpdated(exercise: "bench-press", prReps: 5)), at: Clock.monday)
        j.append(.exerciseRetired(ExerciseRetired(exercise: "crunch")), at: Clock.monday)
        let state = j.state
        #expect(state.exercise("hack-squat")?.name == "Machine Hack Squat")
        #expect(state.exercise("hack-squat")?.pinnedNote == "seat 4")
        #expect(state.exercises(named: "machine  HACK squat").map(\.id) == ["hack-squat"])
        #expect(state.exercises(named: "hack squat").isEmpty)
        #expect(state.exercise("bench-press")?.prReps == 5)
        #expect(state.exercises(named: "Bench").map(\.id) == ["bench-press"])
        #expect(state.isRetired("crunch"))
        #expect(!state.exercises.contains { $0.id == "crunch" })
        #expect(state.allExercises.contains { $0.id == "crunch" })
        #expect(state.exercise(named: "bench press", group: .chest)?.id == "bench-press")
        #expect(state.exercise(named: "bench press", group: .back) == nil)
        j.append(.exerciseCreated(FixtureLibrary.crunch), at: Clock.monday)
        #expect(!j.state.isRetired("crunch"))
    }

    @Test func equipmentAndRoutines() {
        var j = JournalBuilder()
        let rack = EquipmentItem(id: "dumbbells", name: "Dumbbells", type: .dumbbells, weights: [.kg(2.5), .kg(5)], location: .home)
        j.append(.equipmentAdded(rack), at: Clock.monday)
        var updated = rack
        updated.available = false
        j.append(.equipmentUpdated(updated), at: Clock.monday)
        j.append(.equipmentAdded(EquipmentItem(id: "bands", name: "Bands", type: .bands)), at: Clock.monday)
        j.append(.equipmentRemoved(EquipmentRemoved(id: "bands")), at: Clock.monday)
        let routine = Routine(id: "ppl", name: "PPL", days: [RoutineDay(index: 1, title: "Push", exercises: [])])
        j.append(.routineCreated(routine), at: Clock.monday)
        var renamed = routine
        renamed.name = "Push Pull Legs"
        j.append(.routineUpdated(renamed), at: Clock.monday)
        j.append(.routineRetired(RoutineRetired(id: "ppl")), at: Clock.monday)
        let state = j.state
        #expect(state.equipment == ["dumbbells": updated])
        #expect(state.routines["ppl"]?.routine.name == "Push Pull Legs")
        #expect(state.routines["ppl"]?.isRetired == true)
    }

    @Test func eventsAboutUnknownThingsChangeNothing() {
        var j = JournalBuilder()
        j.append(.setEdited(SetEdited(set: eid(99), reps: 3)), at: Clock.monday)
        j.append(.setDeleted(SetDeleted(set: eid(98))), at: Clock.monday)
        j.append(.workoutFinished(WorkoutFinished(workout: eid(97))), at: Clock.monday)
        j.append(.bodyweightEdited(BodyweightEdited(entry: eid(96), weight: .kg(80))), at: Clock.monday)
        let state = j.state
        #expect(state.setCount == 0 && state.allWorkouts.isEmpty && state.bodyweightEntries.isEmpty)
        #expect(state.eventCount == 4 && state.lastSeq == 4)
    }
}
