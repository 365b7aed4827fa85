import Foundation
import Testing
import WlogCore
import WlogGenerator

/// Issue 15's law end to end (docs/SYNC.md): N replicas (2 to 5 journals of one lifter) each take
/// a random interleaving of random commands — log a set, back-dated set, edit, delete, body
/// weight and its correction, a setting, workout start/finish — through the real `wlog`, with random `wlog sync`s against a real
/// server on a loopback port between them. After a final round of syncs every replica holds every
/// event created anywhere, once, and prints byte-identical `history`, `prs`, `export sets --format
/// json`, `bodyweight` and `audit` (the latest events, all of them, every version of a few sets and a body-weight entry).
///
/// Seeded: a failure names its seed; `WLOG_SYNC_SEED=N` runs that seed alone.
@Suite struct SyncConvergenceTests {
    static let seeds: [UInt64] = ProcessInfo.processInfo.environment["WLOG_SYNC_SEED"].flatMap(UInt64.init).map { [$0] }
        ?? Array(1...10)
    /// Before the server's clock (`ServerHarness.now`), which refuses events more than a day ahead of it.
    static let base = Instant(iso8601: "2026-01-15T07:00:00Z")!
    static let reads = [["history"], ["history", "--format", "json"], ["prs"], ["export", "sets", "--format", "json"],
                        ["bodyweight"], ["audit"], ["audit", "--limit", "1000", "--format", "csv"]]

    /// One run: the replicas' journals, what each knows of the sets, and the counts printed.
    struct Run {
        let seed: UInt64
        let token: String
        var journals: [String]
        /// The short ids of the sets and body-weight entries each replica holds, and those the
        /// server holds (as `sync` moves them).
        struct Known {
            var sets: [String] = [], entries: [String] = []

            mutating func take(_ other: Known) {
                sets += other.sets.filter { !sets.contains($0) }
                entries += other.entries.filter { !entries.contains($0) }
            }
        }
        var known: [Known]
        var server = Known()
        var commands = 0, refused = 0, syncs = 0, retried = 0
        var clock: Int64 = 0

        var now: String { SyncConvergenceTests.base.adding(milliseconds: clock).iso8601 }

        /// `wlog --journal (replica r) ARGS` at the run's clock; the exit status must be one of `allowed`.
        mutating func wlog(_ r: Int, _ arguments: [String], allowing allowed: Set<Int32> = [0],
                           sourceLocation: SourceLocation = #_sourceLocation) async throws -> (status: Int32, stdout: String) {
            let result = try await ServerHarness.wlog(["--journal", journals[r]] + arguments,
                                                      environment: ["WLOG_TOKEN": token, "WLOG_NOW": now])
            #expect(allowed.contains(result.status),
                    "seed \(seed) (WLOG_SYNC_SEED=\(seed) runs it alone), replica \(r): wlog \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
                    sourceLocation: sourceLocation)
            return (result.status, result.stdout)
        }

        /// `wlog sync` on replica r: it pushes what it holds and pulls what the server holds. Exit
        /// 69 (the server did not answer in time: "nothing was lost — sync again later", as on a
        /// busy CI machine) is retried, at most 3 times, and counted; its message is printed.
        @discardableResult
        mutating func sync(_ r: Int) async throws -> String {
            var output = ""
            for attempt in 1...4 {
                let result = try await ServerHarness.wlog(["--journal", journals[r], "sync"], environment: ["WLOG_TOKEN": token, "WLOG_NOW": now])
                if result.status == 69, attempt < 4 {
                    retried += 1
                    print("seed \(seed), replica \(r): wlog sync exited 69, syncing again: \(result.stderr)")
                    continue
                }
                #expect(result.status == 0, "seed \(seed) (WLOG_SYNC_SEED=\(seed) runs it alone), replica \(r): wlog sync exited \(result.status): \(result.stderr)")
                output = result.stdout
                break
            }
            syncs += 1
            server.take(known[r])
            known[r].take(server)
            return output
        }

        /// The ids of every event replica r holds (each once) — nil when one is there twice.
        mutating func eventIDs(_ r: Int) async throws -> Set<String>? {
            let lines = try await wlog(r, ["events"]).stdout.split(separator: "\n")
            let ids = try lines.map { try SyncTests.id(String($0)) }
            return Set(ids).count == ids.count ? Set(ids) : nil
        }

