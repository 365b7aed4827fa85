import Testing
@testable import WlogCore

@Suite("ExerciseCard, ChartSeries, E1RMTrend")
struct ExerciseCardTests {
    typealias F = RecordsFixtures
    let bench = F.exercise("bench-press")

    /// Bench, today = day 3 (now day 3 20:00 UTC, offset 0):
    ///
    /// | set | day | weight × reps | note    |
    /// |-----|-----|---------------|---------|
    /// | s1  | 0   | 100 × 5       |         |
    /// | s2  | 0   | 95 × 8        |         |
    /// | s3  | 2   | 60 × 10       | warm-up |
    /// | s4  | 2   | 102.5 × 5     |         |
    /// | s5  | 2   | 102.5 × 4     |         |
    /// | s6  | 2   | 102.5 × 5     | later   |  ← top set of day 2 (heaviest, more reps, later)
    /// | s7  | 2   | 95 × 8        |         |
    /// | s8  | 3   | 105 × 3       | today   |  ← last set; 1rm 105
    static func sets() -> [LoggedSet] {
        [
            F.lift(1, "bench-press", day: 0, 100, 5), F.lift(2, "bench-press", day: 0, 95, 8),
            F.lift(3, "bench-press", day: 2, 60, 10, type: .warmup), F.lift(4, "bench-press", day: 2, 102.5, 5),
            F.lift(5, "bench-press", day: 2, 102.5, 4), F.lift(6, "bench-press", day: 2, 102.5, 5),
            F.lift(7, "bench-press", day: 2, 95, 8), F.lift(8, "bench-press", day: 3, 105, 3),
        ]
    }

    @Test func cardFacts() {
        let card = ExerciseCard(exercise: bench, sets: Self.sets(), now: F.at(day: 3, hour: 20), offsetMinutes: 0)
        #expect(card.lastSet?.seq == 8)
        #expect(card.lastSessionTopSet?.seq == 6)
        #expect(card.pr?.kind == .repMax(1))
        #expect(card.pr?.set == F.id(8))
        #expect(card.previousPerformance.map(\.seq) == [4, 5, 6, 7])
        #expect(card.previousPerformanceText == "102.5 kg × 5, 4, 5, 95 kg × 8")
    }

    @Test func cardBeforeTodaysSets() {
        // at day 2 08:00 the day-2 sets are today's: the last session is day 0
        let early = Self.sets().filter { $0.seq <= 2 }
        let card = ExerciseCard(exercise: bench, sets: early, now: F.at(day: 2, hour: 8), offsetMinutes: 0)
        #expect(card.lastSessionTopSet?.seq == 1)
        #expect(card.previousPerformanceText == "100 kg × 5, 95 kg × 8")
        let empty = ExerciseCard(exercise: bench, sets: [], now: F.at(day: 2), offsetMinutes: 0)
        #expect(empty.lastSet == nil && empty.lastSessionTopSet == nil && empty.pr == nil)
        #expect(empty.previousPerformanceText == "")
    }

    @Test func todayFollowsTheLiftersOffset() {
        // a set at day 1 23:30 UTC is day 2 in UTC+1; now = day 2 12:00 UTC: in UTC+1 it is today
        let late = F.lift(1, "bench-press", day: 1, hour: 23, 80, 8, offsetMinutes: 60)
        let card = ExerciseCard(exercise: bench, sets: [late], now: F.at(day: 2, hour: 12), offsetMinutes: 60)
        #expect(card.lastSessionTopSet == nil)
        #expect(card.lastSet?.seq == 1)
    }

    @Test func previousPerformanceIsTheLastWorkout() {
        // two workouts on day 1: morning (w1) and evening (w2); the evening one is the previous one
        let sets = [
            F.lift(1, "bench-press", day: 1, hour: 8, 100, 3, workout: 1),
            F.lift(2, "bench-press", day: 1, hour: 19, 80, 8, workout: 2),
            F.lift(3, "bench-press", day: 1, hour: 19, 80, 8, workout: 2),
            F.lift(4, "bench-press", day: 1, hour: 19, 80, 7, workout: 2),
            F.lift(5, "bench-press", day: 1, hour: 19, 80, 6, done: false, workout: 2),
        ]
        let card = ExerciseCard(exercise: bench, sets: sets, now: F.at(day: 4), offsetMinutes: 0)
        #expect(card.previousPerformanceText == "80 kg × 8, 8, 7")
        #expect(card.lastSessionTopSet?.seq == 1)
    }

