import Foundation
import Testing

/// `append exercise … --attachment` and `--muscles` from the command line (issue 21).
@Suite("Exercise attachment and muscles")
struct ExerciseAttachmentCLITests {
    @Test func aCableExerciseWithItsAttachmentAndMuscles() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let made = try await wlog.run(["append", "exercise", "Cable Crossover Low", "--group", "chest", "--equipment", "cable",
                                       "--attachment", "single handle", "--muscles", "lower-chest,front delt"])
        #expect(made.status == 0 && made.stdout == "cable-crossover-low  created Cable Crossover Low\n", "\(made.stderr)")
        let card = try await wlog.run(["exercise", "cable-crossover-low"])
        #expect(card.stdout.contains("about  Chest · strength · cable (single handle) · custom\n"), "\(card.stdout)")
        let csv = try await wlog.run(["exercises", "--all", "--search", "crossover", "--format", "csv"])
        #expect(csv.stdout.contains("cable-crossover-low,Cable Crossover Low,Chest,strength,cable,true,0,,,,,,,,,,,,single handle\n"), "\(csv.stdout)")
        #expect(try await wlog.run(["append", "exercise-update", "cable-crossover-low", "--attachment", "D-handles"]).status == 0)
        #expect(try await wlog.run(["exercise", "cable-crossover-low"]).stdout.contains("cable (D-handles)"))
        let sets = try await wlog.run(["append", "set", "cable-crossover-low", "15x12"])
        #expect(sets.status == 0, "\(sets.stderr)")
        let muscles = try await wlog.run(["balance", "--muscles", "--format", "csv"]).stdout
        #expect(muscles.contains("lower-chest,Chest,1,1,") && muscles.contains("front-delts,Shoulders,1,1,"), "\(muscles)")

        let before = wlog.journalBytes()
        let barbell = try await wlog.run(["append", "exercise-update", "bench", "--attachment", "rope"])
        #expect(barbell.status == 65)
        #expect(barbell.stderr == "wlog: error: exercise.attachment: \"rope\" is not allowed — an attachment is for cable exercises "
            + "and this one uses barbell; set --equipment cable with it\n")
        let wings = try await wlog.run(["append", "exercise", "Fly", "--group", "chest", "--muscles", "wings"])
        #expect(wings.status == 64 && wings.stderr.hasPrefix("wlog: error: --muscles 'wings' is not a muscle; use quads, "), "\(wings.stderr)")
        #expect(wlog.journalBytes() == before)
    }
}
