import Testing
@testable import WlogCore

/// `StampOrder` (docs/SYNC.md, "Order"): the latest events by stamp — what `wlog audit` lists
/// without an id — are the same whether read from the journal's tail or sorted from all of it,
/// whatever order a replica holds the events in; the tail alone is read when it decides them.
@Suite struct StampOrderTests {
    static func event(_ index: Int, recorded: Int64, id: UInt64) throws -> Event {
        let at = Instant(millisecondsSince1970: 1_795_000_000_000 + recorded * 1000).iso8601
        let hex = String(id, radix: 16).leftPadded(to: 16) + "0000000000000000"
        let text = #"{"id":"\#(hex)","type":"set.logged","v":1,"at":"\#(at)","tz":0,"recorded":"\#(at)","actor":"user","exercise":"bench-press","reps":\#(index % 9 + 1),"weight":"100","unit":"kg"}"#
        return try EventCodec.decode(Array(text.utf8))
    }

    /// A journal of `count` events: appended in recorded order, with ties (one command's sets share
    /// a millisecond) and, when `merges`, runs of events recorded earlier elsewhere pulled in.
    static func journal(count: Int, merges: Bool, seed: UInt64) throws -> (events: [Event], state: WlogState) {
        var g = EventSamples.SeededRNG(seed: seed)
        var state = WlogState.initial, events: [Event] = []
        var clock: Int64 = 100_000
        for index in 0..<count {
            clock += Int64.random(in: 0...2, using: &g)
            let pulled = merges && Int.random(in: 0..<6, using: &g) == 0
            var event = try Self.event(index, recorded: pulled ? clock - Int64.random(in: 1...50, using: &g) : clock,
                                       id: UInt64.random(in: 1...UInt64.max, using: &g))
            event.envelope.seq = UInt64(index + 1)
            state.apply(event)
            events.append(event)
        }
        return (events, state)
    }

    @Test(arguments: [(false, 1), (true, 2), (true, 3), (true, 4)] as [(Bool, UInt64)])
    func theLatestByStampAreTheSameReadFromTheTailOrFromAll(merges: Bool, seed: UInt64) throws {
        let (events, state) = try Self.journal(count: 120, merges: merges, seed: seed)
        let all = StampOrder.sorted(events)
        for limit in [0, 1, 5, 20, 60, 119, 120, 500] {
            var reads: [UInt64] = []
            let latest = state.stampOrder.latest(limit, lastSeq: state.lastSeq) { (after: UInt64) -> [Event] in
                reads.append(after)
                return events.filter { $0.seq > after }
            }
            #expect(latest.map(\.id) == all.suffix(limit).map(\.id), "limit \(limit)")
            // Appended in order, the tail decides: one read of twice the limit.
            if !merges, limit > 0, limit * 2 < events.count { #expect(reads == [UInt64(events.count - limit * 2)], "limit \(limit)") }
        }
        // Held in another order (another replica), the same latest events.
        let reversed = events.reversed().enumerated().map { index, event in
            var event = event
            event.envelope.seq = UInt64(index + 1)
            return event
        }
        var other = WlogState.initial
        for event in reversed { other.apply(event) }
        let latest = other.stampOrder.latest(20, lastSeq: other.lastSeq) { after in reversed.filter { $0.seq > after } }
        #expect(latest.map(\.id) == all.suffix(20).map(\.id))
    }

    @Test func theCreatingEventComesFirstThenStampOrder() throws {
        let logged = try Self.event(0, recorded: 50, id: 9)
        let early = try Self.event(1, recorded: 10, id: 7), tie = try Self.event(2, recorded: 10, id: 3)
        #expect(StampOrder.sorted([early, logged, tie], first: logged.id).map(\.id) == [logged.id, tie.id, early.id])
        #expect(StampOrder.sorted([early, logged, tie]).map(\.id) == [tie.id, early.id, logged.id])
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
