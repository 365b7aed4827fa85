/// The personal records of every exercise as of the state's last event, kept so that a read
/// starting from a snapshot does not recompute them from every set.
///
/// A cache of derived values, never part of the state's meaning:
/// - it is filled by `WlogState.cacheRecords()` (the CLI calls it before writing a snapshot) and
///   by reading a snapshot, never during a replay from the start;
/// - `apply` keeps an entry up to date when a set is logged after every counted set of its
///   exercise (`PersonalRecords.adding`: what a live log or an append does), and drops what an
///   event may change otherwise: the exercise of a back-dated, edited (old and new exercise) or
///   deleted set; everything on a discarded workout, a settings, profile or exercise change;
/// - a query takes an entry only for the rep targets it was computed with, and computes what is
///   missing from the sets, so an answer is the same with or without the cache
///   (`RecordsCacheTests`).
struct RecordsCache: Sendable {
    /// The records by exercise slot of the set ledger (`SetLedger.exerciseIDs`); nil where not
    /// cached or dropped.
    private(set) var bySlot: [PersonalRecords?] = []
    /// The rep targets the cached records track (`Settings.prReps` when filled).
    private(set) var repTargets: [Int] = []
    /// How many more logged sets may extend an entry (`WlogState.updateRecordsCache`): each
    /// extension measures the records' sets again (a few µs), so a long tail after a snapshot
    /// drops entries as before once this is spent, instead of paying that for every set.
    private(set) var extensionsLeft = RecordsCache.extensionBudget

    /// The extensions one state may make (a bound on what a long tail pays for them).
    static let extensionBudget = 1_000

    init() {}

    init(bySlot: [PersonalRecords?], repTargets: [Int]) {
        self.bySlot = bySlot
        self.repTargets = repTargets
    }

    /// Whether nothing is cached (a replay from the start: `drop` costs one branch).
    var isEmpty: Bool { bySlot.isEmpty }

    /// The cached records of the exercise in `slot`, when they track `targets`.
    func records(slot: Int32, repTargets targets: [Int]) -> PersonalRecords? {
        guard slot >= 0, Int(slot) < bySlot.count, targets == repTargets else { return nil }
        return bySlot[Int(slot)]
    }

    /// The cached records of the exercise in `slot`, whatever rep targets they track.
    func entry(slot: Int32) -> PersonalRecords? {
        guard slot >= 0, Int(slot) < bySlot.count else { return nil }
        return bySlot[Int(slot)]
    }

    /// Replaces the records of the exercise in `slot` (a set of it was logged after the others).
    mutating func replace(slot: Int32, with records: PersonalRecords) {
        guard !bySlot.isEmpty, slot >= 0, Int(slot) < bySlot.count else { return }
        bySlot[Int(slot)] = records
    }

    /// Takes one extension from the budget; false when it is spent.
    mutating func spendExtension() -> Bool {
        guard extensionsLeft > 0 else { return false }
        extensionsLeft -= 1
        return true
    }

    /// Drops the records of the exercise in `slot` (a set of it changed).
    @inline(__always)
    mutating func drop(slot: Int32) {
        guard !bySlot.isEmpty, slot >= 0, Int(slot) < bySlot.count else { return }
        bySlot[Int(slot)] = nil
    }

    /// Drops every entry (an event that may change any exercise's records).
    mutating func dropAll() {
        guard !bySlot.isEmpty else { return }
        bySlot = []
    }
}

extension RecordsCache: Equatable {
    /// Always equal: the cache holds values derived from the state, never part of its meaning.
    static func == (lhs: RecordsCache, rhs: RecordsCache) -> Bool { true }
}
