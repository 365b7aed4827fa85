import Testing
import WlogCore
@testable import WlogInterop

@Suite struct ExportTests {
    static let bench = Exercise(id: "bench-press", name: "Bench Press", group: .chest, equipment: .barbell, pattern: .push)
    static let pullUp = Exercise(id: "pull-up", name: "Pull Up", kind: .bodyweight, group: .back, pattern: .pull)
    static let run = Exercise(id: "running", name: "Running", kind: .cardio, group: .cardio, pattern: .cardio)
    static let plank = Exercise(id: "plank", name: "Plank", kind: .timed, group: .core, pattern: .core)
    static let known = [bench, pullUp, run, plank]

    /// Two workouts in Berlin, minute-aligned (Hevy has minute resolution).
    static let workouts: [ExportWorkout] = [
        ExportWorkout(
            name: "Push, \"heavy\"", start: ZonedInstant(Fixture.at("2026-04-07T08:14:00Z"), offsetMinutes: 120),
            end: ZonedInstant(Fixture.at("2026-04-07T09:19:00Z"), offsetMinutes: 120), notes: "Line one\nline two",
            sets: [
                ExportSet(exercise: "Bench Press", setType: .warmup, weight: Mass.kg(40), reps: 10),
                ExportSet(exercise: "Bench Press", weight: Mass.kg(102.5), reps: 5, rpe: RPE(8.5), notes: "Paused"),
                ExportSet(exercise: "Bench Press", setType: .failure, weight: Mass.kg(102.5), reps: 4, rpe: RPE(10)),
                ExportSet(exercise: "Bench Press", setType: .drop, weight: Mass.kg(80), reps: 8),
                ExportSet(exercise: "Pull Up", kind: .bodyweight, reps: 12),
                ExportSet(exercise: "Plank", kind: .timed, durationMilliseconds: 60_000),
            ]),
        ExportWorkout(
            name: "Run", start: ZonedInstant(Fixture.at("2026-04-09T05:00:00Z"), offsetMinutes: 120),
            end: ZonedInstant(Fixture.at("2026-04-09T05:25:00Z"), offsetMinutes: 120),
            sets: [ExportSet(exercise: "Running", kind: .cardio, distance: Distance(tenThousandths: 50_000, unit: .km), durationMilliseconds: 1_500_000)]),
    ]

    @Test func strongText() {
        let text = StrongExporter.export(Self.workouts, unit: .kg)
        #expect(text == #"""
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Bench Press",W,40,10,0,0,"","Line one
        line two",
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Bench Press",1,102.5,5,0,0,"Paused","Line one
        line two",8.5
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Bench Press",F,102.5,4,0,0,"","Line one
        line two",10
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Bench Press",D,80,8,0,0,"","Line one
        line two",
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Pull Up",1,0,12,0,0,"","Line one
        line two",
        2026-04-07 10:14:00,"Push, ""heavy""",1h 5m,"Plank",1,0,0,0,60,"","Line one
        line two",
        2026-04-09 07:00:00,"Run",25m,"Running",1,0,0,5,1500,"","",

        """#)
    }

    @Test func hevyText() {
        let text = HevyExporter.export([Self.workouts[1]], unit: .lb)
        #expect(text == #"""
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_lbs","reps","distance_miles","duration_seconds","rpe"
        "Run","9 Apr 2026, 07:00","9 Apr 2026, 07:25","","Running",,"",0,"normal",,,3.1069,1500,

        """#)
    }

    /// The sets as comparable tuples-in-text: exercise, type, weight, reps, distance, duration, rpe.
    func summary(_ sets: [SetLogged]) -> [String] {
        sets.map { s in
            [s.exercise, s.setType.rawValue, s.weight?.formatted() ?? "-", s.reps.map(String.init) ?? "-",
             s.distance?.formatted() ?? "-", s.durationMilliseconds.map(String.init) ?? "-", s.rpe?.text ?? "-"].joined(separator: " ")
        }
    }

    @Test func strongRoundTrip() throws {
        let data = Array(StrongExporter.export(Self.workouts, unit: .kg).utf8)
        let plan = try Importer.plan(data: data, format: .strong, options: Fixture.options(unit: .kg, known: Self.known))
        #expect(plan.created.isEmpty)
        #expect(summary(plan.sets) == [
            "bench-press warmup 40 kg 10 - - -", "bench-press working 102.5 kg 5 - - 8.5",
            "bench-press failure 102.5 kg 4 - - 10", "bench-press drop 80 kg 8 - - -",
            "pull-up working - 12 - - -", "plank working - - - 60000 -", "running working - - 5 km 1500000 -",
        ])
        #expect(plan.report.volume == [.kg: 15_625_000])  // 102.5×5 + 102.5×4 + 80×8
        #expect(plan.sets[1].notes == "Paused")
        #expect(plan.starts.map(\.envelope.occurred) == Self.workouts.map(\.start))
        #expect(plan.finishes.map(\.envelope.occurred) == Self.workouts.compactMap(\.end))
        #expect(plan.starts.map { WorkoutStarted.of($0)?.notes } == ["Line one\nline two", nil])
    }

    @Test func hevyRoundTrip() throws {
        for unit in MassUnit.allCases {
            let data = Array(HevyExporter.export(Self.workouts, unit: unit).utf8)
            let plan = try Importer.plan(data: data, format: .hevy, options: Fixture.options(known: Self.known))
            #expect(plan.created.isEmpty)
            #expect(plan.sets.map(\.setType) == [.warmup, .working, .failure, .drop, .working, .working, .working])
            #expect(plan.sets.map(\.reps) == [10, 5, 4, 8, 12, nil, nil])
            #expect(plan.sets.map { $0.weight?.kilogramTenThousandths } == [400_000, 1_025_000, 1_025_000, 800_000, nil, nil, nil])
            #expect(plan.sets[6].distance?.metres == 5_000 || unit == .lb)
            #expect(plan.starts.map(\.envelope.occurred) == Self.workouts.map(\.start))
            #expect(plan.finishes.map(\.envelope.occurred) == Self.workouts.compactMap(\.end))
            // Hevy has exercise notes, not set notes: the block's note comes back on its first set.
            #expect(plan.sets[0].notes == "Paused" && plan.sets[1].notes == nil)
        }
    }
}
