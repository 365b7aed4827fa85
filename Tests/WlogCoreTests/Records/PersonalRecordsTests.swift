import Testing
@testable import WlogCore

@Suite("PersonalRecords")
struct PersonalRecordsTests {
    typealias F = RecordsFixtures
    let bench = F.exercise("bench-press")

    /// The bench scenario (Epley, targets 1, 3, 5, 8, 10; kg; days from 2026-03-02):
    ///
    /// | set | day | weight × reps | note     | e1RM     | volume | PRs when performed                       |
    /// |-----|-----|---------------|----------|----------|--------|------------------------------------------|
    /// | s1  | 0   | 60 × 10       | warm-up  |          |        | — (not counted)                          |
    /// | s2  | 0   | 100 × 5       |          | 116.6667 | 500    | heaviest, e1rm, 1rm, 3rm, 5rm, set_volume |
    /// | s3  | 0   | 100 × 5       |          | 116.6667 | 500    | — (ties)                                 |
    /// | s4  | 2   | 90 × 8        |          | 114      | 720    | 8rm, set_volume                          |
    /// | s5  | 4   | 105 × 3       |          | 115.5    | 315    | heaviest, 1rm, 3rm                       |
    /// | s6  | 4   | 110 × 1       | not done |          |        | — (not counted)                          |
    /// | s7  | 7   | 80 × 10       |          | 106.6667 | 800    | 10rm, set_volume                         |
    /// | s8  | 7   | 102.5 × 5     |          | 119.5833 | 512.5  | e1rm, 5rm                                |
    /// | s9  | 9   | 70 × 15       |          | — (>12)  | 1050   | set_volume                               |
    ///
    /// Records: heaviest 105 (s5), e1rm 119.5833 (s8), 1rm 105 (s5), 3rm 105 (s5), 5rm 102.5 (s8),
    /// 8rm 90 (s4), 10rm 80 (s7), set_volume 1050 (s9).
    static func benchScenario() -> [LoggedSet] {
        [
            F.lift(1, "bench-press", day: 0, 60, 10, type: .warmup),
            F.lift(2, "bench-press", day: 0, 100, 5),
            F.lift(3, "bench-press", day: 0, 100, 5),
            F.lift(4, "bench-press", day: 2, 90, 8),
            F.lift(5, "bench-press", day: 4, 105, 3),
            F.lift(6, "bench-press", day: 4, 110, 1, done: false),
            F.lift(7, "bench-press", day: 7, 80, 10),
            F.lift(8, "bench-press", day: 7, 102.5, 5),
            F.lift(9, "bench-press", day: 9, 70, 15),
        ]
    }

    /// The records as (name, value in kg 1e-4, set seq) rows.
    func table(_ records: PersonalRecords) -> [String] {
        records.records.map { record in
            let value: String
            switch record.value {
            case .mass(let mass): value = mass.valueText
            case .reps(let reps): value = "\(reps)"
            case .distance(let distance): value = distance.formatted()
            case .duration(let ms): value = "\(ms)ms"
            case .pace(let ms): value = "\(ms)ms/km"
            }
            return "\(record.kind.name)=\(value)@s\(record.set.low)"
        }
    }

    func flags(_ records: PersonalRecords, _ seqs: ClosedRange<UInt64>) -> [String] {
        seqs.map { seq in "s\(seq):" + records.prs(of: F.id(seq)).map(\.name).joined(separator: ",") }
    }

