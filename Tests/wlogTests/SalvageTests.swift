import Foundation
import Testing

/// The documented recovery works end to end (issue 20, item 5): after `wlog repair --yes`, the
/// salvage file goes back in with `append events --salvage`; what cannot (a `workout.finished`
/// whose `workout.started` was in the damaged range) is kept aside with the reason.
@Suite struct SalvageTests {
    @Test func repairThenSalvageRoundTrips() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let before = try #require(wlog.journalBytes()).count
        try #require(try await wlog.run(["append", "workout", "start", "--at", "2026-11-20T17:00"]).status == 0)
        let started = try #require(wlog.journalBytes()).count
        for spec in ["100x5", "105x5"] { try #require(try await wlog.run(["append", "set", "bench", spec]).status == 0) }
        try #require(try await wlog.run(["append", "workout", "finish"]).status == 0)
        try #require(try await wlog.run(["append", "bodyweight", "80"]).status == 0)
        // Damage the workout.started commit (good commits follow it): a byte of its compressed data.
        var bytes = try #require(wlog.journalBytes())
        bytes[before + (started - before) / 2] ^= 0x40
        try bytes.write(to: URL(fileURLWithPath: wlog.journal))
        let repair = try await wlog.run(["repair", "--yes"])
        try #require(repair.status == 0, "\(repair.stderr)")
        let quarantine = wlog.journal + ".quarantine"
        let salvage = try #require(try FileManager.default.contentsOfDirectory(atPath: quarantine).first { $0.hasSuffix(".salvage.jsonl") })
        let path = quarantine + "/" + salvage
        #expect(repair.stdout.contains("wlog append events --salvage \(path)"))

        // As a whole it is refused (the finish names a workout the journal no longer has), with the way out.
        let whole = try await wlog.run(["append", "events", path])
        #expect(whole.status == 65 && whole.stderr.contains("workout") && whole.stderr.contains("--salvage"), "\(whole.stderr)")
        let salvaged = try await wlog.run(["append", "events", "--salvage", path])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(salvaged.stdout.hasPrefix("appended 3 event(s)"), "\(salvaged.stdout)")
        #expect(salvaged.stderr.contains("kept aside line"), "\(salvaged.stderr)")
        let rejected = try String(contentsOfFile: path + ".rejected.jsonl", encoding: .utf8)
        let lines = rejected.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((object["reason"] as? String)?.contains("is unknown") == true)
        #expect((object["event"] as? [String: Any])?["type"] as? String == "workout.finished")
        // The sets and the body weight are back; appending the file again takes nothing twice.
        #expect(try await wlog.run(["history", "--format", "csv"]).stdout.contains(",2,10,1025,kg"))
        let again = try await wlog.run(["append", "events", "--salvage", path])
        #expect(again.status == 0 && again.stdout.contains("appended 0 event(s), skipped 3 duplicate(s)"), "\(again.stdout)")
    }

    @Test func aSeqInTheInputIsSaidNotSilentlyRenumbered() async throws {
        let wlog = try WlogProcess(), other = try WlogProcess()
        defer {
            wlog.cleanup()
            other.cleanup()
        }
        for copy in [wlog, other] { try #require(try await copy.run(["init", "--unit", "kg"]).status == 0) }
        try #require(try await other.run(["append", "set", "bench", "100x5"]).status == 0)
        let lines = try await other.run(["events", "--type", "set.logged"]).stdout
        let result = try await wlog.run(["append", "events", "-"], stdin: lines)
        #expect(result.status == 0 && result.stderr.contains("1 line(s) of standard input carry a seq"), "\(result.stderr)")
    }
}

/// `--as-of` on an append is refused, not ignored (issue 20, item 10).
@Suite struct AppendAsOfTests {
    @Test func asOfOnAnAppendIsRefused() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        for arguments in [["--as-of", "seq:1", "append", "set", "bench", "100x5"], ["append", "bodyweight", "80", "--as-of", "2026-11-01"]] {
            let result = try await wlog.run(arguments)
            #expect(result.status == 64 && result.stderr.contains("drop --as-of"), "\(arguments): \(result.stderr)")
        }
        #expect(wlog.journalBytes() == before)
    }
}
