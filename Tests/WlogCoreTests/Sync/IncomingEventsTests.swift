import Testing
@testable import WlogCore

/// docs/SYNC.md's rule, in the one place the CLI and the server call: an id match is a duplicate
/// only when the events are the same.
@Suite struct IncomingEventsTests {
    static func set(_ id: String, weight: String, seq: Int? = nil, recorded: String? = nil) throws -> Event {
        let seq = seq.map { #""seq":\#($0),"# } ?? ""
        let recorded = recorded.map { #","recorded":"\#($0)""# } ?? ""
        let line = #"{\#(seq)"id":"\#(id)000000000000000000000000","type":"set.logged","v":1,"at":"2026-11-20T17:00:00.000Z","tz":60\#(recorded),"actor":"user","exercise":"bench-press","reps":5,"weight":"\#(weight)","unit":"kg"}"#
        return try EventCodec.decode(Array(line.utf8))
    }

    @Test func freshDuplicateAndCollisionWithinOneBatch() throws {
        let batch = [try Self.set("aaaaaaaa", weight: "100"), try Self.set("bbbbbbbb", weight: "100"),
                     try Self.set("aaaaaaaa", weight: "100"), try Self.set("aaaaaaaa", weight: "105")]
        let sorted = IncomingEvents(batch, held: { _ in nil })
        #expect(sorted.fresh == [0, 1])
        #expect(sorted.duplicates == [2])
        #expect(sorted.collisions.map(\.index) == [3])
        #expect(sorted.collisions.first?.refusal.message == "event 4 (set.logged): id aaaaaaaa000000000000000000000000 "
            + "collides with event 1 of this batch, which has other content — an id names one event, so this is no "
            + "duplicate and is not skipped (docs/SYNC.md)")
    }

    @Test func againstTheJournalSeqAndRecordedDoNotCount() throws {
        let held = try Self.set("aaaaaaaa", weight: "100", seq: 7)
        let again = [try Self.set("aaaaaaaa", weight: "100", recorded: "2026-11-21T09:00:00.000Z")]
        let duplicate = IncomingEvents(again, held: { $0 == held.id ? held : nil })
        #expect(duplicate.fresh.isEmpty && duplicate.collisions.isEmpty)
        #expect(duplicate.duplicates == [0])
        let other = [try Self.set("bbbbbbbb", weight: "100"), try Self.set("aaaaaaaa", weight: "102.5")]
        let sorted = IncomingEvents(other, held: { $0 == held.id ? held : nil }, name: { "line \($0 + 10)" })
        #expect(sorted.fresh == [0] && sorted.duplicates.isEmpty)
        #expect(sorted.collisions.first?.refusal.field == "line 11 (set.logged)")
        #expect(sorted.collisions.first?.refusal.problem == "collides with the journal's event 7 (set.logged), which has other content")
    }

    @Test func actorAndOccurredAtAreContent() throws {
        var other = try Self.set("aaaaaaaa", weight: "100")
        let original = other
        other.envelope.actor = "phone"
        #expect(!IncomingEvents.sameEvent(original, other))
        other = original
        other.envelope.occurred.offsetMinutes = 0
        #expect(!IncomingEvents.sameEvent(original, other))
    }
}