    @Test func aMissedAttemptIsNoTopSetButStaysInThePreviousPerformance() {
        let sets = [F.lift(1, "bench-press", day: 1, 100, 5), F.lift(2, "bench-press", day: 1, 140, 0)]
        let card = ExerciseCard(exercise: bench, sets: sets, now: F.at(day: 3), offsetMinutes: 0)
        #expect(card.lastSessionTopSet?.seq == 1)
        #expect(card.previousPerformanceText == "100 kg × 5, 140 kg × 0")
    }

    @Test func bodyweightAndCardioText() {
        let pullUps = [
            F.lift(1, "pull-up", day: 1, nil, 12), F.lift(2, "pull-up", day: 1, 0, 10),
            F.lift(3, "pull-up", day: 1, 10, 5),
        ]
        let card = ExerciseCard(exercise: F.exercise("pull-up"), sets: pullUps, now: F.at(day: 2), offsetMinutes: 0)
        #expect(card.previousPerformanceText == "BW × 12, 10, BW + 10 kg × 5")
        #expect(card.pr?.kind == .repMax(1))
        let runs = [F.cardio(1, "running", day: 1, 5, .km, seconds: 1500)]
        let run = ExerciseCard(exercise: F.exercise("running"), sets: runs, now: F.at(day: 2), offsetMinutes: 0)
        #expect(run.previousPerformanceText == "5 km in 25:00")
        #expect(run.pr?.kind == .longestDistance)
    }

    @Test func chartSeriesStrength() {
        // per day, heaviest among counted sets: day 0 100 (s1), day 2 102.5 (s4 first), day 3 105
        let series = ChartSeries(exercise: bench, sets: Self.sets())
        #expect(series.points.map(\.day) == [F.start, F.start.advanced(by: 2), F.start.advanced(by: 3)])
        #expect(series.points.map(\.value) == [.mass(F.kg(100)), .mass(F.kg(102.5)), .mass(F.kg(105))])
        #expect(series.points.map(\.set.low) == [1, 4, 8])
        // reps ≥ 8: day 0 95 (s2), day 2 95 (s7; the warm-up 60 × 10 does not count)
        let eights = ChartSeries(exercise: bench, sets: Self.sets(), minReps: 8)
        #expect(eights.points.map(\.set.low) == [2, 7])
    }

    @Test func chartSeriesBodyweightIsRepsAndUsesLocalDays() {
        // UTC+1: s1 day 0 23:30 UTC is local day 1, like s2
        let sets = [
            F.lift(1, "pull-up", day: 0, hour: 23, nil, 8, offsetMinutes: 60),
            F.lift(2, "pull-up", day: 1, hour: 9, 10, 6, offsetMinutes: 60),
            F.lift(3, "pull-up", day: 2, hour: 9, nil, 9, offsetMinutes: 60),
        ]
        let series = ChartSeries(exercise: F.exercise("pull-up"), sets: sets)
        #expect(series.points.map(\.day) == [F.start.advanced(by: 1), F.start.advanced(by: 2)])
        #expect(series.points.map(\.value) == [.reps(8), .reps(9)])
    }

    @Test func e1rmTrend() {
        // Epley per day: day 0 s1 116.6667, s2 95 × 8 = 120.3333 → s2; day 2 s4/s6 119.5833, s7 120.3333 → s7;
        // day 3 s8 105 × 3 = 115.5; best: s2 (earliest of the 120.3333 ties)
        let trend = E1RMTrend(exercise: bench, sets: Self.sets())
        #expect(trend.points.map(\.set.low) == [2, 7, 8])
        #expect(trend.points.map(\.e1rm) == [
            Mass(tenThousandths: 1_203_333, unit: .kg), Mass(tenThousandths: 1_203_333, unit: .kg), F.kg(115.5),
        ])
        #expect(trend.best?.set == F.id(2))
        // with a 5-rep limit the 8-rep sets drop out: day 0 s1, day 2 s4 (first of the ties)
        let capped = E1RMTrend(exercise: bench, sets: Self.sets(), maxReps: 5)
        #expect(capped.points.map(\.set.low) == [1, 4, 8])
        #expect(capped.best?.set == F.id(4))
        #expect(E1RMTrend(exercise: F.exercise("running"), sets: []).points.isEmpty)
    }
}
