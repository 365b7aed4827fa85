import Foundation
import Testing
import WlogCore

/// `pain.reported` (issue 35: a new event in 6 source files): decide refuses a location that says
/// nothing, naming `location`; the projection lists each location's latest report of 14 days,
/// worst first, in every arrival order; the recorded fact's form (`FactForm`) is derived from the
/// description and refuses what a line of the type could not hold; `wlog pain` and `wlog append
/// fact` record it, a refusal appends nothing, and audit reads it. (The API, MCP and sync:
/// `FactRoutesTests`.)
@Suite("Pain reports", .serialized)
struct PainTests {
    /// 2026-11-20T18:00:00Z, what `WlogProcess` passes as `--now`.
    static let now = Instant(millisecondsSince1970: 1_795_197_600_000)

    static func context() -> DecideContext {
        DecideContext(now: now, offsetMinutes: 60, actor: "user", nextID: { EventID(high: 0x50, low: 1) })
    }

    static func report(_ location: String, _ pain: Int, feltHoursAgo: Int64, recordedHoursAgo: Int64? = nil, id: UInt64) throws -> Event {
        let felt = now.adding(milliseconds: -feltHoursAgo * 3_600_000)
        let recorded = now.adding(milliseconds: -(recordedHoursAgo ?? feltHoursAgo) * 3_600_000)
        return Event(envelope: Envelope(id: EventID(high: 0x61, low: id), occurred: ZonedInstant(felt, offsetMinutes: 60), recorded: recorded),
                     payload: .painReported(PainReported(location: location, pain: try #require(Rating(pain)))))
    }

    @Test func decideTakesALocationAndRefusesOneThatSaysNothing() throws {
        let knee = PainReported(location: "left knee", pain: try #require(Rating(3)), note: "sharp")
        let events = try decide(.record(knee), state: .initial, context: Self.context())
        #expect(events.map(\.payload) == [.painReported(knee)])
        for location in ["", "   ", String(repeating: "k", count: 61)] {
            do {
                _ = try decide(.record(PainReported(location: location, pain: .lowest)), state: .initial, context: Self.context())
                Issue.record("\(location) was accepted")
            } catch {
                #expect(error.field == "location")
                #expect(error.allowed == "where it hurts in 1 to 60 characters, e.g. left knee")
            }
        }
    }

    @Test func eachLocationsLatestReportOfTwoWeeksWorstFirstInEveryArrivalOrder() throws {
        let reports = [
            try Self.report("left knee", 4, feltHoursAgo: 100, id: 1),
            try Self.report("Left Knee ", 2, feltHoursAgo: 10, id: 2),
            // Felt before the report of 10 hours ago, recorded after it: the later feeling counts.
            try Self.report("left knee", 5, feltHoursAgo: 40, recordedHoursAgo: 1, id: 3),
            try Self.report("lower back", 3, feltHoursAgo: 300, id: 4),
            // Older than 14 days: over, and not counted.
            try Self.report("lower back", 5, feltHoursAgo: 337, id: 5),
            // Felt at the same instant: the later change counts.
            try Self.report("wrist", 5, feltHoursAgo: 5, recordedHoursAgo: 5, id: 6),
            try Self.report("wrist", 1, feltHoursAgo: 5, recordedHoursAgo: 4, id: 7),
        ]
        let expected = [("lower back", 3, 1), ("Left Knee", 2, 3), ("wrist", 1, 2)]
        let forwards = reports.indices.map { k in Array(k..<reports.count) + Array(0..<k) }
        for order in forwards + forwards.map { $0.reversed() } {
            let spots = WlogState.replay(order.map { reports[$0] }).painSpots(now: Self.now)
            #expect(spots.map { ($0.location, Int($0.pain.value), $0.reports) }.elementsEqual(expected, by: ==), "order \(order)")
        }
        #expect(WlogState.replay(reports).painSpots(now: Self.now.adding(milliseconds: 15 * 86_400_000)).isEmpty)
    }

    /// The form comes from the description: its fields, their JSON types and what it refuses.
    @Test func theFactsFormIsTheDescriptions() throws {
        #expect(FactForm.all.map(\.type.rawValue) == ["set.rested", "workout.updated", "soreness.recorded", "pain.reported"])
        let form = try #require(FactForm.named("pain.reported"))
        #expect(form.toolName == "record_pain_reported")
        #expect(form.fields.map { "\($0.name) \($0.kind.rawValue) \($0.isRequired)" } == ["location string true", "pain integer true", "note string false"])
        let fact = try form.fact(["location": "left knee", "pain": "3", "note": "a \"sharp\" one"])
        #expect(fact.payload == .painReported(PainReported(location: "left knee", pain: try #require(Rating(3)), note: "a \"sharp\" one")))
        for (values, field, value) in [(["location": "knee"], "pain", "nothing"), (["location": "knee", "pain": "6"], "pain", "6"),
                                       (["location": "knee", "pain": "3.5"], "pain", "3.5"), (["location": "knee", "pain": "2", "at": "x"], "at", "x")] {
            do {
                _ = try form.fact(values)
                Issue.record("\(values) was accepted")
            } catch {
                #expect((error.field, error.value) == (field, value), "\(values): \(error.message)")
            }
        }
        #expect(FactForm.named("bodyweight.recorded") == nil)
    }

    @Test func theCommandRecordsListsAndRefuses() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let knee = try await wlog.run(["pain", "left knee", "3", "--note", "sharp"])
        try #require(knee.status == 0, "\(knee.stderr)")
        #expect(knee.stdout == """
            Location   Pain  Felt                       Reports  Note
            ─────────  ────  ─────────────────────────  ───────  ─────
            left knee     3  2026-11-20T19:00:00+01:00        1  sharp

            """)
        let generic = try await wlog.run(["append", "fact", "pain.reported", "location=lower back", "pain=4"])
        #expect(generic.status == 0 && generic.stdout.hasSuffix("  pain.reported\n"), "\(generic.stderr)")
        let journal = try #require(wlog.journalBytes())

        // Refused: nothing appended, the field and the fix named, the exit codes of cli.md.
        let blank = try await wlog.run(["pain", " ", "3"])
        #expect(blank.status == 65)
        #expect(blank.stderr == "wlog: error: location:   is not allowed — where it hurts in 1 to 60 characters, e.g. left knee\n")
        #expect(try await wlog.run("pain knee 6").status == 64)
        #expect(try await wlog.run("pain knee").status == 64)
        let nine = try await wlog.run(["append", "fact", "pain.reported", "location=knee", "pain=9"])
        #expect(nine.status == 65)
        #expect(nine.stderr == "wlog: error: pain: 9 is not allowed — a rating, a whole number 1 to 5\n")
        let unknown = try await wlog.run(["append", "fact", "pain.reported", "where=knee", "pain=2"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr == "wlog: error: where: knee is not a field of pain.reported — its fields are location, pain, note\n")
        #expect(try await wlog.run(["append", "fact", "bodyweight.recorded", "weight=80"]).status == 64)
        #expect(wlog.journalBytes() == journal)

        let events = try await wlog.run("events --type pain.reported")
        #expect(events.stdout.hasSuffix(#""actor":"user","location":"lower back","pain":4}"# + "\n"), "\(events.stdout)")
        let audit = try await wlog.run("audit")
        #expect(audit.stdout.contains("pain.reported     left knee pain 3/5 — sharp\n"), "\(audit.stdout)")
        let json = try await wlog.run(["pain", "--format", "json"])
        #expect(json.stdout == """
            [
            {"location":"lower back","pain":4,"felt_at":"2026-11-20T19:00:00+01:00","reports":1,"note":null},
            {"location":"left knee","pain":3,"felt_at":"2026-11-20T19:00:00+01:00","reports":1,"note":"sharp"}
            ]

            """)
    }
}
