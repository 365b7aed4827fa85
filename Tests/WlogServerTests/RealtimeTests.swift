import Foundation
import Logging
import Testing
import WlogCore
@testable import WlogServer
@testable import WlogStore

/// Realtime's pieces on their own: the Phoenix frames both serializers read and write, the
/// bindings a join echoes, the changes a commit makes (exact `data`), the bounded outbox, and a
/// lifter's feed turning commits into INSERT/UPDATE/DELETE in commit order.
@Suite struct RealtimeTests {
    static func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try Array(text.utf8).withUnsafeBytes({ try JSONValue.parse($0) }) else {
            throw RealtimeError.frame("not an object")
        }
        return object
    }

    @Test func readsBothSerializersAndRefusesOtherShapes() throws {
        let v1 = try RealtimeFrame.parse(#"{"event":"phx_join","topic":"realtime:a","payload":{"x":1},"ref":"3","join_ref":"3"}"#, version: .v1)
        #expect(v1 == RealtimeFrame(joinRef: "3", ref: "3", topic: "realtime:a", event: "phx_join", payload: try Self.object(#"{"x":1}"#)))
        let v2 = try RealtimeFrame.parse(#"[null,7,"phoenix","heartbeat",{}]"#, version: .v2)
        #expect(v2 == RealtimeFrame(joinRef: nil, ref: "7", topic: "phoenix", event: "heartbeat"))
        #expect(throws: RealtimeError.frame("vsn 1.0.0 frames are JSON objects {\"event\",\"payload\",\"topic\",\"ref\",\"join_ref\"}")) {
            try RealtimeFrame.parse(#"[null,"1","phoenix","heartbeat",{}]"#, version: .v1)
        }
        #expect(throws: RealtimeError.frame("the frame's topic must be a non-empty string")) {
            try RealtimeFrame.parse(#"{"event":"heartbeat","payload":{}}"#, version: .v1)
        }
        #expect(throws: RealtimeError.frame("the frame's payload must be a JSON object")) {
            try RealtimeFrame.parse(#"{"event":"e","topic":"t","payload":[1]}"#, version: .v1)
        }
        do {
            _ = try RealtimeFrame.parse("{not json", version: .v1)
            Issue.record("malformed JSON was read")
        } catch {
            #expect(error.reason.hasPrefix("the message is not valid JSON"))
        }
    }

    @Test func writesBothSerializers() {
        let payload = Array(#"{"status":"ok","response":{}}"#.utf8)
        #expect(RealtimeFrame.text(version: .v1, joinRef: "1", ref: "2", topic: "phoenix", event: "phx_reply", payload: payload)
            == #"{"event":"phx_reply","topic":"phoenix","ref":"2","join_ref":"1","payload":{"status":"ok","response":{}}}"#)
        #expect(RealtimeFrame.text(version: .v2, joinRef: nil, ref: "2", topic: "phoenix", event: "phx_reply", payload: payload)
            == #"[null,"2","phoenix","phx_reply",{"status":"ok","response":{}}]"#)
    }

    @Test func bindingsEchoWhatTheClientSentAndNameWhatIsWrong() throws {
        let binding = try RealtimeBinding(try Self.object(#"{"event":"*","schema":"treoir","table":"sets","filter":"workoutId=eq.W1"}"#), id: 4)
        var json = JSONWriter()
        binding.reply(into: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"id":4,"event":"*","schema":"treoir","table":"sets","filter":"workoutId=eq.W1"}"#)
        let noSchema = try RealtimeBinding(try Self.object(#"{"event":"INSERT","schema":null,"table":"sets"}"#), id: 5)
        var echo = JSONWriter()
        noSchema.reply(into: &echo)
        #expect(String(decoding: echo.bytes, as: UTF8.self) == #"{"id":5,"event":"INSERT","schema":null,"table":"sets"}"#)
        #expect(noSchema.table.schema == "public")

        #expect(throws: RealtimeError.binding("event \"TRUNCATE\" is not INSERT, UPDATE, DELETE or *")) {
            try RealtimeBinding(try Self.object(#"{"event":"TRUNCATE","table":"sets"}"#), id: 1)
        }
        #expect(throws: RealtimeError.binding("filter \"weight=gt.100\": only eq is supported (column=eq.value)")) {
            try RealtimeBinding(try Self.object(#"{"event":"*","table":"sets","filter":"weight=gt.100"}"#), id: 1)
        }
        #expect(throws: RealtimeError.binding("filter \"kg=eq.1\": sets has no column kg (columns: id, exercise_id, user_id, weight, reps, distance, duration, date, notes, created_at)")) {
            try RealtimeBinding(try Self.object(#"{"event":"*","table":"sets","filter":"kg=eq.1"}"#), id: 1)
        }
        let users = try Self.object(#"{"event":"*","schema":"auth","table":"users"}"#)
        do {
            _ = try RealtimeBinding(users, id: 1)
            Issue.record("auth.users was bound")
        } catch {
            #expect(error.reason.hasPrefix("no table auth.users is published for Realtime; use one of public.exercises"))
        }
    }

    @Test func filtersCompareAsPostgreSQLWould() throws {
        let binding = try RealtimeBinding(try Self.object(#"{"event":"UPDATE","table":"sets","filter":"reps=eq.5"}"#), id: 1)
        let table = binding.table
        #expect(binding.matches(.update, table: table, row: try Self.object(#"{"reps":5}"#)))
        #expect(!binding.matches(.update, table: table, row: try Self.object(#"{"reps":6}"#)))
        #expect(!binding.matches(.insert, table: table, row: try Self.object(#"{"reps":5}"#)))
        #expect(RealtimeBinding.value(.string("ABCDEF01-0000-4000-8000-000000000001"), equals: "abcdef01-0000-4000-8000-000000000001"))
        #expect(!RealtimeBinding.value(.string("Bench"), equals: "bench"))
        #expect(RealtimeBinding.value(.number("220.5"), equals: "220.50"))
        #expect(RealtimeBinding.value(.null, equals: "null"))
    }

    @Test func aCommitsChangesAreItsRowsBeforeAndAfter() throws {
        let table = try RealtimeCatalog.table(schema: "treoir", name: "workouts")
        let row = { (key: String, json: String) in RealtimeTable.Row(key: key, json: Array(json.utf8)) }
        let old = [row("a", #"{"id":"a","reps":5}"#), row("b", #"{"id":"b","reps":3}"#), row("c", #"{"id":"c","reps":1}"#)]
        let new = [row("a", #"{"id":"a","reps":5}"#), row("c", #"{"id":"c","reps":2}"#), row("d", #"{"id":"d","reps":8}"#)]
        let changes = RealtimeChange.diff(table, old: old, new: new, committed: Instant(millisecondsSince1970: 1_764_000_000_123))
        #expect(changes.map { String(decoding: $0.data, as: UTF8.self) } == [
            #"{"schema":"treoir","table":"workouts","commit_timestamp":"2025-11-24T16:00:00.123Z","type":"DELETE","columns":[{"name":"id","type":"text"},{"name":"reps","type":"numeric"}],"errors":null,"old_record":{"id":"b","reps":3}}"#,
            #"{"schema":"treoir","table":"workouts","commit_timestamp":"2025-11-24T16:00:00.123Z","type":"UPDATE","columns":[{"name":"id","type":"text"},{"name":"reps","type":"numeric"}],"errors":null,"record":{"id":"c","reps":2},"old_record":{"id":"c","reps":1}}"#,
            #"{"schema":"treoir","table":"workouts","commit_timestamp":"2025-11-24T16:00:00.123Z","type":"INSERT","columns":[{"name":"id","type":"text"},{"name":"reps","type":"numeric"}],"errors":null,"record":{"id":"d","reps":8}}"#,
        ])
    }

    @Test func aClientThatFallsBehindIsCutOffNotBuffered() async {
        let outbox = RealtimeOutbox(limit: 3)
        for n in 0..<3 { #expect(outbox.push(.text("\(n)"))) }
        #expect(!outbox.push(.text("3")))
        #expect(outbox.overflowed)
        #expect(!outbox.push(.text("4")))
        #expect(await outbox.next() == nil)

        let reader = RealtimeOutbox(limit: 2)
        reader.push(.text("a"))
        guard case .text("a")? = await reader.next() else { Issue.record("the first item was not handed out"); return }
        async let waiting = reader.next()
        reader.push(.text("b"))
        guard case .text("b")? = await waiting else { Issue.record("a waiting reader was not woken"); return }
        #expect(!reader.overflowed && reader.count == 0)
    }

    @Test func aFeedSendsEachCommitsChangesInOrderToItsLiftersChannel() async throws {
        let fixture = try StoreTests.Fixture()
        defer { fixture.remove() }
        let lifter = StoreTests.lifter(1)
        let feed = RealtimeFeed(lifter: lifter, store: fixture.store, now: { StoreTests.now }, logger: Logger(label: "test"))
        let outbox = RealtimeOutbox(limit: 10)
        let binding = try RealtimeBinding(try Self.object(#"{"event":"*","schema":"public","table":"sets"}"#), id: 9)
        let subscription = RealtimeSubscription(lifter: lifter, topic: "realtime:s", bindings: [binding], outbox: outbox)
        try await StoreTests.logSets(fixture.store, lifter, reps: 5)
        try await feed.add(subscription)
        subscription.open(with: ["joined"])
        guard case .text("joined")? = await outbox.next() else { Issue.record("the join reply did not come first"); return }
        #expect(outbox.count == 0, "the rows before the join are not changes")

        try await StoreTests.logSets(fixture.store, lifter, reps: 3, kg: 110)
        try await feed.compare()
        let id = try await fixture.store.read(lifter) { view in view.state.liveSets.first { $0.reps == 3 }.map { APIID.text($0.id) } ?? "" }
        try await fixture.store.write(lifter, at: StoreTests.now, actor: "api", fixedIDs: []) { view, context in
            try decide(.deleteSet(id: try #require(APIID.event(id)), reason: nil), state: view.state, context: context)
        } render: { _, _ in () }
        try await feed.compare()
        var kinds: [String] = []
        for _ in 0..<2 {
            guard case .change(let topic, let ids, let data)? = await outbox.next() else { Issue.record("no change"); return }
            let object = try Self.object(String(decoding: data, as: UTF8.self))
            #expect(topic == "realtime:s" && ids == [9])
            let row = object["record"] ?? object["old_record"]
            guard case .object(let fields)? = row else { Issue.record("no row"); return }
            #expect(fields["id"] == .string(id) && fields["reps"] == .number("3") && fields["user_id"] == .string(lifter.uuid))
            kinds.append(object["type"]?.stringValue ?? "")
        }
        #expect(kinds == ["INSERT", "DELETE"])
        #expect(outbox.count == 0)
    }
}

extension RealtimeTests {
    /// `TreoirRows.sets` counts `orderIndex` in one pass; it must equal the set routes' rule
    /// (`WlogState.positionInWorkout`) for every set, across exercises, workouts and a deletion.
    @Test func treoirSetRowsNumberSetsAsTheSetRoutesDo() async throws {
        let fixture = try StoreTests.Fixture()
        defer { fixture.remove() }
        let lifter = StoreTests.lifter(2)
        try await StoreTests.logSets(fixture.store, lifter, reps: 5, count: 3)
        try await StoreTests.logSets(fixture.store, lifter, reps: 4, count: 2, at: Instant(iso8601: "2026-01-16T09:30:00Z")!)
        try await fixture.store.write(lifter, at: StoreTests.now, actor: "api", fixedIDs: []) { view, context in
            try decide(.logSets(LogSets(exercise: "squat", reps: 2, weight: .kg(140), count: 2)), state: view.state, context: context)
        } render: { _, _ in () }
        let first = try await fixture.store.read(lifter) { view in view.state.liveSets[0].id }
        try await fixture.store.write(lifter, at: StoreTests.now, actor: "api", fixedIDs: []) { view, context in
            try decide(.deleteSet(id: first, reason: nil), state: view.state, context: context)
        } render: { _, _ in () }
        let (rows, expected) = try await fixture.store.read(lifter) { view in
            (TreoirRows.sets.rows(view, StoreTests.now),
             view.state.liveSets.map { (APIID.text($0.id), view.state.positionInWorkout(ofSet: $0.id) ?? -1) })
        }
        let got = try rows.map { row -> (String, Int) in
            let object = try Self.object(String(decoding: row.json, as: UTF8.self))
            return (row.key, object["orderIndex"]?.intValue ?? -2)
        }
        #expect(got.count == 6)
        #expect(got.map(\.0) == expected.map(\.0) && got.map(\.1) == expected.map(\.1), "\(got) against \(expected)")
    }
}
