import Foundation
import Testing
import WlogCore

/// `soreness.recorded` (issue 19's event added in at most 8 files): decide takes a muscle group
/// and refuses anything else naming `group`; the projection lists each group's latest report of the
/// last 72 hours, sorest first, in every arrival order; `wlog soreness` records and lists it, a
/// refusal appends nothing, and audit and the snapshot read it.
@Suite("Muscle soreness", .serialized)
struct SorenessTests {
    /// 2026-11-20T18:00:00Z, what `WlogProcess` passes as `--now`.
    static let now = Instant(millisecondsSince1970: 1_795_197_600_000)

    static func context() -> DecideContext {
        DecideContext(now: now, offsetMinutes: 60, actor: "user", nextID: { EventID(high: 0x50, low: 1) })
    }

    /// A report of `group` felt `feltHoursAgo` before `now` and recorded `recordedHoursAgo` before it.
    static func report(_ group: String, _ soreness: Int, feltHoursAgo: Int64, recordedHoursAgo: Int64? = nil, id: UInt64) throws -> Event {
        let felt = now.adding(milliseconds: -feltHoursAgo * 3_600_000)
        let recorded = now.adding(milliseconds: -(recordedHoursAgo ?? feltHoursAgo) * 3_600_000)
        return Event(envelope: Envelope(id: EventID(high: 0x60, low: id), occurred: ZonedInstant(felt, offsetMinutes: 60), recorded: recorded),
                     payload: .sorenessRecorded(SorenessRecorded(group: group, soreness: try #require(Rating(soreness)))))
    }

    @Test func decideTakesAMuscleGroupAndRefusesAnythingElse() throws {
        let legs = SorenessRecorded(group: "Legs", soreness: try #require(Rating(4)), note: "stairs hurt")
        let events = try decide(.record(legs), state: .initial, context: Self.context())
        #expect(events.map(\.payload) == [.sorenessRecorded(legs)])
        #expect(events.map(\.envelope.occurred.instant) == [Self.now])
        for group in ["Elbows", "legs", "Cardio", ""] {
            #expect(throws: Refusal.self) { try decide(.record(SorenessRecorded(group: group, soreness: .lowest)), state: .initial, context: Self.context()) }
        }
        do {
            _ = try decide(.record(SorenessRecorded(group: "Cardio", soreness: .lowest)), state: .initial, context: Self.context())
        } catch {
            #expect(error.message == "group: Cardio is not allowed — a muscle group: Chest, Back, Legs, Shoulders, Arms, Biceps, Triceps, Core")
        }
    }

    @Test func eachGroupsLatestReportOfThreeDaysSorestFirstInEveryArrivalOrder() throws {
        let reports = [
            try Self.report("Legs", 4, feltHoursAgo: 30, id: 1),
            try Self.report("Legs", 2, feltHoursAgo: 10, id: 2),
            // Felt before the report of 10 hours ago, recorded after it: the later feeling counts.
            try Self.report("Legs", 5, feltHoursAgo: 40, recordedHoursAgo: 1, id: 3),
            try Self.report("Back", 3, feltHoursAgo: 50, id: 4),
            // Older than 72 hours: over.
            try Self.report("Chest", 5, feltHoursAgo: 80, id: 5),
            // Felt at the same instant: the later change counts.
            try Self.report("Arms", 5, feltHoursAgo: 5, recordedHoursAgo: 5, id: 6),
            try Self.report("Arms", 1, feltHoursAgo: 5, recordedHoursAgo: 4, id: 7),
            try Self.report("Core", 2, feltHoursAgo: 72, id: 8),
        ]
        let expected = [("Back", 3), ("Core", 2), ("Legs", 2), ("Arms", 1)]
        // Every rotation of the journal order, forwards and backwards.
        let forwards = reports.indices.map { k in Array(k..<reports.count) + Array(0..<k) }
        for order in forwards + forwards.map { $0.reversed() } {
            let sore = WlogState.replay(order.map { reports[$0] }).soreMuscles(now: Self.now)
            #expect(sore.map { ($0.group.rawValue, Int($0.soreness.value)) }.elementsEqual(expected, by: ==), "order \(order)")
        }
        #expect(WlogState.replay(reports).soreMuscles(now: Self.now.adding(milliseconds: 73 * 3_600_000)).isEmpty)
    }

    @Test func theCommandRecordsListsAndRefuses() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let legs = try await wlog.run(["soreness", "quads", "4", "--note", "stairs hurt"])
        try #require(legs.status == 0, "\(legs.stderr)")
        #expect(legs.stdout == """
            Group  Soreness  Felt                       Note
            ─────  ────────  ─────────────────────────  ───────────
            Legs          4  2026-11-20T19:00:00+01:00  stairs hurt

            """)
        let journal = try #require(wlog.journalBytes())

        // Refused: nothing appended, the field and the fix named, the exit codes of cli.md.
        let cardio = try await wlog.run("soreness cardio 3")
        #expect(cardio.status == 65)
        #expect(cardio.stderr == "wlog: error: group: Cardio is not allowed — a muscle group: Chest, Back, Legs, Shoulders, Arms, Biceps, Triceps, Core\n")
        let seven = try await wlog.run("soreness legs 7")
        #expect(seven.status == 64)
        #expect(seven.stderr.hasPrefix("wlog: error: RATING '7' is not a rating; use a whole number from 1 to 5\n"))
        #expect(try await wlog.run("soreness legs").status == 64)
        #expect(try await wlog.run("soreness elbows 2").status == 64)
        #expect(wlog.journalBytes() == journal)

        let events = try await wlog.run("events --type soreness.recorded")
        #expect(events.stdout.hasSuffix(#""actor":"user","group":"Legs","soreness":4,"note":"stairs hurt"}"# + "\n"), "\(events.stdout)")
        let audit = try await wlog.run("audit")
        #expect(audit.stdout.contains("soreness.recorded  Legs sore 4/5 — stairs hurt"), "\(audit.stdout)")

        // Read again from a snapshot and without one; three days later it is over.
        for environment in [[:], ["WLOG_SNAPSHOT_EVENTS": "0"], [:]] {
            let json = try await wlog.run(["soreness", "--format", "json"], environment: environment)
            #expect(json.stdout == """
                [
                {"group":"Legs","soreness":4,"felt_at":"2026-11-20T19:00:00+01:00","note":"stairs hurt"}
                ]

                """, "\(environment)")
        }
        let later = try await wlog.run(["soreness", "--format", "csv"], environment: ["WLOG_NOW": "2026-11-23T18:00:01Z"])
        #expect(later.stdout == "group,soreness,felt_at,note\n")
        let over = try await wlog.run(["soreness"], environment: ["WLOG_NOW": "2026-11-23T18:00:01Z"])
        #expect(over.status == 0 && over.stdout.isEmpty)
        #expect(over.stderr == "wlog: no soreness reported in the last 72 hours — report it with wlog soreness legs 4\n")
    }
}
