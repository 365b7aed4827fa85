import Foundation
import Testing
@testable import wlog

/// Issue 19: options whose value is one of a fixed set are typed (`ExpressibleByArgument`), and
/// the rules between options are `validate()`: a wrong value or combination is refused by the
/// parser — exit 64, the option, the value and every valid value — before any journal is opened.
@Suite("Typed options", .serialized)
struct TypedOptionTests {
    /// A wrong value of each typed option and argument, and the first line of its error.
    static let wrongValues: [(arguments: [String], line: String)] = [
        (["append", "set", "bench", "100x5", "--type", "heavy"], "--type 'heavy' is unknown; use working, warmup, drop, failure or amrap"),
        (["append", "edit", "abcd", "--type", "heavy"], "--type 'heavy' is unknown; use working, warmup, drop, failure or amrap"),
        (["append", "set", "bench", "--create", "--group", "wings"],
         "--group 'wings' is unknown; use Chest, Back, Legs, Shoulders, Arms, Biceps, Triceps, Core or Cardio"),
        (["e1rm", "bench", "--formula", "guess"],
         "--formula 'guess' is unknown; use epley, brzycki, lander, lombardi, mayhew, oconner, wathen, rpe, brzycki-rir or brzycki-102.78"),
        (["export", "e1rm", "--formula", "guess"],
         "--formula 'guess' is unknown; use epley, brzycki, lander, lombardi, mayhew, oconner, wathen, rpe, brzycki-rir or brzycki-102.78"),
        (["volume", "--by", "year"], "--by 'year' is unknown; use day, week, month or workout"),
        (["export", "volume", "--group-by", "exercise"], "--group-by 'exercise' is unknown; use muscle"),
        (["chart", "pie"], "chart 'pie' is unknown; use e1rm, reps, bodyweight or volume"),
        (["import", "csvapp", "file.csv"], "format 'csvapp' is unknown; use strong, hevy, fitnotes or plates"),
        (["import", "strong", "file.csv", "--unit", "st"], "--unit 'st' is unknown; use kg or lb"),
        (["plan", "--goal", "fun"], "--goal 'fun' is unknown; use strength, hypertrophy, fat-loss, endurance or general"),
        (["plan", "starter", "--experience", "pro"], "--experience 'pro' is unknown; use beginner, intermediate or advanced"),
        (["append", "profile", "--sex", "x"], "--sex 'x' is unknown; use male or female"),
        (["append", "equipment", "rack", "--type", "shelf"],
         "--type 'shelf' is unknown; use barbell, plates, dumbbells, kettlebells, machine, cable, attachment, bench, rack, "
            + "pull-up-bar, bands or cardio-machine"),
        (["append", "equipment", "rack", "--type", "rack", "--location", "moon"], "--location 'moon' is unknown; use home or gym"),
        (["append", "exercise", "Sled Push", "--group", "Legs", "--kind", "sled"],
         "--kind 'sled' is unknown; use strength, bodyweight, assisted, cardio or timed"),
        (["append", "exercise-update", "bench", "--pattern", "twist"],
         "--pattern 'twist' is unknown; use push, pull, squat, hinge, lunge, carry, core or cardio"),
        (["append", "exercise", "Sled Push", "--group", "Legs", "--equipment", "sled"],
         "--equipment 'sled' is unknown; use barbell, dumbbell, kettlebell, machine, cable, bodyweight, band, smith, ez-bar, "
            + "trap-bar, plate, cardio-machine or none"),
        // The global options, read by `GlobalOptions`, give the same sentence.
        (["prs", "--format", "xml"], "--format 'xml' is unknown; use table, csv, json or jsonl"),
        (["--unit", "st", "history"], "--unit 'st' is unknown; use kg or lb"),
    ]

