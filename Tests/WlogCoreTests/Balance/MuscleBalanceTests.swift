import Testing
@testable import WlogCore

@Suite("Muscle balance")
struct MuscleBalanceTests {
    /// One week, Mon 5 – Sun 11 January 2026: bench 10 sets (chest 10, triceps 5, shoulders 5),
    /// squat 21 sets (legs 21), row 9 sets (back 9, biceps 4.5).
    func week() -> PlanJournal {
        var j = PlanJournal()
        j.sets("bench-press", .kg(80), 8, count: 10, at: Clock.at(2026, 1, 5, 10))
        j.sets("barbell-row", .kg(70), 8, count: 9, at: Clock.at(2026, 1, 6, 10))
        j.sets("back-squat", .kg(100), 5, count: 21, at: Clock.at(2026, 1, 8, 10))
        return j
    }

    let sunday = QueryContext.at(Clock.at(2026, 1, 11, 20))

    func group(_ b: MuscleBalance, _ g: MuscleGroup) -> MuscleBalance.Group { b.groups.first { $0.group == g }! }

    @Test func zonesBelowWithinAbove() {
        let b = week().state.muscleBalance(context: sunday)
        #expect(b.weeksCounted == 1)
        #expect(group(b, .chest).weeklyAverage == 10)
        #expect(group(b, .chest).zone == .within)       // 10: the bottom of the zone
        #expect(group(b, .legs).weeklyAverage == 21)
        #expect(group(b, .legs).zone == .above)
        #expect(group(b, .back).zone == .below)        // 9
        #expect(group(b, .biceps).windowHalfSets == 9) // 4.5 sets
        #expect(group(b, .triceps).weeklyAverage == 5)
        #expect(group(b, .core).zone == .below)
        #expect(b.groups.map(\.group) == MuscleBalance.reportedGroups)
        // 21 is within a 10–21 zone
        #expect(group(week().state.muscleBalance(.init(high: 21), context: sunday), .legs).zone == .within)
    }

