/// Snapshot encoding of the records cache (`RecordsCache`): per exercise slot, the records, the
/// categories each PR set made and the rep-PR sets, sets written as their row in the ledger.
extension SnapshotWriter {
    mutating func recordsCache(_ cache: RecordsCache, rowOf: (EventID) -> Int32?) {
        array(cache.repTargets) { $0.int($1) }
        u64(UInt64(cache.bySlot.count))
        // Most PR sets made the same few lists of categories: each list is written once.
        var kindLists: [[RecordKind]: UInt64] = [:]
        for entry in cache.bySlot {
            // An entry whose sets the ledger no longer finds is written as absent (recomputed).
            guard let records = entry, let rows = Self.rows(of: records, rowOf: rowOf) else {
                bool(false)
                continue
            }
            bool(true)
            array(records.kinds) { $0.recordKind($1) }
            array(records.records) { $0.personalRecord($1) }
            u64(UInt64(records.prsBySet.count))
            for id in records.prsBySet.keys.sorted() {
                self.id(id)
                sharedArray(records.prsBySet[id] ?? [], written: &kindLists) { $0.recordKind($1) }
            }
            // Each rep-PR set as its row and whether it is in `repPRSets`.
            u64(UInt64(rows.count))
            for (row, set) in zip(rows, records.repPRSetsInOrder) {
                int(Int(row))
                bool(records.repPRSets.contains(set.id))
            }
            optional(records.latest) { w, key in
                w.i64(key.performed)
                w.i64(key.recorded)
                w.id(key.id)
            }
        }
    }

    /// The ledger rows of the rep-PR sets, or nil when one is missing.
    private static func rows(of records: PersonalRecords, rowOf: (EventID) -> Int32?) -> [Int32]? {
        var rows: [Int32] = []
        rows.reserveCapacity(records.repPRSetsInOrder.count)
        for set in records.repPRSetsInOrder {
            guard let row = rowOf(set.id) else { return nil }
            rows.append(row)
        }
        return rows
    }

    mutating func recordKind(_ kind: RecordKind) {
        switch kind {
        case .repMax(let reps): u8(0); int(reps)
        case .heaviest: u8(1)
        case .e1rm: u8(2)
        case .setVolume: u8(3)
        case .maxReps: u8(4)
        case .longestDistance: u8(5)
        case .longestDuration: u8(6)
        case .bestPace: u8(7)
        }
    }

    mutating func personalRecord(_ r: PersonalRecord) {
        recordKind(r.kind)
        switch r.value {
        case .mass(let m): u8(0); mass(m)
        case .reps(let n): u8(1); int(n)
        case .distance(let d): u8(2); distance(d)
        case .duration(let ms): u8(3); i64(ms)
        case .pace(let ms): u8(4); i64(ms)
        }
        optional(r.reps) { $0.int($1) }
        optional(r.weight) { $0.mass($1) }
        id(r.set)
        zoned(r.performed)
    }
}

extension SnapshotReader {
    /// Reads the cache back; `ledger` makes the sets of the rows it names (each row checked),
    /// `exercise` resolves an exercise id.
    mutating func recordsCache(ledger: SetLedger, exercise: (String) -> Exercise?) throws(SnapshotError) -> RecordsCache {
        let exerciseIDs = ledger.exerciseIDs
        let targets = try array { (r: inout R) throws(SnapshotError) in try r.int() }
        let count = try self.count(max: exerciseIDs.count)
        guard count == exerciseIDs.count || count == 0 else {
            throw SnapshotError("snapshot records cache has \(count) exercises, the ledger \(exerciseIDs.count)")
        }
        var bySlot = [PersonalRecords?](repeating: nil, count: count)
        var kindLists: [[RecordKind]] = []
        for slot in 0..<count where try bool() {
            let kinds = try array { (r: inout R) throws(SnapshotError) in try r.recordKind() }
            let records = try array { (r: inout R) throws(SnapshotError) in try r.personalRecord() }
            let flagged = try self.count()
            // Most exercises have no sets at all: no table is allocated for them.
            var prsBySet: [EventID: [RecordKind]] = flagged > 0 ? Dictionary(minimumCapacity: flagged) : [:]
            for _ in 0..<flagged {
                let id = try self.id()
                prsBySet[id] = try sharedArray(read: &kindLists) { (r: inout R) throws(SnapshotError) in try r.recordKind() }
            }
            let repPRs = try self.count(max: remaining / 2)
            var inOrder: [LoggedSet] = []
            inOrder.reserveCapacity(repPRs)
            var repPRSets: Set<EventID> = repPRs > 0 ? Set(minimumCapacity: repPRs) : []
            for _ in 0..<repPRs {
                let row = try int()
                guard row >= 0, row < ledger.rows.count else { throw SnapshotError("snapshot rep-PR row \(row)") }
                let made = ledger.loggedSet(ledger.rows[row], resolvingDiscard: false)
                if try bool() { repPRSets.insert(made.id) }
                inOrder.append(made)
            }
            let latest = try optional { (r: inout R) throws(SnapshotError) -> HistoryKey in
                let performed = try r.i64(), recorded = try r.i64()
                return HistoryKey(performed: performed, recorded: recorded, id: try r.id())
            }
            // An exercise no longer known is left out (recomputed, i.e. skipped, by the query).
            guard let exercise = exercise(exerciseIDs[slot]) else { continue }
            bySlot[slot] = PersonalRecords(exercise: exercise, kinds: kinds, records: records, repPRSetsInOrder: inOrder,
                                           prsBySet: prsBySet, repPRSets: repPRSets, latest: latest)
        }
        return count == 0 ? RecordsCache() : RecordsCache(bySlot: bySlot, repTargets: targets)
    }

    mutating func recordKind() throws(SnapshotError) -> RecordKind {
        switch try u8() {
        case 0: return .repMax(try int())
        case 1: return .heaviest
        case 2: return .e1rm
        case 3: return .setVolume
        case 4: return .maxReps
        case 5: return .longestDistance
        case 6: return .longestDuration
        case 7: return .bestPace
        case let b: throw SnapshotError("bad record kind \(b)")
        }
    }

    mutating func personalRecord() throws(SnapshotError) -> PersonalRecord {
        let kind = try recordKind()
        let value: RecordValue
        switch try u8() {
        case 0: value = .mass(try mass())
        case 1: value = .reps(try int())
        case 2: value = .distance(try distance())
        case 3: value = .duration(milliseconds: try i64())
        case 4: value = .pace(millisecondsPerKilometre: try i64())
        case let b: throw SnapshotError("bad record value \(b)")
        }
        let reps = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        let weight = try optional { (r: inout R) throws(SnapshotError) in try r.mass() }
        return PersonalRecord(kind: kind, value: value, reps: reps, weight: weight, set: try id(), performed: try zoned())
    }
}
