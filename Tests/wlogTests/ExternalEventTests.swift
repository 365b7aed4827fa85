import Foundation
import Testing

/// `append events` holds each line to the rules of the command that makes it (issue 20, item 6):
/// a set with weight −1000 kg was accepted and volume showed −5000 kg.
@Suite("External events", .serialized)
struct ExternalEventTests {
    /// A `set.logged` line for bench press with these fields (no `seq`).
    static func set(_ fields: String, id: String = "e0000000000000000000000000000001") -> String {
        #"{"id":"\#(id)","type":"set.logged","v":1,"at":"2026-11-20T17:00:00.000Z","tz":60,"actor":"user","exercise":"bench-press",\#(fields)}"#
    }

    static let refused: [(line: String, message: String)] = [
        (set(#""reps":5,"weight":"-1000","unit":"kg""#), "set.weight: -1000 kg is not allowed — a strength set needs weight > 0"),
        (set(#""reps":-1,"weight":"100","unit":"kg""#), "set.reps"),
        (set(#""reps":5000,"weight":"100","unit":"kg""#), "set.reps: 5000 is not allowed — reps are 0 to 1000"),
        (set(#""reps":5,"weight":"99999","unit":"kg""#), "set.weight: 99999 kg is not allowed"),
        (set(#""reps":5,"weight":"100","unit":"kg","distance":"5","distance_unit":"km""#), "set.distance"),
        (#"{"id":"e0000000000000000000000000000002","type":"bodyweight.recorded","v":1,"at":"2026-11-20T17:00:00.000Z","tz":60,"actor":"user","weight":"-80","unit":"kg"}"#,
         "bodyweight.weight"),
        // Facts recorded as stated (`RecordedFact`) are held to their own rule too (issue 35): the
        // CLI refuses soreness for Cardio and a rest of five hours, and so must an outside line.
        (#"{"id":"e0000000000000000000000000000003","type":"soreness.recorded","v":1,"at":"2026-11-20T17:00:00.000Z","tz":60,"actor":"user","group":"Cardio","soreness":3}"#,
         "group: Cardio is not allowed — a muscle group: "),
        (#"{"id":"e0000000000000000000000000000004","type":"set.rested","v":1,"at":"2026-11-20T17:01:00.000Z","tz":60,"actor":"user","set":"e00000000000000000000000000000ff","duration_ms":18000000}"#,
         "rest: 5:00:00 is not allowed — a rest between sets is 0:01 to 60:00"),
    ]

    @Test(arguments: refused.indices)
    func aLineAppendSetWouldRefuseIsRefused(_ index: Int) async throws {
        let (line, message) = Self.refused[index]
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let good = Self.set(#""reps":5,"weight":"100","unit":"kg""#, id: "e00000000000000000000000000000ff")
        let result = try await wlog.run(["append", "events", "-"], stdin: good + "\n" + line + "\n")
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("wlog: error: event 2 (") && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was appended"))
        #expect(wlog.journalBytes() == before)
    }

    @Test func aGoodLineIsAppended() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let result = try await wlog.run(["append", "events", "-"], stdin: Self.set(#""reps":5,"weight":"100","unit":"kg""#) + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        // The squat 140x5 of the journal and this 100x5, in week 47.
        #expect(try await wlog.run(["volume", "--format", "csv"]).stdout.contains("2026-W47,,2,1200,kg"))
    }
}
