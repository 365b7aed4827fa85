/// The personal records of every exercise as of the state's last event, kept so that a read
/// starting from a snapshot does not recompute them from every set.
///
/// A cache of derived values, never part of the state's meaning:
/// - it is filled by `WlogState.cacheRecords()` (the CLI calls it before writing a snapshot) and
///   by reading a snapshot, never during a replay from the start;
/// - `apply` keeps an entry up to date when a set is logged after every counted set of its
///   exercise: the set's row waits in the entry's pending rows (`notePending(row:slot:key:)`), and
///   the records are extended by all of them at once (`PersonalRecords.adding`: one resumed scan
///   per exercise, not one per set) — by a read, on the fly and without keeping the result
///   (`WlogState.cachedRecords(slot:repTargets:)`), or for good by `WlogState.settle()`, which a
///   state kept between reads (the server's) calls after each fold (after a write's, once an
///   entry waits for `settleAt` sets: `WlogState.settleAfterWrite()`);
/// - `apply` drops, with its pending rows, what an event may change otherwise: the exercise of a
///   back-dated, edited (old and new exercise) or deleted set; everything on a discarded workout,
///   a settings, profile or exercise change; and an entry a logged set finds the extension budget
///   spent for (`extensionBudget`: what bounds the pending rows);
/// - a query takes an entry only for the rep targets it was computed with, and computes what is
///   missing (or what the pending rows do not extend) from the sets, so an answer is the same
///   with or without the cache, settled or not (`RecordsCacheTests`, `RecordsCachePendingTests`).
struct RecordsCache: Sendable {
    /// The records by exercise slot of the set ledger (`SetLedger.exerciseIDs`); nil where not
    /// cached or dropped. An entry with pending rows is older than the state: read it with them.
    private(set) var bySlot: [PersonalRecords?] = []
    /// The rep targets the cached records track (`Settings.prReps` when filled).
    private(set) var repTargets: [Int] = []
    /// How many more logged sets may extend an entry (`WlogState.updateRecordsCache`): each
    /// keeps a pending row until settled and adds to one extension, so a long tail after a
    /// snapshot drops entries as before once this is spent. A settle gives it back
    /// (`restoreExtensions()`).
    private(set) var extensionsLeft = RecordsCache.extensionBudget
    /// The sets logged since an entry was made that extend it, by slot (absent: none).
    private(set) var pending: [Int32: Pending] = [:]

    /// The counted sets logged after every counted set of an entry, waiting to extend it.
    struct Pending: Sendable {
        /// Their rows in the set ledger, in the order logged (which is history order).
        var rows: [Int32]
        /// The history-order key of the last of them: a set before it is back-dated.
        var latest: HistoryKey

        /// Adds the set in `row`, the latest now (`key`).
        mutating func append(_ row: Int32, key: HistoryKey) {
            rows.append(row)
            latest = key
        }
    }

    /// The extensions one state may make (a bound on what a long tail pays for them and on the
    /// pending rows it keeps).
    static let extensionBudget = 1_000

    init() {}

    init(bySlot: [PersonalRecords?], repTargets: [Int]) {
        self.bySlot = bySlot
        self.repTargets = repTargets
    }

    /// Whether nothing is cached (a replay from the start: `drop` costs one branch).
    var isEmpty: Bool { bySlot.isEmpty }

    /// Whether some entry has pending rows (`WlogState.settle()` has work).
    var hasPending: Bool { !pending.isEmpty }

    /// The most pending rows one entry has.
    var mostPending: Int { pending.values.reduce(0) { max($0, $1.rows.count) } }

    /// The pending rows one entry may gather before a write settles the cache
    /// (`WlogState.settleAfterWrite()`): a read extends by at most this many on the fly.
    static let settleAt = 16

    /// The cached records of the exercise in `slot` when they track `targets`, with the rows of
    /// the sets that extend them (empty when none): `WlogState.cachedRecords(slot:repTargets:)`
    /// adds those.
    func entry(slot: Int32, repTargets targets: [Int]) -> (records: PersonalRecords, pending: [Int32])? {
        guard targets == repTargets, let records = entry(slot: slot) else { return nil }
        return (records, pending[slot]?.rows ?? [])
    }

    /// The cached records of the exercise in `slot`, whatever rep targets they track, without
    /// their pending rows.
    func entry(slot: Int32) -> PersonalRecords? {
        guard slot >= 0, Int(slot) < bySlot.count else { return nil }
        return bySlot[Int(slot)]
    }

    /// The history-order key of the latest counted set the entry in `slot` holds or waits for.
    func latest(slot: Int32) -> HistoryKey? {
        pending[slot]?.latest ?? entry(slot: slot)?.latest
    }

    /// Notes the counted set in `row` (history-order key `key`, not before `latest(slot:)`) as
    /// extending the entry in `slot`.
    mutating func notePending(row: Int32, slot: Int32, key: HistoryKey) {
        guard entry(slot: slot) != nil else { return }
        pending[slot, default: Pending(rows: [], latest: key)].append(row, key: key)
    }

    /// Replaces the records of the exercise in `slot`, pending rows included (settled).
    mutating func replace(slot: Int32, with records: PersonalRecords) {
        guard !bySlot.isEmpty, slot >= 0, Int(slot) < bySlot.count else { return }
        bySlot[Int(slot)] = records
        if !pending.isEmpty { pending[slot] = nil }
    }

    /// Gives the whole budget back once no row waits (`WlogState.settleRecords()`): it bounds
    /// the rows waiting and what extending by them costs, and a state kept for months by a server
    /// would otherwise spend it once for good and compute every later exercise's records from
    /// all of its sets.
    mutating func restoreExtensions() {
        guard pending.isEmpty else { return }
        extensionsLeft = Self.extensionBudget
    }

    /// Takes one extension from the budget; false when it is spent.
    mutating func spendExtension() -> Bool {
        guard extensionsLeft > 0 else { return false }
        extensionsLeft -= 1
        return true
    }

    /// Drops the records of the exercise in `slot` and their pending rows (a set of it changed).
    @inline(__always)
    mutating func drop(slot: Int32) {
        guard !bySlot.isEmpty, slot >= 0, Int(slot) < bySlot.count else { return }
        bySlot[Int(slot)] = nil
        if !pending.isEmpty { pending[slot] = nil }
    }

    /// Drops every entry and every pending row (an event that may change any exercise's records).
    mutating func dropAll() {
        guard !bySlot.isEmpty else { return }
        bySlot = []
        pending = [:]
    }
}

extension RecordsCache: Equatable {
    /// Always equal: the cache holds values derived from the state, never part of its meaning.
    static func == (lhs: RecordsCache, rhs: RecordsCache) -> Bool { true }
}
