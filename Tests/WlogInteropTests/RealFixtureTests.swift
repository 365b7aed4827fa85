import Testing
import WlogCore
@testable import WlogInterop

/// Imports of real third-party exports (`../shared/fixtures/real/`, skipped when absent).
///
/// The expected numbers were computed independently of this importer by a Python script using
/// `csv.DictReader` and `decimal.Decimal` (not committed; its rules restated here): a workout is
/// the distinct (Date, Workout Name) / (title, start_time) / Date among imported rows; a row is a
/// set when reps > 0, distance > 0 or duration > 0, or a missed attempt (reps 0 at a weight > 0),
/// else skipped — every set row of these four files is a set; a row is cardio when it has a
/// distance or its exercise is cardio (any distance in the file, or FitNotes category `Cardio`
/// with no reps), timed when it has a duration and no reps; an exercise with no reps anywhere
/// but durations is timed, "assisted" in its name is assisted; volume = Σ weight × reps over
/// non-warm-up sets with reps and weight of exercises neither assisted, cardio nor timed.
@Suite(.enabled(if: Fixture.realAvailable, "../shared/fixtures/real is absent"))
struct RealFixtureTests {
    /// The report's numbers in one comparable value.
    struct Counts: Equatable {
        var workouts, sets, warmups, cardio, timed, missed, skipped: Int
    }

    func counts(_ r: ImportReport) -> Counts {
        Counts(workouts: r.workouts, sets: r.sets, warmups: r.warmups, cardio: r.cardio, timed: r.timed, missed: r.missed,
               skipped: r.skipped.count)
    }

    /// The `set.logged` payloads with 0 reps, as `reps weight unit notes`.
    func missed(_ plan: ImportPlan) -> [String] {
        plan.sets.filter { $0.reps == 0 }.map { "0 \($0.weight?.formatted() ?? "-") \($0.notes ?? "")" }
    }

    @Test func strongIOS10Columns() throws {
        let plan = try Importer.plan(data: Fixture.real("strong_ios10col_dakheera47.csv"), format: .strong,
                                     options: Fixture.options(unit: .kg, zone: "Europe/London"))
        #expect(plan.report.layout == "Strong iOS (10 columns, no notes)")
        #expect(plan.report.rows == 250)
        #expect(counts(plan.report) == Counts(workouts: 15, sets: 250, warmups: 0, cardio: 0, timed: 0, missed: 0, skipped: 0))
        #expect(plan.report.volume == [.kg: 465_824_000])  // 46,582.40 kg
        #expect(plan.sets.allSatisfy { $0.source?.hasPrefix("20") == true })
    }

    @Test func hevyMetric() throws {
        let plan = try Importer.plan(data: Fixture.real("hevy_kg_dakheera47.csv"), format: .hevy,
                                     options: Fixture.options(zone: "Europe/London"))
        #expect(plan.report.rows == 7_211)
        #expect(counts(plan.report) == Counts(workouts: 335, sets: 7_211, warmups: 2_195, cardio: 0, timed: 275, missed: 1, skipped: 0))
        #expect(missed(plan) == ["0 10 kg "])
        #expect(plan.report.volume == [.kg: 19_606_672_500])  // 1,960,667.25 kg
        #expect(plan.sets.contains { $0.notes?.contains("\n") == true })
    }

    @Test func fitNotesTenColumnsPounds() throws {
        let plan = try Importer.plan(data: Fixture.real("fitnotes_10col_lbs_kaiserlift.csv"), format: .fitnotes,
                                     options: Fixture.options(zone: "America/Chicago"))
        #expect(plan.report.layout == "FitNotes (with Comment)")
        #expect(plan.report.rows == 3_697)
        #expect(counts(plan.report) == Counts(workouts: 290, sets: 3_697, warmups: 0, cardio: 60, timed: 24, missed: 17, skipped: 0))
        #expect(missed(plan).prefix(7) == ["0 200 lb Fuck", "0 200 lb Fuck", "0 200 lb Fuck", "0 200 lb Fuck", "0 200 lb Fuck",
                                           "0 190 lb Fuck", "0 100 lb Damn"])
        #expect(plan.report.volume == [.lb: 27_146_564_000])  // 2,714,656.4 lb
    }

    @Test func fitNotesNineColumnsKilograms() throws {
        let plan = try Importer.plan(data: Fixture.real("fitnotes_9col_kgs_lukaszebedin.csv"), format: .fitnotes,
                                     options: Fixture.options(zone: "Europe/Warsaw"))
        #expect(plan.report.layout == "FitNotes (no Comment)")
        #expect(plan.report.rows == 2_495)
        #expect(counts(plan.report) == Counts(workouts: 124, sets: 2_495, warmups: 0, cardio: 0, timed: 0, missed: 3, skipped: 0))
        #expect(missed(plan) == ["0 30 kg ", "0 30 kg ", "0 30 kg "])
        #expect(plan.report.volume == [.kg: 8_147_482_000])  // 814,748.20 kg
    }

    @Test func reimportingARealFileYieldsTheSameIDs() throws {
        let data = try Fixture.real("hevy_kg_dakheera47.csv")
        let a = try Importer.plan(data: data, format: .hevy, options: Fixture.options())
        let b = try Importer.plan(data: data, format: .hevy, options: Fixture.options())
        #expect(a.events.map(\.id) == b.events.map(\.id))
        #expect(Set(a.events.map(\.id)).count == a.events.count)
    }
}
