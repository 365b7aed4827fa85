import Testing
import WlogCore

/// Hands out ids 1001, 1002 … (a class so the context's closure can count).
final class CountingIDs: @unchecked Sendable {
    var next: UInt64 = 1000
    func make() -> EventID { next += 1; return eid(next) }
}

func context(now: Instant = Clock.monday, offset: Int = 60) -> DecideContext {
    let ids = CountingIDs()
    return DecideContext(now: now, offsetMinutes: offset, actor: "user", nextID: ids.make)
}

/// The refusal a command gets, or nil when it is accepted.
func refusal(_ command: Command, _ state: WlogState) -> Refusal? {
    do {
        _ = try decide(command, state: state, context: context())
        return nil
    } catch {
        return error
    }
}

@Suite("decide: sets")
struct DecideSetTests {
    @Test func logsRepeatedSetsWithTheirOwnIDs() throws {
        let events = try decide(.logSets(LogSets(exercise: "bench", reps: 5, weight: .lb(225), rpe: 8.5, count: 3)),
                                state: FixtureLibrary.state, context: context())
        #expect(events.map(\.id) == [eid(1001), eid(1002), eid(1003)])
        #expect(events.allSatisfy { $0.envelope.occurred == ZonedInstant(Clock.monday, offsetMinutes: 60) })
        #expect(events.allSatisfy { $0.envelope.recorded == Clock.monday && $0.envelope.seq == 0 && $0.envelope.actor == "user" })
        guard case .setLogged(let set) = events[0].payload else { Issue.record("not a set"); return }
        #expect(set.exercise == "bench-press" && set.reps == 5 && set.weight == .lb(225) && set.rpe == RPE(8.5) && set.workout == nil)
    }

