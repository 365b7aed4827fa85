/// One pass over an exercise's counted sets in history order: the state `PersonalRecords` is made of.
struct RecordScan {
    /// The categories, in display order.
    let kinds: [RecordKind]
    /// How a set measures in each category.
    let measure: RecordMeasure
    /// The best value so far per category (same index as `kinds`) and the set that first reached it.
    private var best: [Holder?]
    /// What a record keeps of the set that holds it (not the whole `LoggedSet`: a new best is
    /// common early in a history, and copying 180 bytes with their strings each time showed).
    private struct Holder {
        var value: RecordMeasure.Value
        var set: EventID
        var reps: Int?
        var load: Mass?
        var performed: ZonedInstant
    }
    /// The categories each set was a PR in when it was performed.
    private(set) var prsBySet: [EventID: [RecordKind]] = [:]
    /// The sets that lifted more reps than ever before at their weight or heavier.
    private(set) var repPRSets: Set<EventID> = []
    /// Those sets (and any above the rep cap below) in history order.
    private(set) var repPRSetsInOrder: [LoggedSet] = []
    /// Index r − 1: the heaviest load (kg 1e-4) lifted for at least r reps so far.
    private var heaviestWithAtLeast: [Int64] = []
    /// The last set added, to check history order.
    private var last: (instant: Instant, seq: UInt64)?

    /// Rep counts above this share one slot of `heaviestWithAtLeast`.
    private static let repCap = 100_000

    init(kinds: [RecordKind], measure: RecordMeasure) {
        self.kinds = kinds
        self.measure = measure
        best = Array(repeating: nil, count: kinds.count)
    }

    /// Adds the sets of `exercise` that count, in the order given; false (and the scan must start
    /// again over sorted sets) when one comes before the previous in history order.
    mutating func addAll(_ sets: some Sequence<LoggedSet>, of exercise: Exercise) -> Bool {
        for set in sets where set.exercise == exercise.id && PersonalRecords.counts(set, for: exercise.kind) {
            let key = (set.performed.instant, set.seq)
            if let last, key < last { return false }
            last = key
            add(set)
        }
        return true
    }

    /// The current records, in display order.
    var records: [PersonalRecord] {
        kinds.indices.compactMap { index in
            guard let holder = best[index] else { return nil }
            return PersonalRecord(
                kind: kinds[index], value: holder.value.value, reps: holder.reps, weight: holder.load,
                set: holder.set, performed: holder.performed)
        }
    }

    /// Adds the next counted set in history order.
    private mutating func add(_ set: LoggedSet) {
        var prs: [RecordKind] = []
        for (index, kind) in kinds.enumerated() {
            guard let value = measure.value(of: set, for: kind) else { continue }
            if let current = best[index], !value.isBetter(than: current.value) { continue }
            best[index] = Holder(value: value, set: set.id, reps: set.reps, load: measure.load(of: set), performed: set.performed)
            prs.append(kind)
        }
        if !prs.isEmpty { prsBySet[set.id] = prs }
        guard let load = measure.load(of: set), let reps = set.reps, reps >= 1 else { return }
        let kg = load.kilogramTenThousandths
        let r = min(reps, Self.repCap)
        if r > heaviestWithAtLeast.count || heaviestWithAtLeast[r - 1] < kg {
            repPRSets.insert(set.id)
            repPRSetsInOrder.append(set)
        } else if reps > Self.repCap {
            repPRSetsInOrder.append(set)
        }
        if heaviestWithAtLeast.count < r {
            heaviestWithAtLeast.append(contentsOf: repeatElement(Int64.min, count: r - heaviestWithAtLeast.count))
        }
        for index in 0..<r where heaviestWithAtLeast[index] < kg { heaviestWithAtLeast[index] = kg }
    }
}
