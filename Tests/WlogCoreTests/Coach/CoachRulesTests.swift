import Testing
@testable import WlogCore

@Suite("Coach: plateau, deload, red flags, load, scores")
struct CoachRulesTests {
    /// Squat: a record 100 × 5 on 1 Dec 2025, then three sessions on `days` of December with
    /// e1RMs at 95, 100 (a tie) and 97.5 × 5.
    func squatJournal(days: [Int] = [8, 15, 29], third: Mass = .kg(97.5)) -> PlanJournal {
        var j = PlanJournal()
        j.sets("back-squat", .kg(100), 5, at: Clock.at(2025, 12, 1, 10))
        for (day, load) in zip(days, [Mass.kg(95), .kg(100), third]) { j.sets("back-squat", load, 5, at: Clock.at(2025, 12, day, 10)) }
        return j
    }

    let now = QueryContext.at(Clock.at(2026, 1, 5, 12))

    @Test func plateauFiresAtThreeWeeks() {
        let report = squatJournal().state.coachReport(context: now)
        #expect(report.plateaus.map(\.exercise.id) == ["back-squat"])
        let p = report.plateaus[0]
        #expect(p.spanDays == 21)
        // Epley: 100 × (1 + 5/30) = 116.6667; 95 → 110.8333; 97.5 → 113.75
        #expect(p.record == Mass(tenThousandths: 1_166_667, unit: .kg))
        #expect(p.message(unit: .kg) == "no e1RM PR in the last 3 sessions over 21 days (record 116.67 kg; since then 110.83, 116.67, 113.75 kg) → change the rep range or the variation, or deload")
    }

    @Test func plateauNeedsThreeWeeksAndNoPR() {
        #expect(squatJournal(days: [9, 15, 29]).state.coachReport(context: now).plateaus.isEmpty)  // 20 days
        #expect(squatJournal(third: .kg(100.5)).state.coachReport(context: now).plateaus.isEmpty)  // a PR
        // the first exposure ever is a PR, so three exposures alone are never a plateau
        var j = PlanJournal()
        for day in [1, 12, 29] { j.sets("back-squat", .kg(100), 5, at: Clock.at(2025, 12, day, 10)) }
        #expect(j.state.coachReport(context: now).plateaus.isEmpty)
        // a lift not trained in the last 28 days is not reported
        #expect(squatJournal().state.coachReport(context: .at(Clock.at(2026, 1, 27, 12))).plateaus.isEmpty)
    }

    @Test func deloadOnTwoPlateaus() {
        var j = squatJournal()
        j.sets("bench-press", .kg(80), 5, at: Clock.at(2025, 12, 1, 11))
        for day in [8, 15, 29] { j.sets("bench-press", .kg(80), 5, at: Clock.at(2025, 12, day, 11)) }
        let report = j.state.coachReport(context: now)
        #expect(report.plateaus.count == 2)
        #expect(report.deload?.reasons.first == .plateaus(["Back Squat", "Bench Press"]))
        #expect(report.deload?.message.hasPrefix("plateaus on Back Squat, Bench Press") == true)
        #expect(squatJournal().state.coachReport(context: now).deload?.reasons.contains(.plateaus(["Back Squat"])) != true)
    }

    @Test func weeksSinceALighterWeek() {
        func weeks(_ tonnage: [Int64]) -> (Int, LocalDay?) {
            DeloadAdvice.weeksSinceLighterWeek(tonnage.enumerated().map { (Clock.day(2026, 1, 5).advanced(by: 7 * $0.offset), $0.element) })
        }
        #expect(weeks([1000, 1000, 1000, 1000, 1000]) == (5, nil))
        #expect(weeks([1000, 1000, 1000, 1000]) == (4, nil))
        // 700 ≤ 0.7 × 1000: lighter (boundary); 701 is not
        #expect(weeks([1000, 700, 1000, 1000, 1000]) == (3, Clock.day(2026, 1, 12)))
        #expect(weeks([1000, 701, 1000, 1000, 1000]) == (5, nil))
        // mean of up to four weeks before: 1000, 1000, 1000, 2000 → 1250 × 0.7 = 875
        #expect(weeks([1000, 1000, 1000, 2000, 875, 1000]).0 == 1)
    }

