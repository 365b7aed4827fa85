import Testing
import WlogCore

/// `DecideContext.JournalIDs`: the compressible ids wlog mints (docs/EVENTS.md "Event ids").
@Suite struct JournalIDsTests {
    static let journal = "0123456789abcdef0123456789abcdef"

    @Test func countsFromTheSequenceAfterTheLastAndKeepsTheKeyInTheLast24Digits() {
        var ids = DecideContext.JournalIDs(journalID: Self.journal, device: "laptop", after: 41)
        let minted = (0..<3).map { _ in ids.next() }
        #expect(ids.counter == 44)
        #expect(minted == (42...44).map { DecideContext.JournalIDs.id(key: ids.key, counter: $0) })
        #expect(Set(minted.map { $0.hex.dropFirst(8) }).count == 1)
        // The counter's last hex digit comes first: 42 = 0x2a, 43 = 0x2b, 44 = 0x2c.
        #expect(Set(minted.map { $0.hex.first }).count == 3)
        #expect(Set(minted.map { $0.hex.dropFirst().first }).count == 1)
    }

    @Test func everyCounterGivesAnotherIdAndShortForm() {
        let key = DecideContext.JournalIDs.key(journalID: Self.journal, device: "laptop")
        var ids: Set<EventID> = [], shorts: Set<String> = []
        for counter in [UInt64(1), 2, 15, 16, 17, 255, 256, 65_535, 65_536, 1 << 32, (1 << 32) + 1, .max] {
            ids.insert(DecideContext.JournalIDs.id(key: key, counter: counter))
            shorts.insert(DecideContext.JournalIDs.id(key: key, counter: counter).short)
        }
        #expect(ids.count == 12)
        #expect(shorts.count == 11, "counters 2³² apart (1 and 2³² + 1) share a short form, nothing else")
        for counter in UInt64(1)...70_000 { shorts.insert(DecideContext.JournalIDs.id(key: key, counter: counter).short) }
        #expect(shorts.count == 70_002, "1…70,000 and the low halves 0 and 2³² − 1")
    }

    @Test func keysDifferByJournalAndDevice() {
        let a = DecideContext.JournalIDs.key(journalID: Self.journal, device: "laptop")
        let b = DecideContext.JournalIDs.key(journalID: Self.journal, device: "phone")
        let c = DecideContext.JournalIDs.key(journalID: String(Self.journal.reversed()), device: "laptop")
        #expect(a.low != b.low && a.low != c.low && b.low != c.low)
    }

    @Test func takenIdsAreSkippedAndFixedIdsComeFirst() {
        let key = DecideContext.JournalIDs.key(journalID: Self.journal, device: "laptop")
        let taken = DecideContext.JournalIDs.id(key: key, counter: 6)
        let ids = DecideContext.JournalIDs(journalID: Self.journal, device: "laptop", after: 5) { $0 == taken }
        let context = DecideContext(now: Instant(millisecondsSince1970: 0), ids: ids)
        #expect(context.nextID() == DecideContext.JournalIDs.id(key: key, counter: 7))
        #expect(context.nextID() == DecideContext.JournalIDs.id(key: key, counter: 8))
        // A fixed id (`--id`) comes first and keys the rest of the commit: derived, not minted.
        let fixed = EventID(high: 7, low: 7)
        let retry = DecideContext(now: Instant(millisecondsSince1970: 0), fixedIDs: [fixed], ids: ids)
        #expect(retry.nextID() == fixed)
        #expect(retry.nextID() == DecideContext.derivedID(fixed, index: 1))
        #expect(retry.nextID() == DecideContext.derivedID(fixed, index: 2))
    }
}
