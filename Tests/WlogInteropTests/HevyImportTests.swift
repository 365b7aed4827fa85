import Testing
import WlogCore
@testable import WlogInterop

@Suite struct HevyImportTests {
    @Test func metricNewestFirstWithNotesAndSupersets() throws {
        let plan = try Fixture.plan("hevy_metric.csv", .hevy)
        let r = plan.report
        #expect(r.layout == "Hevy (metric)")
        #expect([r.rows, r.workouts, r.sets, r.warmups, r.timed, r.cardio, r.exercisesCreated] == [8, 2, 8, 2, 1, 0, 4])
        #expect(r.skipped.isEmpty)
        // 10×6 (weighted pull-up) + 70×8 + 50×10 (row) + 80×8 + 80×7 (bench); warm-ups out.
        #expect(r.volume == [.kg: 23_200_000])
        // Oldest first: Push Day (7 Apr) before Pull Day (9 Apr); CEST is +02:00.
        #expect(plan.starts.map { WorkoutStarted.of($0)?.name } == ["Push Day", "Pull Day"])
        #expect(plan.starts.map(\.envelope.occurred) == [
            ZonedInstant(Fixture.at("2026-04-07T08:14:00Z"), offsetMinutes: 120),
            ZonedInstant(Fixture.at("2026-04-09T16:30:00Z"), offsetMinutes: 120),
        ])
        #expect(plan.finishes.map(\.envelope.occurred.instant) == [Fixture.at("2026-04-07T09:02:00Z"), Fixture.at("2026-04-09T17:40:00Z")])
        #expect(WorkoutStarted.of(plan.starts[1])?.notes == "Good session")
        let sets = plan.sets
        #expect(sets.map(\.exercise) == ["warm-up", "bench-press-barbell", "bench-press-barbell", "bench-press-barbell",
                                         "pull-up-weighted", "pull-up-weighted", "barbell-row", "barbell-row"])
        #expect(sets.map(\.setType) == [.working, .warmup, .working, .failure, .warmup, .working, .working, .drop])
        #expect(sets[0].durationMilliseconds == 300_000 && sets[0].reps == nil)
        #expect(sets[1].notes == "Arch\nTuck elbows" && sets[2].notes == nil)
        #expect(sets[4].notes == "Belt\nwide grip" && sets[5].notes == nil)
        #expect(sets[4].weight == nil && sets[4].reps == 8 && sets[5].weight == Mass.kg(10) && sets[5].rpe == RPE(8.5))
        #expect(plan.created.first { $0.id == "pull-up-weighted" }?.kind == .bodyweight)
        #expect(plan.created.first { $0.id == "warm-up" }?.kind == .timed)
    }

    @Test func imperialWithUSDates() throws {
        let plan = try Fixture.plan("hevy_imperial.csv", .hevy, zone: "America/New_York")
        let r = plan.report
        #expect(r.layout == "Hevy (imperial)")
        #expect([r.workouts, r.sets, r.cardio, r.timed] == [2, 4, 1, 1])
        #expect(r.volume == [.lb: 22_500_000])
        #expect(plan.starts.map(\.envelope.occurred) == [
            ZonedInstant(Fixture.at("2024-09-30T04:05:00Z"), offsetMinutes: -240),
            ZonedInstant(Fixture.at("2024-10-01T22:48:00Z"), offsetMinutes: -240),
        ])
        #expect(plan.finishes[1].envelope.occurred.instant == Fixture.at("2024-10-01T23:55:00Z"))
        #expect(plan.sets[3].distance == Distance(tenThousandths: 15_000, unit: .mi) && plan.sets[3].durationMilliseconds == 900_000)
        #expect(plan.sets[1].weight == Mass.lb(225))
    }

    @Test func hevyDatesInBothLocales() {
        let expected = Int64(LocalDay(year: 2026, month: 4, day: 7)!.daysSince1970) * 86_400_000 + (10 * 60 + 14) * 60_000
        #expect(LocalTimeText.hevy("7 Apr 2026, 10:14") == expected)
        #expect(LocalTimeText.hevy("Apr 7, 2026, 10:14 AM") == expected)
        #expect(LocalTimeText.hevy("Apr 7, 2026, 10:14 PM") == expected + 12 * 3_600_000)
        #expect(LocalTimeText.hevy("Apr 7, 2026, 12:14 AM") == expected - 10 * 3_600_000)
        #expect(LocalTimeText.hevy("2026-04-07 10:14") == expected)
        #expect(LocalTimeText.hevy("7. Apr. 2026, 10:14") == expected)
        #expect(LocalTimeText.hevy("3. Okt. 2026, 10:14") == expected + 179 * 86_400_000)
        #expect(LocalTimeText.hevy("31 Feb 2026, 10:14") == nil)
        #expect(LocalTimeText.hevy("yesterday") == nil)
    }
}
