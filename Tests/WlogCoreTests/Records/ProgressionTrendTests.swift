import Testing
@testable import WlogCore

/// Seed 001's progressive-overload tracking (docs/COACH.md): jumps of the heaviest working set,
/// the days between them, and four weeks of volume against the four before, split into factors.
struct ProgressionTrendTests {
    @Test func jumpsGapsAndTheVolumeSplit() throws {
        var j = PlanJournal()
        j.sets("bench-press", .kg(100), 5, count: 3, at: Clock.at(2026, 1, 1, 18))     // the first session: no jump
        j.sets("bench-press", .kg(102.5), 5, count: 3, at: Clock.at(2026, 1, 8, 18))   // jump 1
        j.sets("bench-press", .kg(100), 6, count: 3, at: Clock.at(2026, 1, 15, 18))    // lighter: none
        j.sets("bench-press", .kg(105), 5, count: 3, at: Clock.at(2026, 1, 29, 18))    // jump 2, 21 days after jump 1
        let bench = try #require(j.state.exercise("bench-press"))
        let trend = j.state.progressionTrend(bench, context: .at(Clock.at(2026, 2, 5, 12)))
        #expect(trend.jumps.map(\.day) == [Clock.day(2026, 1, 8), Clock.day(2026, 1, 29)])
        #expect(trend.jumps.map(\.previous) == [.kg(100), .kg(102.5)])
        #expect(trend.jumps.map(\.daysSincePrevious) == [nil, 21])
        #expect(trend.meanDaysBetweenJumps == 21)
        #expect(trend.daysSinceLastJump == 7)
        // 9 Jan – 5 Feb: 100 × 6 × 3 and 105 × 5 × 3; 12 Dec – 8 Jan: 100 × 5 × 3 and 102.5 × 5 × 3
        #expect(trend.recent == .init(sets: 6, meanKilograms: 102.5, meanReps: 5.5, volumeKilograms: 3_375))
        #expect(trend.before == .init(sets: 6, meanKilograms: 101.25, meanReps: 5, volumeKilograms: 3_037.5))
        let ratios = try #require(trend.ratios)
        #expect(ratios.sets == 1 && ratios.reps == 1.1)
        #expect(abs(ratios.weight - 102.5 / 101.25) < 1e-12 && abs(ratios.volume - 3_375 / 3_037.5) < 1e-12)
    }

    @Test func withoutAJumpTheDaysCountFromTheFirstSession() throws {
        var j = PlanJournal()
        j.sets("bench-press", .kg(100), 5, count: 2, at: Clock.at(2026, 1, 1, 18))
        j.sets("bench-press", .kg(100), 5, count: 2, at: Clock.at(2026, 1, 8, 18))
        let trend = j.state.progressionTrend(try #require(j.state.exercise("bench-press")), context: .at(Clock.at(2026, 1, 10, 12)))
        #expect(trend.jumps.isEmpty && trend.meanDaysBetweenJumps == nil && trend.daysSinceLastJump == 9)
        #expect(trend.ratios == nil)   // nothing in the four weeks before
    }
}
