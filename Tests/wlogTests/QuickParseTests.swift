import Foundation
import ArgumentParser
import Testing
@testable import wlog

/// `QuickParse` fills `prs`, `history` and `append set` exactly as ArgumentParser does, and leaves
/// everything it does not understand to ArgumentParser.
@Suite struct QuickParseTests {
    /// Argument lists the quick parse takes, and the fields both parses give them.
    @Test(arguments: [
        (["prs"], "prs|nil|nil"),
        (["prs", "bench press"], "prs|Optional(\"bench press\")|nil"),
        (["prs", "--reps", "1,3", "squat"], "prs|Optional(\"squat\")|Optional(\"1,3\")"),
        (["prs", "--reps=5"], "prs|nil|Optional(\"5\")"),
        (["history", "--limit", "20"], "history|nil|nil|nil|nil|nil|20|0"),
        (["history"], "history|nil|nil|nil|nil|nil|50|0"),
        (["history", "--limit=+7", "--offset", "5", "--since", "2026-01-01", "--until", "2026-02-01", "--exercise", "bench",
          "--group", "Chest", "--search", "a=b c"],
         "history|Optional(\"2026-01-01\")|Optional(\"2026-02-01\")|Optional(\"bench\")|Optional(\"Chest\")|Optional(\"a=b c\")|7|5"),
        (["append", "set", "bench-press", "100x5", "@8"],
         "set|bench-press|[\"100x5\", \"@8\"]|nil|nil|nil|nil|nil|nil|nil|nil|nil|nil|false|false|nil|nil"),
        (["append", "set", "--notes", "felt good", "bench press", "--rir=2", "100kgx5", "--sets", "3",
          "--not-done", "--create", "--group", "Chest", "--id", "abc", "--at", "18:00", "--type", "warmup", "--weight", "100kg",
          "--reps", "5", "--effort", "3", "--workout", "abcd", "x3"],
         "set|bench press|[\"100kgx5\", \"x3\"]|Optional(\"100kg\")|Optional(5)|nil|Optional(2.0)|Optional(3)"
            + "|Optional(WlogCore.SetType.warmup)|Optional(\"18:00\")|Optional(\"felt good\")|Optional(3)|Optional(\"abcd\")|true|true"
            + "|Optional(WlogCore.MuscleGroup.chest)|Optional(\"abc\")"),
        // Typed values take what ArgumentParser's conversion takes: any case, the domain's aliases.
        (["append", "set", "bench", "--type", "Warm-Up", "--group", "abs", "--rpe", "8.5"],
         "set|bench|[]|nil|nil|Optional(8.5)|nil|nil|Optional(WlogCore.SetType.warmup)|nil|nil|nil|nil|false|false"
            + "|Optional(WlogCore.MuscleGroup.core)|nil"),
    ])
    func takesPlainArguments(arguments: [String], fields: String) throws {
        let quick = try #require(QuickParse.command(arguments))
        #expect(Self.fields(quick) == fields)
        #expect(Self.fields(try Wlog.parseAsRoot(arguments)) == fields)
    }

