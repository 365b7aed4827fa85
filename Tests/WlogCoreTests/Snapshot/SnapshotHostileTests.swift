import Testing
@testable import WlogCore

/// A snapshot whose checksum is right but whose bytes were changed (a crafted file, or damage
/// the checksum misses) is refused or decodes to some state, and never traps: the decoder
/// bounds-checks every count, index and code, and the queries run on whatever it accepted.
@Suite("Snapshot, hostile bytes")
struct SnapshotHostileTests {
    /// Where the payload starts: the checksum field is the 8 bytes before it.
    static func payloadStart(_ bytes: [UInt8]) -> Int? {
        for start in 16..<min(bytes.count, 400) {
            let stored = bytes[(start - 8)..<start].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let actual = bytes[start...].withUnsafeBytes { WordChecksum.hash($0) }
            if stored == actual { return start }
        }
        return nil
    }

    static func resealed(_ bytes: [UInt8], start: Int) -> [UInt8] {
        var out = bytes
        let sum = out[start...].withUnsafeBytes { WordChecksum.hash($0) }
        for i in 0..<8 { out[start - 8 + i] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(i))) }
        return out
    }

    /// A bench press set after every event of the test histories.
    static func laterSet(after seq: UInt64) -> Event {
        let at = Instant(millisecondsSince1970: 1_900_000_000_000)
        return Event(envelope: Envelope(seq: seq + 1, id: EventID(high: 9, low: 9), occurred: ZonedInstant(at, offsetMinutes: 60),
                                        recorded: at, actor: "user"),
                     payload: .setLogged(SetLogged(exercise: "bench-press", reps: 3, weight: .kg(200))))
    }

    @Test("changed bytes with a fixed-up checksum never trap", arguments: [21, 22] as [UInt64])
    func changedBytes(seed: UInt64) throws {
        var head = WlogState.replay(SnapshotTests.history(seed: seed, count: 700))
        head.cacheRecords()
        let bytes = StateSnapshot.encode(head, stamp: SnapshotTests.stamp(head))
        let start = try #require(Self.payloadStart(bytes))
        var rng = SnapshotTests.Rng(x: seed)
        let context = QueryContext(now: Instant(millisecondsSince1970: 1_800_000_000_000), offsetMinutes: 60, unit: .kg)
        var refused = 0
        for _ in 0..<300 {
            var changed = bytes
            for _ in 0..<rng.int(1...3) {
                let position = rng.int(start...(bytes.count - 1))
                changed[position] = rng.chance(50) ? UInt8(truncatingIfNeeded: rng.next()) : changed[position] ^ (1 << UInt8(rng.int(0...7)))
            }
            guard let decoded = try? StateSnapshot.decode(Self.resealed(changed, start: start)).state else {
                refused += 1
                continue
            }
            // Whatever was accepted answers queries without trapping.
            _ = decoded.everyExerciseRecords()
            _ = decoded.history(HistoryFilter(limit: 5), context: context)
            _ = decoded.liveSets.count
            // A set logged after it extends (or drops) the cached records it brought.
            var later = decoded
            later.apply(Self.laterSet(after: decoded.lastSeq))
            _ = later.everyExerciseRecords()
            _ = later.history(HistoryFilter(limit: 5), context: context)
        }
        #expect(refused > 0)
    }

    @Test("a row with any index or code out of range is refused; the edges of each range are accepted")
    func rowChecks() {
        let ledger = WlogState.replay(SnapshotTests.history(seed: 3, count: 400)).sets
        let valid = ledger.rows[0]
        func holds(_ change: (inout SetRow) -> Void) -> Bool {
            var row = valid
            change(&row)
            return [valid, row, valid].withUnsafeBufferPointer(ledger.holdsAll)
        }
        let count = { (n: Int) in Int32(n) }
        #expect(holds { _ in })
        #expect(holds { $0.exercise = count(ledger.exerciseIDs.count - 1); $0.workout = -1; $0.extra = -1; $0.change = -1 })
        #expect(holds { $0.workout = count(ledger.workoutIDs.count - 1); $0.actor = count(ledger.actors.count - 1) })
        #expect(holds { $0.rpe = 2; $0.effort = 5; $0.setType = 4; $0.flags = 127 } && holds { $0.rpe = 20 } && holds { $0.rpe = 0 })
        let refused: [(inout SetRow) -> Void] = [
            { $0.exercise = count(ledger.exerciseIDs.count) }, { $0.exercise = -1 }, { $0.exercise = .min },
            { $0.workout = count(ledger.workoutIDs.count) }, { $0.workout = -2 }, { $0.workout = .max },
            { $0.extra = count(ledger.extras.count) }, { $0.extra = -2 },
            { $0.actor = count(ledger.actors.count) }, { $0.actor = -1 },
            { $0.change = count(ledger.changes.count) }, { $0.change = -2 },
            { $0.rpe = 1 }, { $0.rpe = 21 }, { $0.rpe = 34 }, { $0.rpe = 255 },
            { $0.effort = 6 }, { $0.setType = 5 }, { $0.flags = 128 }, { $0.spare = 1 },
        ]
        for (k, change) in refused.enumerated() { #expect(!holds(change), "change \(k)") }
    }
}
