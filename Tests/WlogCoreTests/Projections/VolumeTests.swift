import Testing
import WlogCore

@Suite("Volume")
struct VolumeTests {
    let kg = QueryContext(now: Clock.at(2026, 1, 20, 12), unit: .kg)

    @Test func setVolumeMixesUnitsExactly() {
        let a = LoggedSet(id: eid(1), seq: 1, exercise: "bench-press", performed: ZonedInstant(Clock.monday, offsetMinutes: 0),
                          reps: 5, weight: .kg(100))
        var b = a
        b.weight = .lb(225)
        #expect(SetVolume.kilogramTenThousandths(of: a, kind: .strength) == 5_000_000)
        #expect(SetVolume.kilogramTenThousandths(of: b, kind: .strength) == 5_102_914)
        #expect(SetVolume.kilogramTenThousandths(of: b, kind: .assisted) == nil)
        #expect(SetVolume.kilogramTenThousandths(of: b, kind: .cardio) == nil)
        var warmup = a
        warmup.setType = .warmup
        #expect(SetVolume.kilogramTenThousandths(of: warmup, kind: .strength) == nil)
        var notDone = a
        notDone.done = false
        #expect(SetVolume.kilogramTenThousandths(of: notDone, kind: .strength) == nil)
    }

    @Test func byMuscleCountsHalfForSecondaryGroups() {
        var j = JournalBuilder()
        j.set("bench-press", .kg(100), 5, at: Clock.at(2026, 1, 5, 10))     // chest; triceps, shoulders ½
        j.set("barbell-row", .lb(225), 5, at: Clock.at(2026, 1, 6, 10))     // back; biceps ½
        j.set("assisted-pull-up", .kg(30), 8, at: Clock.at(2026, 1, 6, 10)) // never volume
        let rows = j.state.volume(VolumeOptions(by: .week, byMuscle: true), context: kg)
        #expect(rows.map(\.period) == Array(repeating: "2026-W02", count: 5))
        #expect(rows.map(\.group) == [.back, .biceps, .chest, .shoulders, .triceps])
        #expect(rows.map(\.sets) == [1, 0.5, 1, 0.5, 0.5])
        #expect(rows.map(\.volume.tenThousandths) == [5_102_914, 2_551_457, 5_000_000, 2_500_000, 2_500_000])
        #expect(rows.allSatisfy { $0.start == Clock.day(2026, 1, 5) })
        let total = j.state.volume(VolumeOptions(by: .week), context: kg)
        #expect(total.count == 1 && total[0].group == nil && total[0].sets == 2)
        #expect(total[0].volume == Mass(tenThousandths: 10_102_914, unit: .kg))
    }

    @Test func periodsDayMonthWorkout() {
        var j = JournalBuilder()
        let w = j.append(.workoutStarted(WorkoutStarted()), at: Clock.at(2026, 1, 30, 23))
        j.set("squat", .kg(100), 5, at: Clock.at(2026, 1, 30, 23, 30), workout: w)
        j.set("squat", .kg(100), 3, at: Clock.at(2026, 1, 31, 0, 30), workout: w)  // after midnight, same workout
        j.set("squat", .kg(50), 10, at: Clock.at(2026, 2, 2, 8))
        let state = j.state
        #expect(state.volume(VolumeOptions(by: .day), context: kg).map(\.period) == ["2026-01-30", "2026-01-31", "2026-02-02"])
        let months = state.volume(VolumeOptions(by: .month), context: kg)
        #expect(months.map(\.period) == ["2026-01", "2026-02"])
        #expect(months.map(\.volume) == [.kg(800), .kg(500)])
        let workouts = state.volume(VolumeOptions(by: .workout), context: kg)
        #expect(workouts.map(\.period) == ["2026-01-30 00000000", "2026-02-02"])
        #expect(workouts.map(\.workout) == [.explicit(w), .implicit(Clock.day(2026, 2, 2))])
        #expect(workouts.map(\.volume) == [.kg(800), .kg(500)])
        let since = state.volume(VolumeOptions(by: .day, since: Clock.day(2026, 1, 31), until: Clock.day(2026, 1, 31)), context: kg)
        #expect(since.map(\.volume) == [.kg(300)])
    }

    @Test func withBodyweightAddsLatestEntryBeforeTheSet() {
        var j = JournalBuilder()
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(80))), at: Clock.at(2026, 1, 5, 7))
        j.set("pull-up", .kg(10), 8, at: Clock.at(2026, 1, 5, 10))
        j.set("pull-up", nil, 10, at: Clock.at(2026, 1, 6, 10))
        j.append(.bodyweightRecorded(BodyweightRecorded(weight: .lb(176))), at: Clock.at(2026, 1, 6, 12))  // after: not used
        j.set("pull-up", nil, 5, at: Clock.at(2026, 1, 4, 10))  // before any entry: added weight only
        let state = j.state
        let plain = state.volume(VolumeOptions(by: .day), context: kg)
        #expect(plain.map(\.volume) == [.kg(0), .kg(80), .kg(0)])
        let with = state.volume(VolumeOptions(by: .day, withBodyweight: true), context: kg)
        #expect(with.map(\.volume) == [.kg(0), .kg(720), .kg(800)])
    }
}
