import Foundation
import Testing

/// The ids `wlog append` mints (`DecideContext.JournalIDs`) and duplicate detection of sealed
/// events by a writer that opens without decompressing sealed chunks.
@Suite("Append ids", .serialized)
struct AppendIDTests {
    /// The `id` of every line of the journal, in order (through the stock `lz4`).
    static func ids(_ wlog: WlogProcess) async throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/lz4")
        process.arguments = ["-dc", wlog.journal]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #""id":""#) else { return nil }
            return String(line[range.upperBound...].prefix(32))
        }
    }

    @Test func mintedIDsShareTheJournalKeyAndDifferInTheirShortForm() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        var shown: [String] = []
        for spec in ["100x5", "102.5x5", "105x3"] {
            let run = try await wlog.run(["append", "set", "bench", spec])
            try #require(run.status == 0, "\(run.stderr)")
            shown.append(String(run.stdout.prefix(8)))
        }
        let ids = try await Self.ids(wlog).suffix(3)
        #expect(ids.map { String($0.prefix(8)) } == shown)
        #expect(Set(ids.map { $0.dropFirst(8) }).count == 1, "one key per journal and device: \(ids)")
        #expect(Set(ids.map { $0.prefix(4) }).count == 3, "4-digit prefixes tell them apart: \(ids)")
    }

    @Test func retryOfAMultiSetCommitAppendsOnce() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let first = try await wlog.run(["append", "set", "squat", "100x5x3", "--id", "K"])
        try #require(first.status == 0, "\(first.stderr)")
        let bytes = try #require(wlog.journalBytes())
        let again = try await wlog.run(["append", "set", "squat", "100x5x3", "--id", "K"])
        #expect(again.status == 0 && again.stdout.isEmpty)
        #expect(again.stderr == "wlog: duplicate: the 3 events of \(first.stdout.prefix(8)) are already in the journal; nothing appended\n")
        #expect(wlog.journalBytes() == bytes)
        let sets = try await wlog.run("export sets").stdout.split(separator: "\n").dropFirst()
        #expect(sets.count == 3)
    }

    @Test func retryOfASealedEventAppendsOnce() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let first = try await wlog.run(["append", "set", "bench", "100x5", "--id", "retry-sealed"])
        #expect(first.status == 0)
        try #require(try await wlog.run(["append", "set", "squat", "140x5"]).status == 0)
        try #require(try await wlog.run(["compact"]).status == 0)
        let sealed = try #require(wlog.journalBytes())
        for environment in [[:], ["WLOG_SNAPSHOT": "off"]] {
            let again = try await wlog.run(["append", "set", "bench", "100x5", "--id", "retry-sealed"], environment: environment)
            #expect(again.status == 0 && again.stdout.isEmpty)
            #expect(again.stderr == "wlog: duplicate: event \(first.stdout.prefix(8)) is already in the journal; nothing appended\n")
            #expect(wlog.journalBytes() == sealed)
        }
    }
}
