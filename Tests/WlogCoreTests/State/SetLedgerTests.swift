import Testing
@testable import WlogCore

/// The compact set ledger: reads in history order equal a full sort of every set's current
/// version, however late the sets were logged or far their performed-at was moved.
@Suite("Set ledger")
struct SetLedgerTests {
    /// Every set's current version, sorted as history reads them (the ledger before rows and order).
    static func sortedSets(_ state: WlogState, _ events: [Event]) -> [LoggedSet] {
        var seen: Set<EventID> = []
        var all: [LoggedSet] = []
        for event in events {
            guard case .setLogged = event.payload, seen.insert(event.id).inserted, let set = state.set(event.id) else { continue }
            all.append(set)
        }
        return all.sorted(by: LoggedSet.historyOrder)
    }

    @Test("history order equals a full sort, with late sets and moved sets", arguments: [1, 2, 3] as [UInt64])
    func historyOrder(seed: UInt64) {
        var rng = SnapshotTests.Rng(x: seed &* 7)
        var events = SnapshotTests.history(seed: seed, count: 2_000)
        let setIDs = events.compactMap { event -> EventID? in
            if case .setLogged = event.payload { return event.id } else { return nil }
        }
        for k in 0..<60 {
            let target = setIDs[rng.int(0...setIDs.count - 1)]
            let moved = ZonedInstant(Instant(millisecondsSince1970: 1_700_000_000_000 + Int64(rng.int(0...90_000_000)) * 1000),
                                     offsetMinutes: rng.chance(50) ? 60 : -300)
            let seq = UInt64(events.count + 1)
            events.append(Event(envelope: Envelope(seq: seq, id: EventID(high: 0xED17, low: UInt64(k)), occurred: moved,
                                                   recorded: Instant(millisecondsSince1970: 1_900_000_000_000)),
                                payload: .setEdited(SetEdited(set: target, performed: moved))))
        }
        let state = WlogState.replay(events)
        let expected = Self.sortedSets(state, events)
        #expect(state.allSets == expected)
        #expect(state.liveSets == expected.filter(\.isLive))
        #expect(state.setCount == expected.count)
    }

    @Test("sets logged newest first are merged into the order")
    func reversed() {
        var builder = JournalBuilder()
        let start = Clock.at(2026, 1, 5, 12)
        for k in 0..<3_000 {
            builder.set("squat", .kg(100), 5, at: start.adding(milliseconds: Int64(3_000 - k) * 60_000 - Int64(k % 3)))
        }
        let state = builder.state
        let live = state.liveSets
        #expect(live.count == 3_000)
        #expect(live == live.sorted(by: LoggedSet.historyOrder))
        #expect(live.first?.seq == 3_000)
        #expect(state.sets.pending.count <= 256 || state.sets.pending.count <= state.sets.order.count / 16)
    }

    @Test("rare fields and wide values survive the compact rows")
    func wideValues() {
        var builder = JournalBuilder()
        let at = Clock.at(2026, 1, 5, 12)
        let big = builder.append(.setLogged(SetLogged(exercise: "running", reps: Int(Int32.max) + 5,
                                                      distance: Distance(tenThousandths: 50_000, unit: .mi),
                                                      durationMilliseconds: 1_234_567, notes: "windy")),
                                 at: at, offset: 40_000)
        let state = builder.state
        let set = state.set(big)
        #expect(set?.reps == Int(Int32.max) + 5)
        #expect(set?.performed.offsetMinutes == 40_000)
        #expect(set?.distance == Distance(tenThousandths: 50_000, unit: .mi))
        #expect(set?.durationMilliseconds == 1_234_567 && set?.notes == "windy")
        #expect(set?.weight == nil && set?.rpe == nil && set?.effort == nil)
    }
}