    /// Cross-option rules and ranges, checked by `validate()`.
    static let invalidCombinations: [(arguments: [String], line: String)] = [
        (["append", "set", "bench", "100x5", "--rpe", "8", "--rir", "2"], "give --rpe 8.0 or --rir, not both"),
        (["append", "edit", "abcd", "--rpe", "8", "--rir", "2"], "give --rpe 8.0 or --rir, not both"),
        (["append", "set", "sled push", "100x5", "--create"],
         "--create needs --group: one of Chest, Back, Legs, Shoulders, Arms, Biceps, Triceps, Core, Cardio"),
        (["append", "equipment", "rack", "--type", "rack", "--available", "--unavailable"],
         "--unavailable and --available contradict each other; give one"),
        (["append", "equipment", "rack"], "--type is required for a new item; e.g. --type dumbbells"),
        (["chart", "e1rm"], "chart e1rm needs an exercise, e.g. wlog chart e1rm bench press"),
        (["chart", "reps"], "chart reps needs an exercise, e.g. wlog chart reps pull-up"),
        (["chart", "volume", "bench"], "chart volume takes no exercise (got 'bench')"),
        (["chart", "volume", "--width", "20"], "--width 20 is too narrow; use 40 or more (default 80)"),
        (["chart", "volume", "--height", "2"], "--height 2 is too low; use 4 or more (default 12)"),
        (["chart", "volume", "--weeks", "0"], "--weeks 0 must be 1 to 520"),
        (["e1rm", "bench", "--max-reps", "51"], "--max-reps must be from 1 to 50"),
        (["volume", "--weeks", "5201"], "--weeks 5201 is out of range; use 0 (all) to 5200 (100 years)"),
        (["balance", "--low", "20", "--high", "10"], "--low 20 --high 10: give 0 ≤ low ≤ high, e.g. --low 10 --high 20"),
        (["balance", "--weeks", "53"], "--weeks 53 must be 1 to 52"),
        (["audit", "--limit=-1"], "--limit must be 0 or more"),
        (["exercise", "bench", "--min-reps", "0"], "--min-reps must be 1 or more and --recent 0 or more"),
        (["history", "--offset=-1"], "--limit and --offset must be 0 or more"),
    ]

    /// Without a journal, each is still a usage error (64), not "no journal" (66): the parser
    /// refused it before `run()` opened anything.
    @Test func refusedBeforeTheJournalIsOpened() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        for (arguments, line) in Self.wrongValues + Self.invalidCombinations {
            let result = try await wlog.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == "wlog: error: " + line, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(wlog.journalBytes() == nil)
    }

    /// With a journal, the same refusals leave it byte for byte as it was.
    @Test func refusalsChangeNothing() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        for (arguments, _) in Self.wrongValues + Self.invalidCombinations {
            #expect(try await wlog.run(arguments).status == 64, "\(arguments)")
        }
        #expect(wlog.journalBytes() == before)
    }

    /// The values are read in any case, with the domain's aliases; the help lists the canonical ones.
    @Test func aliasesAndHelp() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let warmup = try await wlog.run(["append", "set", "bench", "60x5", "--type", "Warm-Up", "--format", "jsonl"])
        #expect(warmup.status == 0, "\(warmup.stderr)")
        let sets = try await wlog.run(["export", "sets", "--format", "jsonl"])
        #expect(sets.stdout.split(separator: "\n").last?.contains("\"type\":\"warmup\"") == true, "\(sets.stdout)")
        #expect(try await wlog.run(["volume", "--by", "MONTH", "--group-by", "muscles"]).status == 0)
        #expect(try await wlog.run(["chart", "bw"]).status == 0)
        // chart reps takes its exercise (the check in run() refused every exercise but e1rm's before).
        let reps = try await wlog.run(["chart", "reps", "squat"])
        #expect(reps.status == 0 && reps.stdout.hasPrefix("Back Squat reps"), "\(reps.stderr)")
        #expect(try await wlog.run(["e1rm", "bench", "--formula", "O'Connor"]).status == 0)
        let help = try await wlog.run(["append", "set", "--help"])
        #expect(help.stdout.contains("(values: working, warmup,\n                          drop, failure, amrap)"), "\(help.stdout)")
    }

    /// ArgumentParser's sentence for a value outside the set, in its two layouts (up to five values
    /// quoted in a line; six or more as a list), becomes `InvalidValue`'s.
    @Test func rewritesArgumentParsersSentence() {
        #expect(InvalidValue.rewrite("The value 'year' is invalid for '--by <by>'. Please provide one of 'day', 'week', 'month' or 'workout'.\n"
            + "Help:  --by <by>  The period.\nUsage: wlog volume [--by <by>]")
            == "--by 'year' is unknown; use day, week, month or workout\nUsage: wlog volume [--by <by>]")
        #expect(InvalidValue.rewrite("The value 'x' is invalid for '<chart>'. Please provide one of 'a' and 'b'.\n")
            == "chart 'x' is unknown; use a or b\n")
        #expect(InvalidValue.rewrite("The value 'it's' is invalid for '--formula <formula>'. Please provide one of the following:\n"
            + "  - epley\n  - brzycki\n  - lander\n  - lombardi\n  - mayhew\n  - rpe\nHelp:  --formula <formula>  F.\nUsage: u")
            == "--formula 'it's' is unknown; use epley, brzycki, lander, lombardi, mayhew or rpe\nUsage: u")
        // Not a value from a fixed set: left as ArgumentParser wrote it.
        #expect(InvalidValue.rewrite("The value 'abc' is invalid for '--limit <limit>'\nHelp:  --limit <limit>  How many.") == nil)
        #expect(InvalidValue.rewrite("Unknown option '--bogus'") == nil)
    }
}