    /// Argument lists left to ArgumentParser: help, errors, short names, dash-led values, repeats, other commands.
    @Test(arguments: [
        ["prs", "--help"], ["prs", "-h"], ["prs", "help"], ["help", "prs"], ["prs", "a", "b"], ["prs", "--reps"],
        ["prs", "--reps", "-1"], ["prs", "--reps", "1", "--reps", "2"], ["prs", "--bogus"], ["prs", "--"], ["prs", ""],
        ["prs", "--reps="], ["history", "--limit", "abc"], ["history", "extra"], ["history", "--limit", "-1"],
        ["history", "--version"], ["append", "set"], ["append", "set", "--not-done=true", "bench"],
        ["append", "set", "bench", "--rpe", "x"], ["append", "set", "bench", "-5"], ["append", "edit", "abcd"],
        // A typed value outside its set, and what `validate()` refuses: ArgumentParser reports them.
        ["append", "set", "bench", "--type", "heavy"], ["append", "set", "bench", "--group", "wings"],
        ["append", "set", "bench", "--rpe", "8", "--rir", "2"], ["append", "set", "bench", "--create"],
        ["--version"], [], ["show", "abcd"], ["append"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(QuickParse.command(arguments) == nil)
    }

    /// Random argument lists from each command's vocabulary: whenever the quick parse takes one,
    /// ArgumentParser takes it too, with the same fields.
    /// Issue 19: every option and flag of a command the quick parse makes is one it sets, read
    /// from ArgumentParser's own description of the command (`--experimental-dump-help`), so an
    /// option added to the command and not to `QuickParse` fails here, not in a lifter's `run()`.
    @Test(arguments: [
        (["prs"], QuickParse.prsOptions, [String](), 1),
        (["history"], QuickParse.historyOptions, [], 0),
        (["append", "set"], QuickParse.appendSetOptions, QuickParse.appendSetFlags, 2),
    ])
    func knowsEveryOptionOfItsCommands(command: [String], options: [String], flags: [String], positionals: Int) async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let dump = try await wlog.run(command + ["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((root["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        func longNames(_ kind: String) -> Set<String> {
            Set(arguments.filter { $0["kind"] as? String == kind }.flatMap { argument in
                ((argument["names"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            }.map { "--" + $0 })
        }
        #expect(longNames("option") == Set(options), "\(command)")
        #expect(longNames("flag").subtracting(["--help", "--version"]) == Set(flags), "\(command)")
        #expect(arguments.filter { $0["kind"] as? String == "positional" }.count == positionals, "\(command)")
    }

    @Test func agreesWithArgumentParserOnRandomArguments() throws {
        let vocabulary: [(path: [String], words: [String])] = [
            (["prs"], ["bench", "--reps", "1,3", "--reps=2", "-r", "5", "--", "help", "--x", "-", "a b"]),
            (["history"], ["--limit", "20", "--offset", "3", "--since", "2026-01-01", "--search", "x", "--limit=4", "9",
                           "abc", "-1", "--group", "Legs"]),
            (["append", "set"], ["bench", "100x5", "@8", "--rpe", "8", "--reps", "5", "--not-done", "--create", "--id", "x",
                                 "--weight", "-5", "--notes", "n", "--sets=2", "7.5", "--at", "help", "--rir", "nan",
                                 "--type", "warmup", "w", "heavy", "--type=AMRAP", "--group", "Legs", "abs", "wings"]),
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var taken = 0
        for _ in 0..<3_000 {
            let (path, words) = vocabulary[next(vocabulary.count)]
            let arguments = path + (0..<next(6)).map { _ in words[next(words.count)] }
            guard let quick = QuickParse.command(arguments) else { continue }
            taken += 1
            let full = try? Wlog.parseAsRoot(arguments)
            #expect(full.map(Self.fields) == Self.fields(quick), "\(arguments)")
        }
        #expect(taken > 300)
    }

    /// The fields of a parsed `prs`, `history` or `append set`, as one line.
    static func fields(_ command: any ParsableCommand) -> String {
        func text<T>(_ value: T?) -> String { value.map { "Optional(\(String(reflecting: $0)))" } ?? "nil" }
        switch command {
        case let prs as PRs:
            return ["prs", text(prs.exercise), text(prs.reps)].joined(separator: "|")
        case let history as History:
            let f = history.filter
            return ["history", text(f.since), text(f.until), text(f.exercise), text(f.group), text(f.search),
                    "\(f.limit)", "\(f.offset)"].joined(separator: "|")
        case let set as AppendSet:
            let f = set.fields
            return ["set", set.exercise, "\(set.spec)", text(f.weight), text(f.reps), text(f.rpe), text(f.rir),
                    text(f.effort), text(f.type), text(f.at), text(f.notes), text(set.sets), text(set.workout),
                    "\(set.notDone)", "\(set.create)", text(set.group), text(set.guards.retry.value)].joined(separator: "|")
        default:
            return "other: \(type(of: command))"
        }
    }
}
