import Foundation
import Testing

/// An id match is a duplicate only when the events are the same (issue 15, docs/SYNC.md): a line
/// whose id the journal or an earlier line holds for other content is refused, never skipped.
@Suite("Id collisions", .serialized)
struct IDCollisionTests {
    static let id = "c0111de0000000000000000000000001"
    static func set(_ weight: String, id: String = id, recorded: String? = nil) -> String {
        let recorded = recorded.map { #","recorded":"\#($0)""# } ?? ""
        return #"{"id":"\#(id)","type":"set.logged","v":1,"at":"2026-11-20T17:00:00.000Z","tz":60\#(recorded),"actor":"user","exercise":"bench-press","reps":5,"weight":"\#(weight)","unit":"kg"}"#
    }

    /// The case of the issue: two lines of one input, one id, two payloads. It printed
    /// "appended 2 event(s)" and stored one.
    @Test func oneIDTwoPayloadsInOneInputIsRefused() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(["append", "events", "-"], stdin: Self.set("100") + "\n\n" + Self.set("105") + "\n")
        #expect(result.status == 65)
        #expect(result.stderr == "wlog: error: line 3 of standard input (set.logged): id \(Self.id) collides with "
            + "line 1 of standard input of this batch, which has other content — an id names one event, so this is no "
            + "duplicate and is not skipped (docs/SYNC.md); nothing was appended: to keep both events, give the line "
            + "a new id (any other 32 hex digits)\n")
        #expect(wlog.journalBytes() == before)
    }

    @Test func anIDTheJournalHoldsForOtherContentIsRefused() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        #expect(try await wlog.run(["append", "events", "-"], stdin: Self.set("100") + "\n").status == 0)
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(["append", "events", "-"], stdin: Self.set("100", id: "c0111de0000000000000000000000002") + "\n" + Self.set("110") + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("wlog: error: line 2 of standard input (set.logged): id \(Self.id) collides with "
            + "the journal's event 5 (set.logged), which has other content"), "\(result.stderr)")
        #expect(wlog.journalBytes() == before)
    }

    /// The same event again (a retry, a file appended twice; `recorded` and `seq` may differ) is a
    /// duplicate, skipped and reported as before, in the journal and within one input.
    @Test func theSameEventIsADuplicate() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let first = try await wlog.run(["append", "events", "-"], stdin: Self.set("100") + "\n" + Self.set("100") + "\n")
        #expect(first.stdout == "appended 1 event(s), skipped 1 duplicate(s)\nlast seq 5\n", "\(first.stderr)")
        let numbered = #"{"seq":9,"# + Self.set("100", recorded: "2026-11-21T08:00:00.000Z").dropFirst()
        let again = try await wlog.run(["append", "events", "-"], stdin: numbered + "\n")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == "appended 0 event(s), skipped 1 duplicate(s)\n")
    }

    /// `--salvage` keeps a collision aside with the reason and appends the rest.
    @Test func salvageKeepsACollisionAside() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let file = wlog.directory.appendingPathComponent("salvage.jsonl")
        try Data((Self.set("100") + "\n" + Self.set("105") + "\n").utf8).write(to: file)
        let result = try await wlog.run(["append", "events", "--salvage", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("appended 1 event(s)\n"))
        let aside = try String(contentsOf: URL(fileURLWithPath: file.path + ".rejected.jsonl"), encoding: .utf8)
        #expect(aside.hasPrefix(#"{"line":2,"reason":"line 2 of \#(file.path) (set.logged): id \#(Self.id) collides with"#), "\(aside)")
    }
}
