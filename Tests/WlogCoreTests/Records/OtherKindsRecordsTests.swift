import Testing
@testable import WlogCore

@Suite("PersonalRecords by kind")
struct OtherKindsRecordsTests {
    typealias F = RecordsFixtures

    /// Pull-ups (body-weight: weight = added load):
    ///
    /// | set | day | load × reps | note    | PRs                                              |
    /// |-----|-----|-------------|---------|--------------------------------------------------|
    /// | s1  | 0   | BW × 8      |         | max_reps                                         |
    /// | s2  | 1   | +0 × 10     |         | max_reps                                         |
    /// | s3  | 2   | +10 × 5     |         | heaviest, e1rm 11.6667, 1rm, 3rm, 5rm, set_volume 50 |
    /// | s4  | 3   | +10 × 6     |         | e1rm 12, set_volume 60                           |
    /// | s5  | 4   | +20 × 3     |         | heaviest, e1rm 22, 1rm, 3rm (volume 60 ties)     |
    /// | s6  | 5   | BW × 12     | warm-up | —                                                |
    /// | s7  | 6   | BW × 11     |         | max_reps                                         |
    @Test func bodyweightByAddedLoadAndByReps() {
        let sets = [
            F.lift(1, "pull-up", day: 0, nil, 8),
            F.lift(2, "pull-up", day: 1, 0, 10),
            F.lift(3, "pull-up", day: 2, 10, 5),
            F.lift(4, "pull-up", day: 3, 10, 6),
            F.lift(5, "pull-up", day: 4, 20, 3),
            F.lift(6, "pull-up", day: 5, nil, 12, type: .warmup),
            F.lift(7, "pull-up", day: 6, nil, 11),
        ]
        let records = PersonalRecords(exercise: F.exercise("pull-up"), sets: sets)
        #expect(records.records.map { "\($0.kind.name)@s\($0.set.low)" } == [
            "heaviest@s5", "e1rm@s5", "1rm@s5", "3rm@s5", "5rm@s3", "set_volume@s4", "max_reps@s7",
        ])
        #expect(records.record(.maxReps)?.value == .reps(11))
        #expect(records.record(.e1rm)?.value == .mass(F.kg(22)))
        #expect(records.record(.setVolume)?.value == .mass(F.kg(60)))
        #expect((1...7).map { records.prs(of: F.id(UInt64($0))).map(\.name) } == [
            ["max_reps"], ["max_reps"], ["heaviest", "e1rm", "1rm", "3rm", "5rm", "set_volume"],
            ["e1rm", "set_volume"], ["heaviest", "e1rm", "1rm", "3rm"], [], ["max_reps"],
        ])
        // ≥ 0 kg added: the most reps is 11 (s7); ≥ 10 kg: 6 (s4)
        #expect(records.bestReps(atOrAbove: .zero(.kg))?.set.seq == 7)
        #expect(records.bestReps(atOrAbove: F.kg(10))?.reps == 6)
    }

    @Test func assistedSetsNeverMakeRecords() {
        let sets = [F.lift(1, "assisted-pull-up", day: 0, 30, 8), F.lift(2, "assisted-pull-up", day: 1, 20, 8)]
        let records = PersonalRecords(exercise: F.exercise("assisted-pull-up"), sets: sets)
        #expect(records.records.isEmpty)
        #expect(records.prs(of: F.id(1)).isEmpty)
        #expect(records.kinds.isEmpty)
    }

    /// Running:
    ///
    /// | set | day | distance | time  | pace ms/km | note    | PRs                                  |
    /// |-----|-----|----------|-------|-----------|---------|--------------------------------------|
    /// | s1  | 0   | 5 km     | 30:00 | 360 000   |         | longest_distance, longest_duration, best_pace |
    /// | s2  | 1   | 3 mi     | 27:00 | 335 540   |         | best_pace (4828.032 m)               |
    /// | s3  | 2   | 10 km    | 60:00 | 360 000   |         | longest_distance, longest_duration   |
    /// | s4  | 3   | 5000 m   | 25:00 | 300 000   |         | best_pace                            |
    /// | s5  | 4   | 1 km     | 4:00  | 240 000   | warm-up | —                                    |
    /// | s6  | 5   | 5 km     | 25:00 | 300 000   |         | — (pace tie)                         |
    @Test func cardioDistanceDurationPace() {
        let sets = [
            F.cardio(1, "running", day: 0, 5, .km, seconds: 1800),
            F.cardio(2, "running", day: 1, 3, .mi, seconds: 1620),
            F.cardio(3, "running", day: 2, 10, .km, seconds: 3600),
            F.cardio(4, "running", day: 3, 5000, .m, seconds: 1500),
            F.cardio(5, "running", day: 4, 1, .km, seconds: 240, type: .warmup),
            F.cardio(6, "running", day: 5, 5, .km, seconds: 1500),
        ]
        let records = PersonalRecords(exercise: F.exercise("running"), sets: sets)
        #expect(records.records.map { "\($0.kind.name)@s\($0.set.low)" } == [
            "longest_distance@s3", "longest_duration@s3", "best_pace@s4",
        ])
        #expect(records.record(.longestDistance)?.value == .distance(Distance(tenThousandths: 100_000, unit: .km)))
        #expect(records.record(.longestDuration)?.value == .duration(milliseconds: 3_600_000))
        #expect(records.record(.bestPace)?.value == .pace(millisecondsPerKilometre: 300_000))
        #expect(records.prs(of: F.id(2)) == [.bestPace])
        #expect(records.prs(of: F.id(6)).isEmpty)
        #expect(records.prs(of: F.id(5)).isEmpty)
        // deleting s4 hands the best pace to s6 (first at 5:00/km), and s2's pace stays a PR
        var edited = sets
        edited[3].isDeleted = true
        let recomputed = PersonalRecords(exercise: F.exercise("running"), sets: edited)
        #expect(recomputed.record(.bestPace)?.set == F.id(6))
        #expect(recomputed.prs(of: F.id(6)) == [.bestPace])
    }

    @Test func threeMilePaceIsExact() {
        let records = PersonalRecords(exercise: F.exercise("running"), sets: [F.cardio(2, "running", day: 1, 3, .mi, seconds: 1620)])
        // 1 620 000 ms / 4 828.032 m × 1000 = 335 540.44 → 335 540
        #expect(records.record(.bestPace)?.value == .pace(millisecondsPerKilometre: 335_540))
    }

    @Test func timedLongestDuration() {
        let sets = [
            F.hold(1, "plank", day: 0, seconds: 60), F.hold(2, "plank", day: 1, seconds: 45),
            F.hold(3, "plank", day: 2, seconds: 90), F.hold(4, "plank", day: 3, seconds: 90),
        ]
        let records = PersonalRecords(exercise: F.exercise("plank"), sets: sets)
        #expect(records.records.map(\.kind) == [.longestDuration])
        #expect(records.record(.longestDuration)?.set == F.id(3))
        #expect((1...4).map { records.prs(of: F.id(UInt64($0))) } == [[.longestDuration], [], [.longestDuration], []])
    }

    @Test func recordKindNames() {
        #expect(RecordKind.repMax(5).name == "5rm")
        #expect(RecordKind(name: "10rm") == .repMax(10))
        #expect(RecordKind(name: "set_volume") == .setVolume)
        #expect(RecordKind(name: "0rm") == nil)
        #expect(RecordKind(name: "rm") == nil)
        let all: [RecordKind] = [.bestPace, .repMax(3), .heaviest, .setVolume, .repMax(1), .e1rm, .maxReps,
                                 .longestDuration, .longestDistance]
        #expect(all.sorted().map(\.name) == [
            "heaviest", "e1rm", "1rm", "3rm", "set_volume", "max_reps", "longest_distance", "longest_duration",
            "best_pace",
        ])
        for kind in all { #expect(RecordKind(name: kind.name) == kind) }
    }
}
