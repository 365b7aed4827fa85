import Testing
@testable import WlogCore

/// Seed 001's effort-rating pattern and effort-vs-performance correlation (docs/COACH.md).
struct EffortPatternTests {
    /// Six weekly bench sessions, one set of 5 each, rated 3, 4, 2, 5, 3, 5 at 100, 102.5, 100,
    /// 105, 102.5, 107.5 kg: the e1RM changes against the best before are +2.5 %, −2.44 %, +2.44 %,
    /// −2.38 %, +2.38 % (the first session is the baseline), Pearson's r = 0.9078 (computed apart).
    @Test func weeklyMeansTrendAndCorrelation() throws {
        var j = PlanJournal()
        for (i, (effort, kg)) in [(3, 100.0), (4, 102.5), (2, 100), (5, 105), (3, 102.5), (5, 107.5)].enumerated() {
            j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 5, weight: .kg(kg), effort: Rating(effort))),
                     at: Clock.at(2026, 1, 1, 18).adding(days: 7 * i))
        }
        j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 8, weight: .kg(60), effort: Rating(1), setType: .warmup)),
                 at: Clock.at(2026, 2, 5, 17))   // a warm-up: not read
        let pattern = j.state.effortPattern(context: .at(Clock.at(2026, 2, 6, 12)))
        #expect(pattern.weeks.map(\.end) == (0..<8).reversed().map { Clock.day(2026, 2, 6).advanced(by: -7 * $0) })
        #expect(pattern.weeks.map(\.meanEffort) == [nil, nil, 3, 4, 2, 5, 3, 5])
        #expect(pattern.trend == 0.25)   // 15 Jan – 5 Feb: 3.75; 1 and 8 Jan: 3.5
        #expect(pattern.sessions.map(\.meanEffort) == [4, 2, 5, 3, 5])
        let r = try #require(pattern.correlation)
        #expect(abs(r - 0.9078054486465074) < 1e-5)   // e1RMs are kept to 0.0001 kg
        #expect(pattern.reading == "harder-rated sessions went with better e1RMs (r = 0.91, 5 sessions)")
    }

    @Test func fewerThanFiveSessionsHaveNoCorrelation() {
        var j = PlanJournal()
        for i in 0..<5 {
            j.append(.setLogged(SetLogged(exercise: "bench-press", reps: 5, weight: .kg(100 + 2.5 * Double(i)), effort: Rating(3 + i % 2))),
                     at: Clock.at(2026, 1, 1, 18).adding(days: 7 * i))
        }
        let pattern = j.state.effortPattern(context: .at(Clock.at(2026, 2, 1, 12)))
        #expect(pattern.sessions.count == 4 && pattern.correlation == nil && pattern.reading == nil)
        #expect(EffortPattern.pearson([(1, 2), (2, 4), (3, 6)]) == 1)
        #expect(EffortPattern.pearson([(1, 2), (1, 3)]) == nil)   // no variation in effort
    }
}
