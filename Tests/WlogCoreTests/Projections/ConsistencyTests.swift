import Testing
import WlogCore

@Suite("Consistency")
struct ConsistencyTests {
    func state() -> WlogState {
        var j = JournalBuilder()
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 12, 2, 10))   // 2026-W49, then a gap
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 12, 16, 10))  // W51
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 12, 23, 10))  // W52
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 12, 30, 10))  // W53
        j.set("bench-press", .kg(60), 5, at: Clock.at(2026, 12, 31, 10))  // W53, second workout
        j.set("squat", .kg(100), 5, at: Clock.at(2027, 1, 6, 10))    // 2027-W01
        return j.state
    }

    @Test func streakAcrossISOWeek53() {
        let c = state().consistency(context: QueryContext(now: Clock.at(2027, 1, 8, 12)))
        #expect(c.weeks.map(\.week) == ["2026-W49", "2026-W51", "2026-W52", "2026-W53", "2027-W01"])
        #expect(c.weeks.map(\.workouts) == [1, 1, 1, 2, 1])
        #expect(c.currentStreak == 4)
        #expect(c.workoutsThisWeek == 1)
        #expect(c.volumeThisWeek == .kg(500))
        #expect(c.lastWorkout?.key == .implicit(Clock.day(2027, 1, 6)))
        #expect(c.lastWorkout?.label == "Legs")
    }

    @Test func streakEndsLastWeekOrBreaks() {
        let nextWeek = state().consistency(context: QueryContext(now: Clock.at(2027, 1, 12, 12)))
        #expect(nextWeek.currentStreak == 4)
        #expect(nextWeek.workoutsThisWeek == 0 && nextWeek.volumeThisWeek == .kg(0))
        let twoWeeksLater = state().consistency(context: QueryContext(now: Clock.at(2027, 1, 19, 12)))
        #expect(twoWeeksLater.currentStreak == 0)
        let empty = FixtureLibrary.state.consistency(context: QueryContext(now: Clock.monday))
        #expect(empty.currentStreak == 0 && empty.weeks.isEmpty && empty.lastWorkout == nil)
    }

    @Test func anEmptySessionMakesNoStreak() {
        var j = JournalBuilder()
        j.set("squat", .kg(100), 5, at: Clock.at(2027, 1, 6, 10))  // 2027-W01
        let empty = j.append(.workoutStarted(WorkoutStarted(name: "Push")), at: Clock.at(2026, 12, 30, 10))  // W53
        j.append(.workoutFinished(WorkoutFinished(workout: empty)), at: Clock.at(2026, 12, 30, 11))
        j.append(.workoutStarted(WorkoutStarted()), at: Clock.at(2027, 1, 13, 10))  // W02, nothing logged yet
        let c = j.state.consistency(context: QueryContext(now: Clock.at(2027, 1, 13, 12)))
        #expect(c.weeks.map(\.week) == ["2027-W01"])
        #expect(c.currentStreak == 1 && c.workoutsThisWeek == 0)
    }

    @Test func thisWeekFollowsTheLocalDayOfNow() {
        // 2027-01-10 23:30Z is Monday 2027-01-11 00:30 at +60: a new week with no workout yet.
        let c = state().consistency(context: QueryContext(now: Clock.at(2027, 1, 10, 23, 30), offsetMinutes: 60))
        #expect(c.workoutsThisWeek == 0 && c.currentStreak == 4)
    }
}