    @Test func benchRecordsAndFlags() {
        let records = PersonalRecords(exercise: bench, sets: Self.benchScenario())
        #expect(table(records) == [
            "heaviest=105@s5", "e1rm=119.5833@s8", "1rm=105@s5", "3rm=105@s5", "5rm=102.5@s8",
            "8rm=90@s4", "10rm=80@s7", "set_volume=1050@s9",
        ])
        #expect(flags(records, 1...9) == [
            "s1:", "s2:heaviest,e1rm,1rm,3rm,5rm,set_volume", "s3:", "s4:8rm,set_volume", "s5:heaviest,1rm,3rm",
            "s6:", "s7:10rm,set_volume", "s8:e1rm,5rm", "s9:set_volume",
        ])
        #expect(records.record(.heaviest)?.performed.instant == F.at(day: 4, minute: 5))
        #expect(records.record(.e1rm)?.value == .mass(Mass(tenThousandths: 1_195_833, unit: .kg)))
        #expect(records.record(.e1rm)?.weight == F.kg(102.5))
        #expect(records.record(.e1rm)?.reps == 5)
        #expect(records.record(.setVolume)?.value == .mass(F.kg(1050)))
        #expect(records.record(.maxReps) == nil)
    }

    @Test func inputOrderDoesNotMatter() {
        let sets = Self.benchScenario()
        let forward = PersonalRecords(exercise: bench, sets: sets)
        let backward = PersonalRecords(exercise: bench, sets: sets.reversed())
        #expect(forward.records == backward.records)
        #expect(flags(forward, 1...9) == flags(backward, 1...9))
    }

    @Test func sameInstantTiesGoBySequence() {
        // two 100 × 5 at the same instant: the lower sequence is first and the PR
        var a = F.lift(20, "bench-press", day: 0, 100, 5)
        var b = F.lift(21, "bench-press", day: 0, 100, 5)
        a.performed = ZonedInstant(F.at(day: 0), offsetMinutes: 0)
        b.performed = a.performed
        let records = PersonalRecords(exercise: bench, sets: [b, a])
        #expect(records.record(.heaviest)?.set == F.id(20))
        #expect(records.prs(of: F.id(21)).isEmpty)
    }

    @Test func repPRsAndBestRepsAtWeight() {
        // rep PR = more reps than every earlier set at that weight or heavier:
        // s2 first; s3 tie; s4 8 > 5 at ≥ 90; s5 nothing ≥ 105 before; s7 10 > 8 at ≥ 80;
        // s8 5 > 3 at ≥ 102.5 (s5); s9 15 > 10 at ≥ 70
        let records = PersonalRecords(exercise: bench, sets: Self.benchScenario())
        #expect((1...9).filter { records.isRepPR(F.id($0)) } == [2, 4, 5, 7, 8, 9])
        #expect(records.bestReps(atOrAbove: F.kg(100)).map { ($0.reps, $0.set.seq) }! == (5, 2))
        #expect(records.bestReps(atOrAbove: F.kg(90)).map { ($0.reps, $0.set.seq) }! == (8, 4))
        #expect(records.bestReps(atOrAbove: .lb(150)).map { ($0.reps, $0.set.seq) }! == (15, 9))  // 68.04 kg
        #expect(records.bestReps(atOrAbove: F.kg(105.5)) == nil)
    }

    /// s10 back-dated to day 1: 107.5 × 5 (e1RM 125.4167, volume 537.5).
    /// Order: s2, s3, s10, s4, s5, s7, s8, s9. Recomputed flags:
    /// s10 heaviest, e1rm, 1rm, 3rm, 5rm, set_volume; s4 8rm, set_volume (720 > 537.5);
    /// s5 — (105 < 107.5); s7 10rm, set_volume; s8 — (102.5 < 107.5, 119.58 < 125.42); s9 set_volume.
    @Test func backDatedSetRecomputesEveryFlag() {
        let sets = Self.benchScenario() + [F.lift(10, "bench-press", day: 1, 107.5, 5)]
        let records = PersonalRecords(exercise: bench, sets: sets)
        #expect(table(records) == [
            "heaviest=107.5@s10", "e1rm=125.4167@s10", "1rm=107.5@s10", "3rm=107.5@s10", "5rm=107.5@s10",
            "8rm=90@s4", "10rm=80@s7", "set_volume=1050@s9",
        ])
        #expect(flags(records, 2...10) == [
            "s2:heaviest,e1rm,1rm,3rm,5rm,set_volume", "s3:", "s4:8rm,set_volume", "s5:", "s6:",
            "s7:10rm,set_volume", "s8:", "s9:set_volume", "s10:heaviest,e1rm,1rm,3rm,5rm,set_volume",
        ])
        #expect(records.record(.heaviest)?.performed.localDay == F.start.advanced(by: 1))
        #expect(!records.isRepPR(F.id(5)))  // s10 did 5 reps at a heavier weight before it
    }

    /// s5 edited from 105 × 3 to 95 × 3 (a typo): it loses every flag; s8 102.5 × 5 becomes
    /// heaviest, 1rm, 3rm, 5rm and e1rm.
    @Test func editThatLowersTheRecordRecomputes() {
        var sets = Self.benchScenario()
        sets[4].weight = F.kg(95)
        let records = PersonalRecords(exercise: bench, sets: sets)
        #expect(table(records) == [
            "heaviest=102.5@s8", "e1rm=119.5833@s8", "1rm=102.5@s8", "3rm=102.5@s8", "5rm=102.5@s8",
            "8rm=90@s4", "10rm=80@s7", "set_volume=1050@s9",
        ])
        #expect(records.prs(of: F.id(5)).isEmpty)
        #expect(records.prs(of: F.id(8)).map(\.name) == ["heaviest", "e1rm", "1rm", "3rm", "5rm"])
    }

    /// Deleting s2 (the first record set) makes s3 the first counted set, with all of s2's flags;
    /// deleting s8 (the e1RM and 5RM record) hands both back to s2, dated day 0.
    @Test func deletingTheRecordSetRecomputes() {
        var withoutS2 = Self.benchScenario()
        withoutS2[1].isDeleted = true
        let a = PersonalRecords(exercise: bench, sets: withoutS2)
        #expect(a.prs(of: F.id(2)).isEmpty)
        #expect(a.prs(of: F.id(3)).map(\.name) == ["heaviest", "e1rm", "1rm", "3rm", "5rm", "set_volume"])

        var withoutS8 = Self.benchScenario()
        withoutS8[7].isDeleted = true
        let b = PersonalRecords(exercise: bench, sets: withoutS8)
        #expect(table(b) == [
            "heaviest=105@s5", "e1rm=116.6667@s2", "1rm=105@s5", "3rm=105@s5", "5rm=100@s2",
            "8rm=90@s4", "10rm=80@s7", "set_volume=1050@s9",
        ])
        #expect(b.record(.e1rm)?.performed.localDay == F.start)

        // a discarded workout's sets leave too
        var discarded = Self.benchScenario()
        discarded[8].isDiscarded = true
        #expect(PersonalRecords(exercise: bench, sets: discarded).record(.setVolume)?.set == F.id(7))
    }

    @Test func defaultPRRepsAndTargetsAreTracked() {
        var custom = bench
        custom.prReps = 4
        #expect(PersonalRecords.kinds(for: custom, repTargets: [5, 1]).map(\.name)
            == ["heaviest", "e1rm", "1rm", "4rm", "5rm", "set_volume"])
        // 4rm = heaviest with ≥ 4 reps: 102.5 (s8), s2 100 × 5 first reached 100
        let records = PersonalRecords(exercise: custom, sets: Self.benchScenario(), repTargets: [5, 1])
        #expect(records.record(.repMax(4))?.set == F.id(8))
        #expect(records.prs(of: F.id(2)).contains(.repMax(4)))
        #expect(records.record(.repMax(3)) == nil)
    }

    @Test func formulaAndMaxRepsAreParameters() {
        // Brzycki: s2 100 × 5 = 112.5, s8 102.5 × 5 = 115.3125; s9 70 × 15 = 114.5455 when maxReps 15 (< s8)
        let brzycki = PersonalRecords(exercise: bench, sets: Self.benchScenario(), formula: .brzycki, maxReps: 15)
        #expect(brzycki.record(.e1rm)?.value == .mass(Mass(tenThousandths: 1_153_125, unit: .kg)))
        // maxReps 4: only s5 105 × 3 (115.5) has an estimate
        let capped = PersonalRecords(exercise: bench, sets: Self.benchScenario(), maxReps: 4)
        #expect(capped.record(.e1rm)?.set == F.id(5))
        // rpe formula: only sets with an RPE
        let rpe = PersonalRecords(
            exercise: bench,
            sets: [F.lift(1, "bench-press", day: 0, 100, 5, rpe: 8), F.lift(2, "bench-press", day: 1, 110, 3)],
            formula: .rpe)
        #expect(rpe.record(.e1rm)?.value == .mass(Mass(tenThousandths: 1_233_046, unit: .kg)))
        #expect(rpe.prs(of: F.id(2)).map(\.name) == ["heaviest", "1rm", "3rm"])
    }

    @Test func mixedUnitsCompareByKilograms() {
        // 225 lb = 102.0583 kg beats 100 kg; then 102 kg does not beat 225 lb
        let sets = [
            F.lift(1, "bench-press", day: 0, 100, 1),
            F.lift(2, "bench-press", day: 1, 225, 1, unit: .lb),
            F.lift(3, "bench-press", day: 2, 102, 1),
        ]
        let records = PersonalRecords(exercise: bench, sets: sets)
        #expect(records.record(.heaviest)?.value == .mass(.lb(225)))
        #expect(records.prs(of: F.id(3)).isEmpty)
    }

    @Test func newWithinSevenDays() {
        let records = PersonalRecords(exercise: bench, sets: Self.benchScenario())
        let heaviest = records.record(.heaviest)!  // s5, day 4 18:05
        let volume = records.record(.setVolume)!  // s9, day 9 18:09
        let now = F.at(day: 11, hour: 18, minute: 5)  // exactly 7 days after s5
        #expect(records.isNew(heaviest, now: now))
        #expect(!records.isNew(heaviest, now: now.adding(milliseconds: 1)))
        #expect(records.isNew(volume, now: now))
        #expect(!heaviest.isNew(now: F.at(day: 30)))
    }

    @Test func otherExercisesSetsAreIgnored() {
        let sets = Self.benchScenario() + [F.lift(50, "back-squat", day: 1, 200, 5)]
        #expect(PersonalRecords(exercise: bench, sets: sets).records.count == 8)
        #expect(PersonalRecords(exercise: bench, sets: []).records.isEmpty)
    }
}