    @Test func fixedIDsComeFirst() throws {
        let ctx = DecideContext(now: Clock.monday, fixedIDs: [eid(7)], generator: SystemRandomNumberGenerator())
        let events = try decide(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), count: 2)),
                                state: FixtureLibrary.state, context: ctx)
        #expect(events[0].id == eid(7))
        #expect(events[1].id != eid(7))
    }

    @Test func aRetryIDMakesTheWholeCommitIdempotent() throws {
        func ids() throws -> [EventID] {
            let ctx = DecideContext(now: Clock.monday, fixedIDs: [eid(7)], generator: SystemRandomNumberGenerator())
            return try decide(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), count: 3)),
                              state: FixtureLibrary.state, context: ctx).map(\.id)
        }
        let first = try ids()
        #expect(first == [eid(7), DecideContext.derivedID(eid(7), index: 1), DecideContext.derivedID(eid(7), index: 2)])
        #expect(try ids() == first)
        #expect(Set(first).count == 3)
    }

    @Test func strengthSetNeedsReps() {
        let r = refusal(.logSets(LogSets(exercise: "bench press", reps: -1, weight: .kg(100))), FixtureLibrary.state)
        #expect(r?.message == "set.reps: -1 is not allowed — reps are 0 to 1000")
        #expect(r?.field == "set.reps" && r?.value == "-1")
    }

    @Test func aMissedAttemptIsLoggedWithZeroReps() throws {
        let events = try decide(.logSets(LogSets(exercise: "bench", reps: 0, weight: .kg(140))),
                                state: FixtureLibrary.state, context: context())
        guard case .setLogged(let set) = events.first?.payload else { Issue.record("not a set"); return }
        #expect(set.reps == 0 && set.weight == .kg(140) && set.done)
        #expect(refusal(.logSets(LogSets(exercise: "bench", reps: 0)), FixtureLibrary.state)?.message
                == "set.weight: none is not allowed — a strength set needs weight > 0")
    }

    @Test func strengthSetNeedsWeight() {
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(0))), FixtureLibrary.state)?.message
                == "set.weight: 0 kg is not allowed — a strength set needs weight > 0")
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5)), FixtureLibrary.state)?.message
                == "set.weight: none is not allowed — a strength set needs weight > 0")
    }

    @Test func assistedSetNeedsRepsAndWeight() {
        #expect(refusal(.logSets(LogSets(exercise: "assisted-pull-up", reps: 8)), FixtureLibrary.state)?.message
                == "set.weight: none is not allowed — an assisted set needs weight > 0")
        #expect(refusal(.logSets(LogSets(exercise: "assisted-pull-up", weight: .kg(20))), FixtureLibrary.state)?.message
                == "set.reps: none is not allowed — an assisted set needs reps ≥ 0 (0 = a missed attempt)")
    }

    @Test func bodyweightSetTakesAddedWeightFromZero() {
        #expect(refusal(.logSets(LogSets(exercise: "pull-up", reps: 8)), FixtureLibrary.state) == nil)
        #expect(refusal(.logSets(LogSets(exercise: "pull-up", reps: 8, weight: .kg(0))), FixtureLibrary.state) == nil)
        #expect(refusal(.logSets(LogSets(exercise: "pull-up", reps: 8, weight: .kg(-5))), FixtureLibrary.state)?.message
                == "set.weight: -5 kg is not allowed — a body-weight set needs added weight ≥ 0")
        #expect(refusal(.logSets(LogSets(exercise: "pull-up", reps: 0)), FixtureLibrary.state) == nil)
        #expect(refusal(.logSets(LogSets(exercise: "pull-up", reps: -2)), FixtureLibrary.state)?.message
                == "set.reps: -2 is not allowed — reps are 0 to 1000")
    }

    @Test func cardioSetNeedsDistanceAndDurationOnly() {
        let km5 = Distance(tenThousandths: 50_000, unit: .km)
        #expect(refusal(.logSets(LogSets(exercise: "run", distance: km5, durationMilliseconds: 1_500_000)), FixtureLibrary.state) == nil)
        #expect(refusal(.logSets(LogSets(exercise: "run", durationMilliseconds: 1_500_000)), FixtureLibrary.state)?.message
                == "set.distance: none is not allowed — a cardio set needs distance > 0")
        #expect(refusal(.logSets(LogSets(exercise: "run", distance: km5)), FixtureLibrary.state)?.message
                == "set.duration: none is not allowed — a cardio set needs duration > 0")
        #expect(refusal(.logSets(LogSets(exercise: "run", weight: .kg(10), distance: km5, durationMilliseconds: 1)),
                        FixtureLibrary.state)?.message
                == "set.weight: 10 kg is not allowed — a cardio set takes distance and duration, no weight or reps")
        #expect(refusal(.logSets(LogSets(exercise: "run", reps: 5, distance: km5, durationMilliseconds: 1)),
                        FixtureLibrary.state)?.message
                == "set.reps: 5 is not allowed — a cardio set takes distance and duration, no weight or reps")
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), distance: km5)),
                        FixtureLibrary.state)?.message
                == "set.distance: 5 km is not allowed — a strength set takes weight and reps, no distance")
    }

    @Test func timedSetNeedsDuration() {
        #expect(refusal(.logSets(LogSets(exercise: "plank", durationMilliseconds: 0)), FixtureLibrary.state)?.message
                == "set.duration: 0:00 is not allowed — a timed set needs duration > 0")
        #expect(refusal(.logSets(LogSets(exercise: "plank", durationMilliseconds: 60_000)), FixtureLibrary.state) == nil)
    }

    @Test func rpeAndEffortInRange() {
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), rpe: 11)), FixtureLibrary.state)?.message
                == "set.rpe: 11 is not allowed — RPE is 1 to 10 in steps of 0.5 (e.g. 8 or 8.5)")
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), rpe: 8.25)), FixtureLibrary.state)?.message
                == "set.rpe: 8.25 is not allowed — RPE is 1 to 10 in steps of 0.5 (e.g. 8 or 8.5)")
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), effort: 6)), FixtureLibrary.state)?.message
                == "set.effort: 6 is not allowed — effort is a whole number from 1 to 5")
    }

    @Test func setCountInRange() {
        #expect(refusal(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100), count: 0)), FixtureLibrary.state)?.message
                == "set.sets: 0 is not allowed — a set line repeats 1 to 100 times")
    }

    @Test func occurredAtMoreThanADayAheadRefused() {
        let late = ZonedInstant(Clock.monday.adding(milliseconds: 86_400_001), offsetMinutes: 60)
        #expect(refusal(.logSets(LogSets(exercise: "squat", at: late, reps: 5, weight: .kg(100))), FixtureLibrary.state)?.message
                == "set.at: 2026-01-06T13:00:00.001+01:00 is not allowed — it is more than a day after now (2026-01-05T13:00:00+01:00)")
        let edge = ZonedInstant(Clock.monday.adding(milliseconds: 86_400_000), offsetMinutes: 60)
        #expect(refusal(.logSets(LogSets(exercise: "squat", at: edge, reps: 5, weight: .kg(100))), FixtureLibrary.state) == nil)
    }

    @Test func unknownExerciseOffersClosestNames() {
        let r = refusal(.logSets(LogSets(exercise: "benhc press", reps: 5, weight: .kg(100))), FixtureLibrary.state)
        #expect(r?.field == "set.exercise" && r?.problem == "is unknown")
        #expect(r?.suggestions.first == "Bench Press")
        #expect(r?.message.hasPrefix("set.exercise: \"benhc press\" is unknown — did you mean Bench Press") == true)
    }

    @Test func unknownExerciseCreatedWhenAsked() throws {
        let events = try decide(
            .logSets(LogSets(exercise: "Zercher Squat", create: NewExercise(name: "", group: .legs), reps: 5, weight: .kg(80))),
            state: FixtureLibrary.state, context: context())
        #expect(events.map(\.type) == [.exerciseCreated, .setLogged])
        guard case .exerciseCreated(let e) = events[0].payload, case .setLogged(let s) = events[1].payload else {
            Issue.record("wrong events"); return
        }
        #expect(e.id == "zercher-squat" && e.name == "Zercher Squat" && e.prReps == 3 && e.isCustom && e.pattern == .squat)
        #expect(s.exercise == "zercher-squat")
    }

    @Test func setJoinsWorkoutInProgress() throws {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.monday.adding(milliseconds: -3_600_000))
        let events = try decide(.logSets(LogSets(exercise: "squat", reps: 5, weight: .kg(100))), state: j.state, context: context())
        guard case .setLogged(let s) = events[0].payload else { Issue.record("not a set"); return }
        #expect(s.workout == w)
    }

    @Test func aBackDatedSetJoinsTheFinishedSessionItWasDoneIn() throws {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.at(2026, 1, 4, 10))
        j.append(.workoutFinished(WorkoutFinished(workout: w)), at: Clock.at(2026, 1, 4, 11))
        func workout(at instant: Instant?) throws -> EventID? {
            let events = try decide(.logSets(LogSets(exercise: "squat", at: instant.map { ZonedInstant($0, offsetMinutes: 60) },
                                                     reps: 5, weight: .kg(100))), state: j.state, context: context())
            guard case .setLogged(let s) = events[0].payload else { return nil }
            return s.workout
        }
        #expect(try workout(at: Clock.at(2026, 1, 4, 10, 30)) == w, "inside start…finish")
        #expect(try workout(at: Clock.at(2026, 1, 4, 11)) == w, "at the finish")
        #expect(try workout(at: Clock.at(2026, 1, 4, 11, 1)) == nil, "after it: the day's implicit workout")
        #expect(try workout(at: nil) == nil, "a set logged now never looks back")
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: w)), at: Clock.at(2026, 1, 4, 12))
        #expect(try workout(at: Clock.at(2026, 1, 4, 10, 30)) == nil, "not into a discarded session")
    }

    @Test func aSecondSessionCannotStartWhileOneIsInProgress() throws {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.monday.adding(milliseconds: -3_600_000))
        #expect(refusal(.startWorkout(StartWorkout()), j.state)?.message
                == "workout: 00000000 is already in progress — finish it (wlog append workout finish) or discard it before starting another")
        j.append(.workoutFinished(WorkoutFinished(workout: w)), at: Clock.monday)
        #expect(refusal(.startWorkout(StartWorkout()), j.state) == nil)
        // A session left open more than 12 hours before no longer takes sets: it does not block.
        var stale = JournalBuilder()
        stale.append(.workoutStarted(WorkoutStarted()), at: Clock.monday.adding(milliseconds: -13 * 3_600_000))
        #expect(refusal(.startWorkout(StartWorkout()), stale.state) == nil)
    }

    @Test func setInFinishedWorkoutAllowedDiscardedRefused() {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.at(2026, 1, 4, 10))
        j.append(.workoutFinished(WorkoutFinished(workout: w)), at: Clock.at(2026, 1, 4, 11))
        #expect(refusal(.logSets(LogSets(exercise: "squat", workout: w, reps: 5, weight: .kg(100))), j.state) == nil)
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: w)), at: Clock.at(2026, 1, 4, 12))
        #expect(refusal(.logSets(LogSets(exercise: "squat", workout: w, reps: 5, weight: .kg(100))), j.state)?.message
                == "set.workout: 00000000 is not allowed — that workout was discarded")
        #expect(refusal(.logSets(LogSets(exercise: "squat", workout: eid(77), reps: 5, weight: .kg(100))), j.state)?.message
                == "set.workout: 00000000 is unknown — no workout has this id; see `wlog history`")
    }

    @Test func editAndDeleteOfUnknownOrDeletedSetRefused() throws {
        var j = JournalBuilder()
        let s = j.set("squat", .kg(100), 5, at: Clock.monday)
        #expect(refusal(.editSet(EditSet(set: eid(99), reps: 3)), j.state)?.message
                == "set: 00000000 is unknown — no set has this id; see `wlog history`")
        #expect(refusal(.deleteSet(id: eid(99), reason: nil), j.state)?.message
                == "set: 00000000 is unknown — no set has this id; see `wlog history`")
        #expect(refusal(.editSet(EditSet(set: s)), j.state)?.message == "edit: none is not allowed — give at least one field to change")
        #expect(refusal(.editSet(EditSet(set: s, reps: -1)), j.state)?.message
                == "set.reps: -1 is not allowed — reps are 0 to 1000")
        #expect(refusal(.editSet(EditSet(set: s, reps: 0)), j.state) == nil)
        let edit = try decide(.editSet(EditSet(set: s, exercise: "ohp", rpe: 9)), state: j.state, context: context())
        #expect(edit.map(\.payload) == [.setEdited(SetEdited(set: s, exercise: "overhead-press", rpe: RPE(9)))])
        j.append(.setDeleted(SetDeleted(set: s)), at: Clock.monday)
        #expect(refusal(.editSet(EditSet(set: s, reps: 3)), j.state)?.message
                == "set: 00000000 is already deleted — a deleted set cannot be edited or deleted again")
        #expect(refusal(.deleteSet(id: s, reason: nil), j.state)?.message
                == "set: 00000000 is already deleted — a deleted set cannot be edited or deleted again")
    }
}
