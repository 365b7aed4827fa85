import Testing
@testable import WlogCore

@Suite("Planner: today's day, rotation, deload weeks, pre-fill")
struct RotationTests {
    func routineJournal() -> PlanJournal {
        var j = PlanJournal()
        j.append(.routineCreated(PlanJournal.ppl), at: Clock.at(2026, 1, 1, 9))
        return j
    }

    @Test func rotatesAfterTheLastDayDoneAndWraps() {
        var j = routineJournal()
        let now = QueryContext.at(Clock.at(2026, 1, 10, 8))
        #expect(j.state.plannedDay(context: now)?.day.index == 1)
        #expect(j.state.plannedDay(context: now)?.title == "Push (day 1 of PPL)")
        j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 5, 18))
        #expect(j.state.plannedDay(context: now)?.day.index == 2)
        let pull = j.workout(routine: "ppl", day: 2, at: Clock.at(2026, 1, 6, 18))
        #expect(j.state.plannedDay(context: now)?.day.index == 3)
        j.workout(routine: "ppl", day: 3, at: Clock.at(2026, 1, 7, 18))
        #expect(j.state.plannedDay(context: now)?.day.index == 1)   // wraps
        #expect(j.state.plannedDay(context: now)?.lastDoneOn == Clock.day(2026, 1, 7))
        // a day done out of order: the rotation follows the last one done
        j.workout(routine: "ppl", day: 2, at: Clock.at(2026, 1, 8, 18))
        #expect(j.state.plannedDay(context: now)?.day.index == 3)
        // a discarded workout does not count
        let discarded = j.workout(routine: "ppl", day: 3, at: Clock.at(2026, 1, 9, 18))
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: discarded)), at: Clock.at(2026, 1, 9, 20))
        #expect(j.state.plannedDay(context: now)?.day.index == 3)
        // as of an earlier moment: after the Pull workout (seq 1 routine, 2–3 push, 4–5 pull)
        #expect(j.state(asOf: 5).plannedDay(context: now)?.day.index == 3)
        // as of an earlier now: the 6 January session is not done yet
        #expect(j.state.plannedDay(context: .at(Clock.at(2026, 1, 6, 12)))?.day.index == 2)
        _ = pull
    }

    @Test func workoutInProgressIsTodaysDay() {
        var j = routineJournal()
        j.workout(routine: "ppl", day: 2, at: Clock.at(2026, 1, 5, 18), open: true)
        let planned = j.state.plannedDay(context: .at(Clock.at(2026, 1, 5, 18, 30)))
        #expect(planned?.day.index == 2)
        #expect(planned?.inProgress == true)
    }

    @Test func retiredOrRemovedDaysAndNoRoutine() {
        #expect(PlanJournal().state.plannedDay(context: .at(Clock.monday)) == nil)
        var j = routineJournal()
        j.workout(routine: "ppl", day: 3, at: Clock.at(2026, 1, 5, 18))
        // the routine loses day 3: the day after 3 wraps to day 1
        var shorter = PlanJournal.ppl
        shorter.days.removeLast()
        j.append(.routineUpdated(shorter), at: Clock.at(2026, 1, 6, 9))
        #expect(j.state.plannedDay(context: .at(Clock.at(2026, 1, 7, 9)))?.day.index == 1)
        j.append(.routineRetired(RoutineRetired(id: "ppl")), at: Clock.at(2026, 1, 6, 9))
        #expect(j.state.plannedDay(context: .at(Clock.at(2026, 1, 7, 9))) == nil)
    }

    @Test func deloadWeekHalvesSetsAndTakesTenPercentOff() {
        var j = routineJournal()
        j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 5, 18))   // week 1 starts Mon 5 Jan
        // weeks: 5 Jan = 1, 12 Jan = 2, 19 Jan = 3, 26 Jan = 4 (deload), 2 Feb = 1 again (4-week block)
        let week4 = j.state.plannedDay(context: .at(Clock.at(2026, 1, 29, 9)))!
        #expect(week4.week == 4 && week4.isDeload)
        #expect(week4.day.exercises.map(\.sets) == [2])            // Pull: 3 → 2
        #expect(week4.title == "Pull (day 2 of PPL, deload week 4)")
        let week1 = j.state.plannedDay(context: .at(Clock.at(2026, 2, 2, 9)))!
        #expect(week1.week == 1 && !week1.isDeload)
        #expect(week1.day.exercises.map(\.sets) == [3])
        let legs = RoutineDay(index: 3, title: "Legs", exercises: [PlannedExercise(exercise: "back-squat", sets: 5, repsLow: 3, repsHigh: 5),
                                                                   PlannedExercise(exercise: "leg-curl", sets: 1, repsLow: 10, repsHigh: 12)])
        #expect(Deload.apply(to: legs).exercises.map(\.sets) == [3, 1])
        #expect(Deload.load(.kg(102.5)) == .kg(92.5))   // 92.25 → nearest 2.5
        #expect(Deload.load(.kg(100)) == .kg(90))
        #expect(Deload.load(.lb(225)) == .lb(205))      // 202.5 → nearest 5, halves up
    }

    @Test func prefillAndStartFromTheRoutine() {
        var j = routineJournal()
        let w1 = j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 5, 18))
        j.sets("bench-press", .kg(100), 12, count: 3, rpe: 8, at: Clock.at(2026, 1, 5, 18, 5), workout: w1)
        let w2 = j.workout(routine: "ppl", day: 1, at: Clock.at(2026, 1, 8, 18))
        j.sets("bench-press", .kg(100), 12, count: 3, rpe: 7.5, at: Clock.at(2026, 1, 8, 18, 5), workout: w2)
        j.sets("dumbbell-bench-press", .kg(30), 10, count: 2, at: Clock.at(2026, 1, 8, 18, 20), workout: w2)
        let now = QueryContext.at(Clock.at(2026, 1, 12, 17))
        let push = PlanJournal.ppl.days[0]
        let fills = j.state.prefill(push, context: now)
        #expect(fills[0].load == .kg(102.5) && fills[0].reps == 8)
        #expect(fills[0].previous == "100 kg × 12, 12, 12")
        #expect(fills[0].line == "Bench Press  3 × 8–12 @8, rest 2:00  (last: 100 kg × 12, 12, 12)  → 102.5 kg × 8 — 3 × 12 at 100 kg, RPE 8 and 7.5 in the last two sessions → try 102.5 kg × 8")
        #expect(fills[1].load == .kg(30) && fills[1].reps == 12)
        #expect(fills[1].suggestion == "30 kg × 12 — repeat the load and aim for 3 × 12 before adding weight")
        let deload = j.state.prefill(push, isDeload: true, context: now)
        #expect(deload[0].load == .kg(92.5))
        #expect(deload[1].load == .kg(27.5))   // 27 → nearest 2.5
        let none = j.state.prefill(PlanJournal.ppl.days[2], context: now)
        #expect(none[0].load == nil)
        #expect(none[0].suggestion == "no history yet: pick a load you can lift for the target reps")

        // decide copies the day; RoutineStart halves it in a deload week and pre-fills
        let deloadNow = QueryContext.at(Clock.at(2026, 1, 26, 17))
        let context = DecideContext(now: deloadNow.now, offsetMinutes: 0, actor: "user", fixedIDs: [eid(900)])
        let events = try! decide(.startWorkout(StartWorkout(routine: "ppl", day: 1)), state: j.state, context: context)
        let start = RoutineStart.adjust(events, state: j.state, context: deloadNow)
        guard case .workoutStarted(let started) = start.events[0].payload else { Issue.record("no start"); return }
        #expect(started.planned.map(\.sets) == [2, 2])
        #expect(start.lines.first == "deload week 4 of PPL: half the sets, 10 % off the load")
        #expect(start.lines.count == 3)
    }
}
