import Testing
import WlogCore
@testable import WlogInterop

@Suite struct FitNotesImportTests {
    @Test func withCommentCardioAndUnquotedComma() throws {
        let plan = try Fixture.plan("fitnotes_comment.csv", .fitnotes, zone: "UTC")
        let r = plan.report
        #expect(r.layout == "FitNotes (with Comment)")
        #expect([r.workouts, r.sets, r.cardio, r.timed, r.warmups, r.missed] == [2, 8, 2, 1, 0, 1])
        #expect(plan.skippedText == [])
        #expect(plan.sets[7].reps == 0 && plan.sets[7].weight == .lb(70) && plan.sets[7].notes == "failed", "a missed attempt")
        #expect(r.volume == [.lb: 20_800_000])  // 60×10 + 60×10 + 65×8 + 30×12
        #expect(plan.created.map(\.name) == ["Flat Dumbbell Bench Press", "Curl, Hammer", "Running (Treadmill)", "Climbing", "Plank"])
        #expect(plan.created.map(\.group) == [.chest, .biceps, .cardio, .cardio, .core])
        #expect(plan.created.map(\.kind) == [.strength, .strength, .cardio, .cardio, .timed])
        #expect(plan.created[1].id == "curl-hammer")
        #expect(plan.sets[2].notes == "Last one, hard")
        #expect(plan.sets[4].distance == Distance(tenThousandths: 2_500, unit: .mi) && plan.sets[4].durationMilliseconds == 114_000)
        #expect(plan.starts.map(\.envelope.occurred) == [
            ZonedInstant(Fixture.at("2023-03-04T12:00:00Z"), offsetMinutes: 0),
            ZonedInstant(Fixture.at("2023-03-05T12:00:00Z"), offsetMinutes: 0),
        ])
        #expect(plan.starts.map { WorkoutStarted.of($0)?.name } == [nil, nil])
    }

    @Test func noCommentKilograms() throws {
        let plan = try Fixture.plan("fitnotes_nocomment.csv", .fitnotes)
        #expect(plan.report.layout == "FitNotes (no Comment)")
        #expect([plan.report.workouts, plan.report.sets, plan.report.missed] == [2, 4, 1])
        #expect(plan.skippedText == [])
        #expect(plan.report.volume == [.kg: 14_160_000])
        #expect(plan.created.map(\.group) == [.back, .triceps, .back])
    }

    @Test func olderLayoutWithUnitInHeader() throws {
        let lbs = try Fixture.plan("fitnotes_old_lbs.csv", .fitnotes)
        #expect(lbs.report.layout == "FitNotes (unit in header)")
        #expect([lbs.report.sets, lbs.report.cardio] == [3, 1])
        #expect(lbs.report.volume == [.lb: 31_500_000])
        #expect(lbs.sets[2].distance == Distance(tenThousandths: 20_000_000, unit: .m) && lbs.sets[2].durationMilliseconds == 480_000)
        let kgs = try Fixture.plan("fitnotes_old_kgs.csv", .fitnotes)
        #expect(kgs.report.volume == [.kg: 4_200_000])
        #expect(kgs.created.map(\.group) == [.legs])
    }

    @Test func bodyTracker() throws {
        let plan = try Fixture.plan("fitnotes_body.csv", .fitnotes, zone: "UTC")
        #expect(plan.report.layout == "FitNotes body tracker")
        #expect(plan.report.bodyweights == 2)
        #expect(plan.skippedText == ["4: measurement `Body Fat` is not Bodyweight"])
        #expect(plan.events.map(\.payload) == [
            .bodyweightRecorded(BodyweightRecorded(weight: Mass.lb(167))),
            .bodyweightRecorded(BodyweightRecorded(weight: Mass.lb(166.4))),
        ])
        #expect(plan.events.map(\.envelope.occurred.instant) == [Fixture.at("2023-05-01T07:30:00Z"), Fixture.at("2023-05-02T07:31:00Z")])
    }
}
