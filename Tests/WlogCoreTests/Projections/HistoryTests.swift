import Testing
import WlogCore

@Suite("History")
struct HistoryTests {
    let kg = QueryContext(now: Clock.at(2026, 1, 12, 12), offsetMinutes: 60, unit: .kg)

    @Test func implicitWorkoutsSplitAtLocalMidnight() {
        var j = JournalBuilder()
        // CET (+60): 22:30Z is 23:30 on Jan 5; 23:30Z is 00:30 on Jan 6.
        let late = j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 5, 22, 30), offset: 60)
        let early = j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 5, 23, 30), offset: 60)
        // New York (−300): 03:00Z on Jan 6 is 22:00 on Jan 5.
        let ny = j.set("bench-press", .kg(80), 5, at: Clock.at(2026, 1, 6, 3), offset: -300)
        let page = j.state.history(context: kg)
        #expect(page.days.map(\.day) == [Clock.day(2026, 1, 6), Clock.day(2026, 1, 5)])
        #expect(page.workouts.map(\.key) == [.implicit(Clock.day(2026, 1, 6)), .implicit(Clock.day(2026, 1, 5))])
        #expect(page.days[0].workouts[0].exercises.flatMap(\.sets).map(\.id) == [early])
        #expect(page.days[1].workouts[0].exercises.map(\.exercise.id) == ["squat", "bench-press"])
        #expect(page.days[1].workouts[0].exercises.flatMap(\.sets).map(\.id) == [late, ny])
        // Implicit duration: first to last set — 22:30Z to 03:00Z = 4.5 h.
        #expect(page.days[1].workouts[0].durationMilliseconds == 16_200_000)
        #expect(page.days[0].workouts[0].durationMilliseconds == 0)
        #expect(page.total == 2)
    }

    @Test func explicitWorkoutSummary() {
        var j = JournalBuilder()
        let start = Clock.at(2026, 1, 7, 17)
        let w = j.append(.workoutStarted(WorkoutStarted(name: "Push A", planned: [
            PlannedExercise(exercise: "overhead-press", sets: 3, repsLow: 5, repsHigh: 8)])), at: start, offset: 60)
        j.set("bench-press", .kg(100), 5, at: start.adding(milliseconds: 600_000), offset: 60, workout: w)
        j.set("bench-press", .lb(225), 5, at: start.adding(milliseconds: 900_000), offset: 60, workout: w)
        j.set("overhead-press", .kg(60), 8, at: start.adding(milliseconds: 1_800_000), offset: 60, workout: w, type: .warmup)
        j.append(.workoutFinished(WorkoutFinished(workout: w, notes: "strong")), at: start.adding(milliseconds: 4_500_000))
        let summary = j.state.history(context: kg).workouts[0]
        #expect(summary.id == w && summary.name == "Push A" && summary.label == "Push")
        #expect(summary.exercises.map(\.exercise.id) == ["overhead-press", "bench-press"])
        #expect(summary.durationMilliseconds == 4_500_000)
        // The warm-up counts in no total (`LoggedSet.countsInTotals`).
        #expect(summary.setCount == 2 && summary.reps == 10)
        // 100 kg × 5 + 225 lb × 5 = 500 kg + 510.2914 kg; the warm-up does not count.
        #expect(summary.volume == Mass(tenThousandths: 10_102_914, unit: .kg))
        #expect(summary.exercises[0].volume == Mass(tenThousandths: 0, unit: .kg))
        #expect(summary.notes == ["strong"] && !summary.isInProgress)
        var lb = kg
        lb.unit = .lb
        #expect(j.state.history(context: lb).workouts[0].volume == Mass(tenThousandths: 22_273_113, unit: .lb))
        #expect(summary.prs.map(\.set) == [eid(2), eid(3)])
        #expect(summary.prs[1].records.contains(.heaviest))
    }

    @Test func backDatedEditedAndDeletedSetsRewriteHistory() {
        var j = JournalBuilder()
        let a = j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 5, 10))
        let b = j.set("squat", .kg(110), 5, at: Clock.at(2026, 1, 6, 10))
        var state = j.state
        #expect(state.history(context: kg).workouts.map { $0.prs.map(\.set) } == [[b], [a]])
        // Back-dated heavier set: it becomes the only heaviest PR.
        let c = j.set("squat", .kg(120), 5, at: Clock.at(2026, 1, 4, 10))
        state = j.state
        let heaviest = state.history(context: kg).workouts.map { $0.prs.filter { $0.records.contains(.heaviest) }.map(\.set) }
        #expect(heaviest == [[], [], [c]])
        // Deleting b removes its day; editing a to 130 kg makes it a heaviest PR again.
        j.append(.setDeleted(SetDeleted(set: b)), at: Clock.monday)
        j.append(.setEdited(SetEdited(set: a, weight: .kg(130))), at: Clock.monday)
        state = j.state
        let page = state.history(context: kg)
        #expect(page.days.map(\.day) == [Clock.day(2026, 1, 5), Clock.day(2026, 1, 4)])
        #expect(page.workouts[0].prs.first?.records.contains(.heaviest) == true)
        #expect(page.workouts[0].volume == .kg(650))
    }

    @Test func discardedWorkoutLeavesHistoryVolumeAndConsistency() {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted(name: "oops")), at: Clock.at(2026, 1, 12, 9))
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 12, 9, 10), workout: w)
        j.set("bench-press", .kg(50), 10, at: Clock.at(2026, 1, 11, 9))
        #expect(j.state.history(context: kg).total == 2)
        j.append(.workoutDiscarded(WorkoutDiscarded(workout: w)), at: Clock.at(2026, 1, 12, 10))
        let state = j.state
        #expect(state.history(context: kg).workouts.map(\.key) == [.implicit(Clock.day(2026, 1, 11))])
        #expect(state.volume(VolumeOptions(by: .day), context: kg).map(\.volume) == [.kg(500)])
        let c = state.consistency(context: kg)
        #expect(c.weeks.map(\.workouts) == [1])
        #expect(c.workoutsThisWeek == 0)
    }

    @Test func filtersAndPagination() {
        var j = JournalBuilder()
        for day in 1...6 {
            let exercise = day % 2 == 0 ? "squat" : "bench-press"
            j.set(exercise, .kg(100), 5, at: Clock.at(2026, 1, day, 10), notes: day == 3 ? "Paused reps" : nil)
        }
        let state = j.state
        let all = state.history(HistoryFilter(limit: 2, offset: 1), context: kg)
        #expect(all.total == 6)
        #expect(all.days.map(\.day) == [Clock.day(2026, 1, 5), Clock.day(2026, 1, 4)])
        let squats = state.history(HistoryFilter(exercise: "squat"), context: kg)
        #expect(squats.days.map(\.day.components.day) == [6, 4, 2])
        let chest = state.history(HistoryFilter(since: Clock.day(2026, 1, 2), until: Clock.day(2026, 1, 5), group: .group(.chest)), context: kg)
        #expect(chest.days.map(\.day.components.day) == [5, 3])
        #expect(state.history(HistoryFilter(search: "PAUSED"), context: kg).days.map(\.day.components.day) == [3])
        #expect(state.history(HistoryFilter(search: "squa"), context: kg).total == 3)
    }

    @Test func asOfReplayShowsEarlierHistory() {
        var j = JournalBuilder()
        let a = j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 5, 10))
        j.append(.setDeleted(SetDeleted(set: a)), at: Clock.monday)
        let before = WlogState.replay(j.events, upTo: .sequence(1), from: FixtureLibrary.state)
        #expect(before.history(context: kg).total == 1)
        #expect(j.state.history(context: kg).total == 0)
    }
}
