import Testing
import WlogCore

@Suite("Body-weight stats")
struct BodyweightStatsTests {
    let now = QueryContext(now: Clock.at(2026, 1, 12, 12), unit: .kg)

    func journal(goal: Mass?) -> WlogState {
        var j = JournalBuilder()
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(90))), at: Clock.at(2026, 1, 1, 7))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(87.5))), at: Clock.at(2026, 1, 10, 7))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(89))), at: Clock.at(2026, 1, 3, 7))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(88))), at: Clock.at(2026, 1, 8, 7))
        let gone = j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(70))), at: Clock.at(2026, 1, 9, 7))
        j.append(.bodyweightDeleted(BodyweightDeleted(entry: gone)), at: Clock.at(2026, 1, 9, 8))
        if let goal { j.append(.goalSet(GoalSet(weight: goal)), at: Clock.monday) }
        return j.state
    }

    @Test func startCurrentChangeGoalAndAverages() {
        let stats = journal(goal: .kg(85)).bodyweightStats(context: now)
        #expect(stats.entries.map(\.entry.weight) == [.kg(90), .kg(89), .kg(88), .kg(87.5)])
        // 7-day windows: {90}, {90, 89}, {89, 88} (Jan 1 is 7 days before Jan 8), {88, 87.5}.
        #expect(stats.entries.map(\.average7) == [.kg(90), .kg(89.5), .kg(88.5), .kg(87.75)])
        #expect(stats.starting?.weight == .kg(90) && stats.current?.weight == .kg(87.5))
        #expect(stats.change == .kg(-2.5))
        #expect(stats.goal == .kg(85) && stats.toGoal == .kg(-2.5))
        // Average moved 90 → 87.75 within the last 28 days: down, and the goal is below.
        #expect(stats.trend == .towardGoal(change: .kg(-2.25)))
        #expect(stats.trend.isTowardGoal)
    }

    @Test func trendAwayNoGoalAndNotEnoughData() {
        #expect(journal(goal: .kg(95)).bodyweightStats(context: now).trend == .awayFromGoal(change: .kg(-2.25)))
        #expect(journal(goal: nil).bodyweightStats(context: now).trend == .noGoal(change: .kg(-2.25)))
        // Only the Jan 10 entry is within the 28 days ending Feb 5.
        let later = QueryContext(now: Clock.at(2026, 2, 5, 12), unit: .kg)
        #expect(journal(goal: .kg(85)).bodyweightStats(context: later).trend == .notEnoughData)
        #expect(FixtureLibrary.state.bodyweightStats(context: now).current == nil)
    }

    @Test func shownInPounds() {
        var lb = now
        lb.unit = .lb
        let stats = journal(goal: .kg(85)).bodyweightStats(context: lb)
        // 87.5 kg − 85 kg = −2.5 kg = −5.5116 lb (rounded to 1e-4 lb).
        #expect(stats.toGoal == Mass(tenThousandths: -55_116, unit: .lb))
        #expect(stats.goal?.unit == .lb)
    }
}