    @Test func deloadAfterFiveHardWeeks() {
        var j = PlanJournal()
        for week in 0..<5 { j.sets("bench-press", .kg(80), 8, count: 3, at: Clock.at(2026, 1, 5, 10).adding(days: 7 * week)) }
        // now: Monday 9 Feb, five complete weeks (5 Jan – 8 Feb) without a lighter one
        let report = j.state.coachReport(context: .at(Clock.at(2026, 2, 9, 9)))
        #expect(report.deload?.reasons == [.weeksSinceLighterWeek(5, lighterWeek: nil)])
        #expect(report.deload?.message == "5 weeks of training since you started without a lighter one → take a deload week: halve the sets and take 10 % off the load")
        // a week earlier: four complete weeks → no deload
        #expect(j.state.coachReport(context: .at(Clock.at(2026, 2, 2, 9))).deload == nil)
        // one light week (one set instead of three) resets the count
        var light = PlanJournal()
        for week in 0..<5 { light.sets("bench-press", .kg(80), 8, count: week == 3 ? 1 : 3, at: Clock.at(2026, 1, 5, 10).adding(days: 7 * week)) }
        #expect(light.state.coachReport(context: .at(Clock.at(2026, 2, 9, 9))).deload == nil)
    }

    @Test func redFlagsWithinFourteenDays() {
        var j = PlanJournal()
        j.append(.readinessRecorded(ReadinessRecorded(pain: true, note: "left knee")), at: Clock.at(2026, 1, 1, 8))
        j.append(.readinessRecorded(ReadinessRecorded(pain: true, note: "left knee")), at: Clock.at(2026, 1, 10, 8))
        // now 15 Jan 8:00: both are within 14 days (1 Jan 8:00 is exactly 14 days back)
        let flags = j.state.redFlags(context: .at(Clock.at(2026, 1, 15, 8)))
        #expect(flags.painFlag)
        #expect(flags.messages == ["2 pain reports in 14 days: 2026-01-01 (left knee), 2026-01-10 (left knee) → ease off what hurts and consider seeing a professional"])
        #expect(!j.state.redFlags(context: .at(Clock.at(2026, 1, 15, 8, 1))).painFlag)

        var m = PlanJournal()
        m.append(.readinessRecorded(ReadinessRecorded(mobility: Rating(2))), at: Clock.at(2026, 1, 10, 8))
        m.append(.readinessRecorded(ReadinessRecorded(mobility: Rating(3))), at: Clock.at(2026, 1, 11, 8))
        m.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 12, 18), mobility: 1)
        m.append(.readinessRecorded(ReadinessRecorded(mobility: Rating(2))), at: Clock.at(2026, 1, 12, 8))  // same day: one session
        #expect(!m.state.redFlags(context: .at(Clock.at(2026, 1, 14, 8))).mobilityFlag)
        m.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 13, 18), mobility: 2)
        let mobility = m.state.redFlags(context: .at(Clock.at(2026, 1, 14, 8)))
        #expect(mobility.lowMobilityDays == [Clock.day(2026, 1, 10), Clock.day(2026, 1, 12), Clock.day(2026, 1, 13)])
        #expect(mobility.messages.count == 1)
        #expect(m.state.coachReport(context: .at(Clock.at(2026, 1, 14, 8))).suggestions.first?.kind == .redFlag)
    }

    /// Seed 001's "multiple low effort ratings": three local days in 14 with a done working set
    /// rated effort ≤ 2 (warm-ups and sets not done do not count).
    @Test func lowEffortRatingsOnThreeDaysAreARedFlag() {
        var j = PlanJournal()
        func set(effort: Int, day: Int, type: SetType = .working, done: Bool = true) {
            j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 5, weight: .kg(80), effort: Rating(effort), setType: type, done: done)),
                     at: Clock.at(2026, 1, day, 18))
        }
        set(effort: 1, day: 1)                   // 15 days before now: outside the window
        set(effort: 2, day: 3)
        set(effort: 3, day: 5)                   // not low
        set(effort: 1, day: 7, type: .warmup)    // a warm-up
        set(effort: 1, day: 8, done: false)      // not done
        set(effort: 2, day: 10)
        let now = Clock.at(2026, 1, 16, 8)
        #expect(!j.state.redFlags(context: .at(now)).effortFlag)
        set(effort: 2, day: 12)
        let flags = j.state.redFlags(context: .at(now))
        #expect(flags.lowEffortDays == [Clock.day(2026, 1, 3), Clock.day(2026, 1, 10), Clock.day(2026, 1, 12)])
        #expect(flags.messages == ["3 sessions with sets rated effort ≤ 2 of 5 in 14 days: 2026-01-03, 2026-01-10, 2026-01-12 "
            + "→ check sleep, soreness and pain before pushing on; a lighter week may be due"])
    }

    /// Seed 001's recovery indicator: the latest check-in of the last 24 h, sleep ≤ 2 and soreness ≥ 4.
    @Test func poorSleepAndHighSorenessSuggestARestDay() {
        var j = PlanJournal()
        j.append(.readinessRecorded(ReadinessRecorded(soreness: Rating(5), sleep: Rating(1))), at: Clock.at(2026, 1, 9, 7))
        j.append(.readinessRecorded(ReadinessRecorded(soreness: Rating(4), sleep: Rating(2))), at: Clock.at(2026, 1, 10, 7))
        let rest = j.state.recoveryAdvice(context: .at(Clock.at(2026, 1, 10, 9)))
        #expect(rest?.advice == .restDay)
        #expect(rest?.message == "sleep 2/5, soreness 4/5 at the check-in of 2026-01-10 → take a rest day (light walking or mobility only)")
        #expect(j.state.coachReport(context: .at(Clock.at(2026, 1, 10, 9))).suggestions.map(\.kind) == [.recovery])
        // 24 h and a minute later the check-in no longer counts.
        #expect(j.state.recoveryAdvice(context: .at(Clock.at(2026, 1, 11, 7, 1))) == nil)
        // A later check-in decides: one bad rating → a lighter session; none → nothing.
        j.append(.readinessRecorded(ReadinessRecorded(soreness: Rating(4), sleep: Rating(4))), at: Clock.at(2026, 1, 10, 12))
        let lighter = j.state.recoveryAdvice(context: .at(Clock.at(2026, 1, 10, 13)))
        #expect(lighter?.advice == .lighterSession)
        #expect(lighter?.message == "sleep 4/5, soreness 4/5 at the check-in of 2026-01-10 → train lighter today: fewer hard sets, stop 2–3 reps short of failure")
        j.append(.readinessRecorded(ReadinessRecorded(soreness: Rating(2), sleep: Rating(4))), at: Clock.at(2026, 1, 10, 14))
        #expect(j.state.recoveryAdvice(context: .at(Clock.at(2026, 1, 10, 15))) == nil)
    }

    @Test func sessionLoadAndAcuteChronic() {
        var j = PlanJournal()
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 19, 18), minutes: 60, sessionRPE: 7)   // 420
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 10, 18), minutes: 45, sessionRPE: 8)   // 360
        j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, 15, 18), minutes: 30)                   // no session RPE
        let load = j.state.trainingLoad(context: .at(Clock.at(2026, 1, 20, 12)))
        #expect(load.sessions.map(\.load) == [360, 420])
        let current = load.current!
        #expect(current.acute == 60)                       // 420 / 7
        // The first session was on 01-10: the 28-day mean covers the 11 days since (780 / 11),
        // not 28 days of which 17 were before the lifter started (780 / 28 gave a ratio of 2.15).
        #expect(abs(current.chronic - 780.0 / 11) < 1e-9)
        #expect(abs(current.ratio! - 60 / (780.0 / 11)) < 1e-9)  // 0.8462
        // EWMA from 360 on 01-10: acute λ 0.25, chronic λ 2/29, ten days → 99.0229 / 203.1493
        #expect(abs(current.ewmaAcute - 99.02287) < 1e-4 && abs(current.ewmaChronic - 203.14934) < 1e-4)
        #expect(abs(current.ewmaRatio! - 0.487439) < 1e-6)
        // Foster: the week 01-14…20 holds one 420 session: mean 60, SD 146.97 → monotony 0.4082, strain 171.46
        #expect(current.weekLoad == 420)
        #expect(abs(current.monotony! - 0.408248) < 1e-6 && abs(current.strain! - 171.4643) < 1e-4)
        // Only days since the first session: 01-13 and 01-20 (01-06 … was before it).
        #expect(load.trend.map(\.day) == [Clock.day(2026, 1, 13), Clock.day(2026, 1, 20)])
        #expect(load.trend[0].acute == 90)  // 360 over the 4 days 01-10…13
    }

    /// A new lifter reads about 1.0 after one week of steady training, not 4.0 (issue 18).
    @Test func aNewLifterIsNotReadAsASpike() {
        var j = PlanJournal()
        for day in [1, 3, 5, 7] {
            j.workout(routine: nil, day: nil, at: Clock.at(2026, 1, day, 18), minutes: 50, sessionRPE: 8)  // 400 each
        }
        let current = j.state.trainingLoad(context: .at(Clock.at(2026, 1, 7, 22))).current!
        #expect(abs(current.acute - 1600.0 / 7) < 1e-9 && abs(current.chronic - 1600.0 / 7) < 1e-9)
        #expect(current.ratio == 1)
        #expect(current.ewmaRatio! < 1.3)
        let none = PlanJournal().state.trainingLoad(context: .at(Clock.at(2026, 1, 7, 22)))
        #expect(none.trend.isEmpty && none.current == nil)
    }

    /// A total is made of singles (issue 18): a 200 × 10 squat is no 200 kg lift.
    @Test func aTotalIsMadeOfSinglesNotOfHeavyRepSets() {
        var j = PlanJournal()
        j.append(.profileUpdated(ProfileUpdated(sex: .male)), at: Clock.at(2026, 1, 1, 8))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(90))), at: Clock.at(2026, 1, 1, 8))
        j.sets("back-squat", .kg(200), 10, at: Clock.at(2026, 1, 2, 10))
        j.sets("back-squat", .kg(180), 1, at: Clock.at(2026, 1, 2, 11))
        j.sets("bench-press", .kg(140), 1, at: Clock.at(2026, 1, 2, 11))
        j.sets("deadlift", .kg(280), 1, at: Clock.at(2026, 1, 2, 12))
        let s = j.state.lifterScores(context: QueryContext.at(Clock.at(2026, 1, 4, 12)))
        #expect(s.squat?.weight == .kg(180) && s.total == .kg(600))
        // 200 × (1 + 10/30) = 266.6667 for the squat: the estimate, labelled, never scored
        #expect(s.estimatedTotal == Mass(tenThousandths: 6_866_667, unit: .kg))
        #expect(abs(s.ipfGL! - 79.7653) <= 1e-3)
    }

    @Test func liftersScoresAtLatestBodyWeight() {
        var j = PlanJournal()
        j.append(.profileUpdated(ProfileUpdated(sex: .male)), at: Clock.at(2026, 1, 1, 8))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(82))), at: Clock.at(2026, 1, 1, 8))
        let latest = j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(80.5))), at: Clock.at(2026, 1, 3, 8))
        j.sets("back-squat", .kg(250), 1, at: Clock.at(2026, 1, 2, 10))
        j.sets("back-squat", .kg(240), 3, at: Clock.at(2026, 1, 3, 10))
        j.sets("bench-press", .kg(150), 1, at: Clock.at(2026, 1, 2, 11))
        let dead = j.sets("deadlift", .kg(300), 1, at: Clock.at(2026, 1, 2, 12))[0]
        let now = QueryContext.at(Clock.at(2026, 1, 4, 12))
        let s = j.state.lifterScores(context: now)
        #expect(s.total == .kg(700))
        // the 240 × 3 squat is no single, but its Epley e1RM (264) is the squat's best estimate
        #expect(s.estimatedTotal == .kg(714))
        #expect(abs(s.dots! - 480.92) <= 0.01)
        #expect(abs(s.wilks! - 476.0249) <= 1e-3 && s.wilks2020 != nil && s.ipfPoints != nil)  // 700 · 500 / poly5(80.5)
        #expect(abs(s.ipfGL! - 98.4132) <= 1e-3)
        #expect(abs(s.benchIPFGL! - 76.5399) <= 1e-3)
        // an edit lowers the deadlift: 690 kg → 480.9201 × 690 / 700 = 474.0498
        j.append(.setEdited(SetEdited(set: dead, weight: .kg(290))), at: Clock.at(2026, 1, 4, 9))
        #expect(abs(j.state.lifterScores(context: now).dots! - 474.0498) <= 1e-3)
        // deleting the latest body weight falls back to 82 kg; deleting the deadlift leaves no total
        j.append(.bodyweightDeleted(BodyweightDeleted(entry: latest)), at: Clock.at(2026, 1, 4, 9))
        #expect(j.state.lifterScores(context: now).bodyweight?.weight == .kg(82))
        j.append(.setDeleted(SetDeleted(set: dead)), at: Clock.at(2026, 1, 4, 9))
        #expect(j.state.lifterScores(context: now).total == nil)
        #expect(j.state.lifterScores(context: now).dots == nil)
        // without a sex: no scores
        var anonymous = PlanJournal()
        anonymous.sets("bench-press", .kg(150), 1, at: Clock.at(2026, 1, 2, 11))
        anonymous.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(80.5))), at: Clock.at(2026, 1, 3, 8))
        #expect(anonymous.state.lifterScores(context: now).benchIPFGL == nil)
    }
}