        /// One random command on replica r (a refusal — nothing to finish, a set deleted — is allowed and counted).
        mutating func act(_ r: Int, using g: inout Xoshiro) async throws {
            let back = SyncConvergenceTests.base.adding(milliseconds: clock - Int64.random(in: 0...3, using: &g) * 3_600_000).iso8601
            let weight = String(Double(Int.random(in: 16...40, using: &g)) * 2.5)
            let set = known[r].sets.randomElement(using: &g)
            var arguments: [String]
            switch Int.random(in: 0..<12, using: &g) {
            case 0...2:
                arguments = ["append", "set", ["bench", "squat", "deadlift"].randomElement(using: &g) ?? "bench",
                             weight + "x\(Int.random(in: 1...8, using: &g))" + (Bool.random(using: &g) ? "x2" : "")]
            case 3: arguments = ["append", "set", "bench", weight + "x5", "--at", back]
            case 4, 5:
                guard let set else { return try await act(r, using: &g) }
                switch Int.random(in: 0..<3, using: &g) {
                case 0: arguments = ["append", "edit", set, "--reps", "\(Int.random(in: 1...10, using: &g))"]
                case 1: arguments = ["append", "edit", set, "--weight", weight, "--notes", "fixed on \(r)"]
                default: arguments = ["append", "edit", set, "--at", back, "--rpe", "8"]
                }
            case 6:
                guard let set else { return try await act(r, using: &g) }
                arguments = ["append", "delete", set, "--reason", "twice"]
            case 7:
                arguments = ["append", "bodyweight", String(Double(Int.random(in: 780...820, using: &g)) / 10)]
                    + (Bool.random(using: &g) ? ["--at", back] : [])
            case 8:
                guard let entry = known[r].entries.randomElement(using: &g) else { return try await act(r, using: &g) }
                arguments = ["append", "bodyweight", "edit", entry, "--weight", String(Double(Int.random(in: 780...820, using: &g)) / 10)]
                    + (Bool.random(using: &g) ? ["--notes", "scale \(r)"] : [])
            case 9:
                arguments = Bool.random(using: &g) ? ["settings", "set", "e1rm-formula", ["epley", "brzycki", "lander"].randomElement(using: &g) ?? "epley"]
                    : ["settings", "set", "unit", Bool.random(using: &g) ? "kg" : "lb"]
            case 10: arguments = ["append", "workout", "start", "--name", ["Upper", "Lower"].randomElement(using: &g) ?? "Upper"]
            default: arguments = ["append", "workout", "finish", "--soreness", "\(Int.random(in: 1...5, using: &g))"]
            }
            let logs = arguments[...1] == ["append", "set"], weighs = arguments[...1] == ["append", "bodyweight"] && arguments[2] != "edit"
            let result = try await wlog(r, arguments, allowing: logs || weighs ? [0] : [0, 65])
            commands += 1
            if result.status != 0 { refused += 1 }
            let made = result.stdout.split(separator: "\n").compactMap { line in
                line.split(separator: " ").first.map(String.init).flatMap { $0.count == 8 && $0.allSatisfy(\.isHexDigit) ? $0 : nil }
            }
            if logs { known[r].sets += made }
            if weighs { known[r].entries += made }
        }
    }

    @Test(arguments: seeds)
    func replicasThatSyncThroughTheServerPrintTheSame(seed: UInt64) async throws {
        let started = Date()
        try await ServerHarness.with(.journal) { harness in
            let token = try await harness.token(SyncTests.lifter)
            try await harness.run { client in
                let port = try #require(client.port)
                var g = Xoshiro(seed: seed)
                let count = 2 + Int((seed - 1) % 4)  // 2 to 5 replicas, each count as often
                let journals = (0..<count).map { harness.data + "/replica-\($0).wlog" }
                var run = Run(seed: seed, token: token, journals: journals, known: Array(repeating: Run.Known(), count: count))
                for r in 0..<count {
                    _ = try await run.wlog(r, ["init", "--unit", "kg", "--tz", "UTC"])
                    _ = try await run.wlog(r, ["remote", "add", "origin", "http://127.0.0.1:\(port)"])
                }
                for _ in 0..<Int.random(in: 24...40, using: &g) {
                    // Steps share a second now and then, so events of two replicas tie on their times.
                    run.clock += Int64.random(in: 0...1, using: &g) * 1000 + (Bool.random(using: &g) ? 0 : 60_000)
                    let r = Int.random(in: 0..<count, using: &g)
                    if Int.random(in: 0..<5, using: &g) == 0 { try await run.sync(r) } else { try await run.act(r, using: &g) }
                }
                // Every event created anywhere, then the final round of syncs (twice round).
                var created = Set<String>()
                for r in 0..<count { created.formUnion(try await run.eventIDs(r) ?? []) }
                run.clock += 60_000
                for _ in 0..<2 { for r in 0..<count { try await run.sync(r) } }
                let context = "seed \(seed) (WLOG_SYNC_SEED=\(seed) runs it alone), \(count) replicas"
                let server = try await harness.lines(SyncTests.lifter).map { try SyncTests.id($0) }
                #expect(Set(server) == created && server.count == created.count, "\(context): the server")
                var first: [String] = []
                // And every version of a few sets, both devices' edits included.
                let audits = Set([run.server.sets.first, run.server.sets.last, run.server.sets.randomElement(using: &g),
                                  run.server.entries.last].compactMap { $0 })
                let reads = Self.reads + audits.sorted().map { ["audit", $0] }
                for r in 0..<count {
                    #expect(try await run.eventIDs(r) == created, "\(context): replica \(r) misses or repeats an event")
                    #expect(try await run.sync(r) == "origin: pushed 0 event(s) (0 already there), pulled 0 event(s) (0 already here)\n",
                            "\(context): replica \(r) had more to move")
                    var shown: [String] = []
                    for read in reads { shown.append(try await run.wlog(r, read).stdout) }
                    if r == 0 { first = shown; continue }
                    for (index, (mine, theirs)) in zip(shown, first).enumerated() where mine != theirs {
                        let read = reads[index]
                        Issue.record("\(context): `wlog \(read.joined(separator: " "))` of replica \(r) differs from replica 0's:\n\(mine)\nvs\n\(theirs)")
                    }
                }
                #expect(first[0].contains("Bench Press") || first[0].contains("Back Squat") || first[0].contains("Deadlift"), "\(context): \(first[0])")
                print(String(format: "sync law, seed %llu: %d replicas, %d commands (%d refused), %d syncs (%d retried), %d events, all checked; %.1f s",
                             seed, count, run.commands, run.refused, run.syncs, run.retried, created.count, Date().timeIntervalSince(started)))
            }
        }
    }
}
