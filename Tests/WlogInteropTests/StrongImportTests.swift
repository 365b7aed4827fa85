import Testing
import WlogCore
@testable import WlogInterop

@Suite struct StrongImportTests {
    @Test func classicTwelveColumns() throws {
        let plan = try Fixture.plan("strong_ios12.csv", .strong, unit: .kg)
        let r = plan.report
        #expect(r.layout == "Strong iOS (12 columns)")
        #expect([r.rows, r.workouts, r.sets, r.warmups, r.cardio, r.timed, r.exercisesCreated] == [11, 2, 11, 2, 1, 1, 6])
        #expect(r.skipped.isEmpty && r.restRows == 0 && r.noteRows == 0)
        // 80×8 + 80×8 + 80×6 + 60×10 (bench; warm-ups out) + 10×10 (dips, weighted); assisted and body-weight-only sets add nothing.
        #expect(r.volume == [.kg: 24_600_000])
        #expect(plan.types == Array(repeating: "exercise.created", count: 6) + ["workout.started"]
            + Array(repeating: "set.logged", count: 9) + ["workout.finished", "workout.started", "set.logged", "set.logged", "workout.finished"])
        #expect(plan.created.map(\.id) == ["bench-press-barbell", "pull-up", "pull-up-assisted", "plank", "running", "dips-weighted"])
        #expect(plan.created.map(\.kind) == [.strength, .bodyweight, .assisted, .timed, .cardio, .bodyweight])
        #expect(plan.created.map(\.group) == [.chest, .back, .back, .core, .cardio, .triceps])
        #expect(plan.created.allSatisfy { $0.prReps == 3 && $0.isCustom })
        let sets = plan.sets
        #expect(sets.prefix(6).map(\.setType) == [.warmup, .warmup, .working, .working, .failure, .drop])
        #expect(sets[2].notes == "Pause reps\nsecond line, with \"quotes\"")
        #expect(sets[2].source == "2024-03-04 18:00:00,\"Push Day\",1h 5m,\"Bench Press (Barbell)\",1,80.0,8.0,0,0.0,\"Pause reps\nsecond line, with \"\"quotes\"\"\",\"Felt strong\",8")
        #expect(sets[2].rpe == RPE(8) && sets[3].rpe == RPE(8.5) && sets[4].rpe == RPE(10) && sets[0].rpe == nil)
        #expect(sets[2].weight == Mass(tenThousandths: 800_000, unit: .kg) && sets[2].reps == 8)
        #expect(sets[6].exercise == "pull-up" && sets[6].weight == nil && sets[6].reps == 12)
        #expect(sets[7].weight == Mass.kg(20) && sets[7].reps == 8)
        #expect(sets[8].reps == nil && sets[8].durationMilliseconds == 60_000)
        #expect(sets[9].distance == Distance(tenThousandths: 50_000, unit: .km) && sets[9].durationMilliseconds == 1_500_000 && sets[9].reps == nil)
        // Identical warm-up rows are two sets with two ids.
        #expect(plan.setEvents[0].id != plan.setEvents[1].id)
        let start = plan.starts[0]
        #expect(start.envelope.occurred == ZonedInstant(Fixture.at("2024-03-04T17:00:00Z"), offsetMinutes: 60))
        #expect(WorkoutStarted.of(start) == WorkoutStarted(name: "Push Day", notes: "Felt strong"))
        #expect(plan.setEvents[2].envelope.occurred.instant == Fixture.at("2024-03-04T17:00:02Z"))
        #expect(plan.finishes[0].envelope.occurred.instant == Fixture.at("2024-03-04T18:05:00Z"))
        // 347h 14m is a workout left open: unknown length, finished after its two rows.
        #expect(plan.finishes[1].envelope.occurred.instant == Fixture.at("2024-03-06T06:30:02Z"))
        for set in sets.prefix(9) { #expect(set.workout == plan.starts[0].id) }
        #expect(plan.events.allSatisfy { $0.envelope.actor == "import:strong" && $0.envelope.seq == 0 && $0.envelope.recorded == Fixture.recorded })
    }

