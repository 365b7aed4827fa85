import Testing
@testable import WlogCore

/// The uncoupled acute : chronic ratio (the chronic window without the acute week) beside the
/// coupled one, and each workout's Foster session load.
@Suite("Uncoupled acute:chronic and session load")
struct UncoupledLoadTests {
    /// 21 days at 100 then 7 days at 200 a day: coupled 200 ÷ ((21·100 + 7·200) / 28 = 125) = 1.6;
    /// uncoupled 200 ÷ 100 = 2.0 — the worked example of Windt & Gabbett 2019 (coupling shares
    /// the acute week with the chronic mean and damps a spike).
    @Test func aSpikeReadsHigherUncoupled() {
        var j = PlanJournal()
        for day in 1...28 {
            // 50 min at RPE 2 = 100, or at RPE 4 = 200 in the last week (days 22–28).
            j.workout(routine: nil, day: nil, at: Clock.at(2026, 2, day, 7), minutes: 50, sessionRPE: day > 21 ? 4 : 2)
        }
        let current = j.state.trainingLoad(context: .at(Clock.at(2026, 2, 28, 20))).current!
        #expect(current.acute == 200 && current.chronic == 125)
        #expect(current.ratio == 1.6)
        #expect(current.uncoupledChronic == 100)
        #expect(current.uncoupledRatio == 2)
    }

    /// 360 on 01-10, 420 on 01-19, read on 01-20: acute 420 / 7 = 60; the uncoupled window
    /// 12-24…01-13 holds the days since 01-10 (4 days, 360) → 90; ratio 0.6667.
    @Test func theUncoupledWindowStartsAtTheFirstSession() {
        var j = PlanJournal()
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 19, 18), minutes: 60, sessionRPE: 7)
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 10, 18), minutes: 45, sessionRPE: 8)
        let current = j.state.trainingLoad(context: .at(Clock.at(2026, 1, 20, 12))).current!
        #expect(current.uncoupledChronic == 90)
        #expect(abs(current.uncoupledRatio! - 60.0 / 90) < 1e-12)
        // A first session inside the acute week: no chronic load before it, no uncoupled ratio.
        let early = j.state.trainingLoad(context: .at(Clock.at(2026, 1, 12, 12))).current!
        #expect(early.uncoupledChronic == 0 && early.uncoupledRatio == nil && early.ratio != nil)
    }

    /// Foster et al. 2001: session RPE × minutes — 45 min at RPE 8 = 360; none until rated.
    @Test func eachWorkoutHasItsSessionLoad() {
        var j = PlanJournal()
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 10, 18), minutes: 45, sessionRPE: 8)
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 11, 18), minutes: 30)
        let loads = j.state.workouts.values.sorted { $0.started.instant < $1.started.instant }.map(\.sessionLoad)
        #expect(loads[0] == SessionLoad(rpe: RPE(8)!, minutes: 45, load: 360))
        #expect(loads[1] == nil)
    }
}

/// Issue 36: the profile's equipment picks the IPF GL and IPF points coefficients.
@Suite("Scores: the profile's equipment")
struct EquippedScoresTests {
    /// 700 kg (250/150/300) at 82.5 kg, men: classic GL 97.1950; single-ply 81.1204, bench 53.6214,
    /// IPF points (2019, single-ply) 584.2736; DOTS does not change.
    @Test func singlePlyProfileScoresWithTheEquippedCoefficients() {
        var j = PlanJournal()
        for payload: EventPayload in [.profileUpdated(ProfileUpdated(sex: .male)), .bodyweightRecorded(BodyweightRecorded(weight: .kg(82.5)))] {
            j.append(payload, at: Clock.at(2026, 1, 1, 8))
        }
        for (hour, lift) in [(10, ("back-squat", 250.0)), (11, ("bench-press", 150)), (12, ("deadlift", 300))] {
            j.sets(lift.0, .kg(lift.1), 1, at: Clock.at(2026, 1, 2, hour))
        }
        let now = QueryContext.at(Clock.at(2026, 1, 4, 12))
        let raw = j.state.lifterScores(context: now)
        #expect(raw.equipment == .raw && abs(raw.ipfGL! - 97.1950) < 1e-4)
        j.append(.profileUpdated(ProfileUpdated(equipment: .singlePly)), at: Clock.at(2026, 1, 3, 8))
        let equipped = j.state.lifterScores(context: now)
        #expect(equipped.equipment == .singlePly)
        #expect(abs(equipped.ipfGL! - 81.1204) < 1e-4 && abs(equipped.benchIPFGL! - 53.6214) < 1e-4)
        #expect(abs(equipped.ipfPoints! - 584.2736) < 1e-4)
        #expect(equipped.dots == raw.dots)
    }
}