    /// Fine muscles (seed 001): a hard set counts 1 for every muscle its exercise lists; a muscle
    /// trained before but not for more than 5 days gets "… not trained in N days"; a plank (timed)
    /// is a hard set for the core.
    @Test func fineMusclesAndTheirAlerts() {
        var j = PlanJournal()
        j.sets("leg-curl", .kg(40), 10, count: 3, at: Clock.at(2026, 1, 5, 10))         // hamstrings 3 on Monday
        j.sets("romanian-deadlift", .kg(90), 8, count: 2, at: Clock.at(2026, 1, 9, 10))  // hamstrings, glutes, lower back 2
        j.append(.setLogged(SetLogged(exercise: "plank", durationMilliseconds: 60_000)), at: Clock.at(2026, 1, 10, 9))
        j.append(.setLogged(SetLogged(exercise: "plank", durationMilliseconds: 60_000, setType: .warmup)), at: Clock.at(2026, 1, 10, 9, 5))
        func line(_ b: MuscleBalance, _ m: Muscle) -> MuscleBalance.MuscleLine { b.muscles.first { $0.muscle == m }! }
        let sunday = j.state.muscleBalance(context: sunday)
        #expect(sunday.muscles.map(\.muscle) == Muscle.allCases)
        #expect(line(sunday, .hamstrings).weeklyAverage == 5)
        #expect(line(sunday, .hamstrings).lastTrained == Clock.day(2026, 1, 9))
        #expect(line(sunday, .glutes).lastSevenDaysSets == 2)
        #expect(line(sunday, .abs).lastSevenDaysSets == 1)            // the warm-up plank does not count
        #expect(line(sunday, .obliques).lastTrained == Clock.day(2026, 1, 10))
        #expect(group(sunday, .core).windowHalfSets == 2)               // one hard set: planks train the core
        #expect(line(sunday, .quads).lastTrained == nil && !line(sunday, .quads).isStale)
        #expect(sunday.muscles.compactMap(\.alert).isEmpty)
        // Friday the 16th: the hamstrings were last trained 7 days before, the abs 6.
        let friday = j.state.muscleBalance(context: .at(Clock.at(2026, 1, 16, 20)))
        #expect(friday.muscles.compactMap(\.alert) == ["Hamstrings not trained in 7 days", "Glutes not trained in 7 days",
                                                       "Lower back not trained in 7 days", "Abs not trained in 6 days",
                                                       "Obliques not trained in 6 days"])
    }

    @Test func daysSinceAndStaleGroups() {
        let b = week().state.muscleBalance(context: sunday)
        #expect(group(b, .chest).daysSince == 6)
        #expect(group(b, .chest).isStale)              // more than 5 days
        #expect(group(b, .back).daysSince == 5)
        #expect(!group(b, .back).isStale)              // exactly 5 days
        #expect(group(b, .shoulders).lastTrained == Clock.day(2026, 1, 5))  // as a secondary
        #expect(group(b, .core).daysSince == nil)
        #expect(!group(b, .core).isStale)              // never trained: no alert
    }

    @Test func pushPullRatio() {
        let b = week().state.muscleBalance(context: sunday)
        #expect(b.pushSets == 10 && b.pullSets == 9)
        #expect(!b.ratioAlert)
        func ratio(push: Int, pull: Int) -> MuscleBalance {
            var j = PlanJournal()
            if push > 0 { j.sets("overhead-press", .kg(50), 8, count: push, at: Clock.at(2026, 1, 5, 10)) }
            if pull > 0 { j.sets("lat-pulldown", .kg(60), 10, count: pull, at: Clock.at(2026, 1, 6, 10)) }
            return j.state.muscleBalance(context: sunday)
        }
        #expect(ratio(push: 15, pull: 10).pushPullRatio == 1.5)
        #expect(!ratio(push: 15, pull: 10).ratioAlert)   // 1.5: the upper bound
        #expect(ratio(push: 16, pull: 10).ratioAlert)    // 1.6
        #expect(!ratio(push: 67, pull: 100).ratioAlert)  // 0.67: the lower bound
        #expect(ratio(push: 6, pull: 9).ratioAlert)      // 0.667
        #expect(ratio(push: 5, pull: 0).ratioAlert)      // push without pull
        #expect(ratio(push: 5, pull: 0).pushPullRatio == nil)
        #expect(!ratio(push: 0, pull: 0).ratioAlert)
    }

    @Test func fourWeekWindowAndAverage() {
        var j = week()
        // five weeks earlier: outside the 28-day window, but it makes the lifter's history 4+ weeks long
        j.sets("bench-press", .kg(80), 8, count: 30, at: Clock.at(2025, 12, 1, 10))
        let b = j.state.muscleBalance(context: sunday)
        #expect(b.weeksCounted == 4)
        #expect(group(b, .chest).windowHalfSets == 20)
        #expect(group(b, .chest).weeklyAverage == 2.5)
        #expect(group(b, .chest).lastSevenDaysHalfSets == 20)
        // a lifter who began 8 days ago averages over 2 weeks
        var short = week()
        short.sets("bench-press", .kg(80), 8, count: 2, at: Clock.at(2026, 1, 4, 10))
        #expect(short.state.muscleBalance(context: sunday).weeksCounted == 2)
        #expect(group(short.state.muscleBalance(context: sunday), .chest).weeklyAverage == 6)
    }

    @Test func asOfEditsAndDeletes() {
        var j = week()
        let bench = j.state.liveSets.filter { $0.exercise == "bench-press" }.map(\.id)
        j.append(.setDeleted(SetDeleted(set: bench[0])), at: Clock.at(2026, 1, 11, 9))
        #expect(group(j.state.muscleBalance(context: sunday), .chest).zone == .below)   // 9 sets
        j.append(.setEdited(SetEdited(set: bench[1], setType: .warmup)), at: Clock.at(2026, 1, 11, 9))
        #expect(group(j.state.muscleBalance(context: sunday), .chest).weeklyAverage == 8)
        // as of the bench sets alone: no pulling yet
        let early = j.state(asOf: 10).muscleBalance(context: sunday)
        #expect(early.pushSets == 10 && early.pullSets == 0 && early.ratioAlert)
        // an earlier now ignores later sets
        #expect(group(j.state.muscleBalance(context: .at(Clock.at(2026, 1, 6, 8))), .legs).daysSince == nil)
    }
}