    @Test func tenColumnsNeedTheUnit() throws {
        #expect(throws: ImportError.unitRequired(layout: "Strong iOS (10 columns, no notes)")) {
            try Fixture.plan("strong_ios10.csv", .strong)
        }
        let plan = try Fixture.plan("strong_ios10.csv", .strong, unit: .lb)
        #expect([plan.report.workouts, plan.report.sets] == [1, 3])
        #expect(plan.report.volume == [.lb: 20_750_000])  // 135×5 + 135×5 + 145×5
        #expect(plan.sets[1].rpe == RPE(7))
        #expect(plan.finishes[0].envelope.occurred.instant == Fixture.at("2023-01-10T17:11:08Z"))
    }

    @Test func noDurationLayout() throws {
        let plan = try Fixture.plan("strong_2017.csv", .strong, unit: .kg)
        #expect(plan.report.layout == "Strong 2017–2019 (no duration)")
        #expect(plan.report.volume == [.kg: 25_500_000])
        #expect(plan.sets[2].notes == "Seat 5" && plan.sets[2].rpe == RPE(9))
        #expect(plan.finishes[0].envelope.occurred.instant == Fixture.at("2018-05-01T07:15:03Z"))
        #expect(WorkoutStarted.of(plan.starts[0])?.notes == "Leg day")
    }

    @Test func unitInHeaderNeedsNoUnitOption() throws {
        let kg = try Fixture.plan("strong_2016_kg.csv", .strong)
        #expect(kg.report.layout == "Strong 2016–2017 (unit in header)")
        #expect([kg.report.sets, kg.report.cardio] == [3, 1])
        #expect(kg.report.volume == [.kg: 6_125_000])
        #expect(kg.sets[2].distance == Distance(tenThousandths: 105_000, unit: .km) && kg.sets[2].durationMilliseconds == 1_800_000)
        let lb = try Fixture.plan("strong_2016_lb.csv", .strong)
        #expect(lb.report.volume == [.lb: 11_250_000])
        #expect(lb.sets[1].distance == Distance(tenThousandths: 31_000, unit: .mi))
    }

    @Test func androidMixedUnitsRestAndNoteRows() throws {
        let plan = try Fixture.plan("strong_android.csv", .strong)
        let r = plan.report
        #expect(r.layout == "Strong Android")
        #expect([r.rows, r.sets, r.restRows, r.noteRows, r.cardio] == [6, 4, 1, 1, 2])
        #expect(r.volume == [.kg: 5_000_000, .lb: 11_250_000])
        #expect(plan.sets.map(\.weight) == [Mass.kg(100), Mass.lb(225), nil, nil])
        #expect(plan.sets[0].rpe == RPE(8))
        #expect(plan.sets[2].distance == Distance(tenThousandths: 25_000, unit: .mi) && plan.sets[2].durationMilliseconds == 1_200_000)
        #expect(plan.sets[3].distance == Distance(tenThousandths: 10_000, unit: .km))
        #expect(WorkoutStarted.of(plan.starts[0])?.notes == "Gym A\nBench Press (Barbell): Elbows in")
        // Rest and note rows keep their positions, so the sets sit at +0, +2, +4, +5 s.
        #expect(plan.setEvents.map(\.envelope.occurred.instant) == ["18:00:00", "18:00:02", "18:00:04", "18:00:05"].map { Fixture.at("2022-02-01T\($0)Z") })
        #expect(plan.finishes[0].envelope.occurred.instant == Fixture.at("2022-02-01T19:00:00Z"))
    }

    @Test func strong6WeightsAreKilogramsOrBackToPounds() throws {
        let kg = try Fixture.plan("strong6_2025.csv", .strong)
        #expect(kg.report.layout == "Strong 6 (2025)")
        #expect([kg.report.sets, kg.report.warmups, kg.report.cardio] == [5, 1, 1])
        #expect(kg.sets[1].weight == Mass(tenThousandths: 612_349, unit: .kg))
        #expect(kg.report.volume == [.kg: 7_960_537])  // 61.2349 × (5 + 5 + 3)
        #expect(kg.sets.map(\.setType) == [.warmup, .working, .working, .failure, .working])
        #expect(kg.sets[4].distance == Distance(tenThousandths: 20_000_000, unit: .m) && kg.sets[4].durationMilliseconds == 480_000)
        #expect(kg.finishes[0].envelope.occurred.instant == Fixture.at("2025-02-03T06:40:00Z"))
        let lb = try Fixture.plan("strong6_2025.csv", .strong, unit: .lb)
        #expect(lb.sets.prefix(2).map(\.weight) == [Mass(tenThousandths: 440_900, unit: .lb), Mass.lb(135)])
        #expect(lb.report.volume == [.lb: 17_550_000])
    }

    @Test func germanHeadersRuhezeitAndMinutes() throws {
        let plan = try Fixture.plan("strong_german.csv", .strong, unit: .kg)
        #expect(plan.report.layout == "Strong (German)")
        #expect([plan.report.sets, plan.report.restRows] == [2, 1])
        #expect(plan.report.volume == [.kg: 8_250_000])
        #expect(plan.created.map(\.name) == ["Kniebeuge (Langhantel)"])
        #expect(plan.finishes[0].envelope.occurred.instant == Fixture.at("2023-10-05T15:31:00Z"))
    }

    @Test func strong6BodyWeight() throws {
        let plan = try Fixture.plan("strong6_bodyweight.csv", .strong)
        #expect(plan.report.layout == "Strong body weight")
        #expect(plan.report.bodyweights == 2 && plan.report.sets == 0)
        #expect(plan.skippedText == ["4: no body weight"])
        #expect(plan.events.map(\.payload) == [
            .bodyweightRecorded(BodyweightRecorded(weight: Mass.kg(81))),
            .bodyweightRecorded(BodyweightRecorded(weight: Mass.kg(80.5))),
        ])
        #expect(plan.events[0].envelope.occurred.instant == Fixture.at("2025-03-01T06:00:00Z"))
    }

    @Test func damagedRowsAreReportedAndTheRestImports() throws {
        let plan = try Fixture.plan("strong_damaged.csv", .strong, unit: .kg)
        #expect([plan.report.workouts, plan.report.sets, plan.report.missed] == [1, 3, 1])
        #expect(plan.skippedText == [
            "3: reps `7.5` is not a whole number ≥ 0",
            "4: date `2024-05-0X 18:00:00` is not YYYY-MM-DD HH:MM:SS",
            "5: set order `Q` is not a number, W, F, D, Rest Timer or Note",
            "6: the row has 11 fields, the header 12",
            "7: weight `abc` is not a number ≥ 0",
            "9: RPE `11` is not 1 to 10 in steps of 0.5",
            "11: no reps, weight, distance or duration",
        ])
        #expect(plan.report.volume == [.kg: 8_150_000])
    }

    @Test func libraryAndKnownExercisesAreUsed() throws {
        let bench = Exercise(id: "bench-press", name: "Bench Press", group: .chest, equipment: .barbell, pattern: .push)
        let pullUp = Exercise(id: "pull-up", name: "Pull Up", kind: .bodyweight, group: .back, pattern: .pull, isCustom: true)
        let options = Fixture.options(unit: .kg, known: [pullUp]) { $0 == "Bench Press (Barbell)" ? bench : nil }
        let plan = try Importer.plan(data: Fixture.bytes("strong_ios12.csv"), format: .strong, options: options)
        #expect(plan.created.map(\.id) == ["pull-up-assisted", "plank", "running", "dips-weighted"])
        #expect(plan.sets.map(\.exercise).prefix(7) == ["bench-press", "bench-press", "bench-press", "bench-press", "bench-press", "bench-press", "pull-up"])
    }
}
