/// One pass over an exercise's counted sets in history order: the state `PersonalRecords` is made of.
///
/// `Ref` is what the scan keeps of a rep-PR set until the records are made: the `LoggedSet`
/// itself, or its row in the set ledger (made into a `LoggedSet` only then:
/// `WlogState.recordsFromLedger`), so a pass over the ledger makes no `LoggedSet` per set.
struct RecordScan<Ref> {
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
    private(set) var repPRSetsInOrder: [Ref] = []
    /// Index r − 1: the heaviest load (kg 1e-4) lifted for at least r reps so far.
    private var heaviestWithAtLeast: [Int64] = []
    /// The last set added, to check history order.
    private var last: HistoryKey?

    /// Rep counts above this share one slot of `heaviestWithAtLeast`.
    private static var repCap: Int { 100_000 }

    init(kinds: [RecordKind], measure: RecordMeasure) {
        self.kinds = kinds
        self.measure = measure
        best = Array(repeating: nil, count: kinds.count)
    }

    /// The history-order key of the last counted set added.
    var latest: HistoryKey? { last }

    /// The current records, in display order.
    var records: [PersonalRecord] {
        kinds.indices.compactMap { index in
            guard let holder = best[index] else { return nil }
            return PersonalRecord(
                kind: kinds[index], value: holder.value.value, reps: holder.reps, weight: holder.load,
                set: holder.set, performed: holder.performed)
        }
    }

    /// Adds the next counted set (which must not come before the last one added in history
    /// order); `ref` is what `repPRSetsInOrder` keeps of it.
    ///
    /// The heaviest and rep-max categories all measure the set's load: it is compared as a
    /// number, and the set is measured in such a category only when it beats the record.
    mutating func add(_ set: RecordCandidate, _ ref: Ref) {
        last = set.historyKey
        let load = measure.load(set.weight)
        let reps = set.reps ?? 0
        let loadRank = load.flatMap { $0.tenThousandths > 0 ? $0.kilogramTenThousandths : nil }
        var prs: [RecordKind] = []
        for index in kinds.indices {
            let kind = kinds[index]
            let value: RecordMeasure.Value
            switch kind {
            case .heaviest:
                guard let loadRank, reps >= 1, beats(loadRank, at: index),
                      let measured = measure.value(of: set, for: kind) else { continue }
                value = measured
            case .repMax(let target):
                guard let loadRank, reps >= target, beats(loadRank, at: index),
                      let measured = measure.value(of: set, for: kind) else { continue }
                value = measured
            default:
                guard let measured = measure.value(of: set, for: kind) else { continue }
                if let current = best[index], !measured.isBetter(than: current.value) { continue }
                value = measured
            }
            best[index] = Holder(value: value, set: set.id, reps: set.reps, load: load, performed: set.performed)
            prs.append(kind)
        }
        if !prs.isEmpty { prsBySet[set.id] = prs }
        guard let load, reps >= 1 else { return }
        let kg = load.kilogramTenThousandths
        let r = Self.cappedReps(reps)
        if r > heaviestWithAtLeast.count || heaviestWithAtLeast[r - 1] < kg {
            repPRSets.insert(set.id)
            repPRSetsInOrder.append(ref)
        } else if reps > Self.repCap {
            repPRSetsInOrder.append(ref)
        }
        raiseHeaviest(r, to: kg)
    }

    /// Whether a mass ranked `rank` beats the record in category `index` (or there is none yet).
    @inline(__always)
    private func beats(_ rank: Int64, at index: Int) -> Bool {
        guard let current = best[index] else { return true }
        return rank > current.value.rank
    }

    private static func cappedReps(_ reps: Int) -> Int { min(reps, repCap) }

    /// Records that `kg` was lifted for `r` reps (and so for every count below).
    private mutating func raiseHeaviest(_ r: Int, to kg: Int64) {
        if heaviestWithAtLeast.count < r {
            heaviestWithAtLeast.append(contentsOf: repeatElement(Int64.min, count: r - heaviestWithAtLeast.count))
        }
        for index in 0..<r where heaviestWithAtLeast[index] < kg { heaviestWithAtLeast[index] = kg }
    }
}

extension RecordScan where Ref == LoggedSet {
    /// The scan as it stood after the sets `records` were computed from, so that later sets in
    /// history order can be added without going over the earlier ones again; nil when a record's
    /// set (`set` finds it by id, as it is now) no longer measures in its category.
    ///
    /// Everything the scan keeps is in `records`: the best value of a category is its record's
    /// set measured again (unchanged: an edit of a set drops the records that hold it), and the
    /// heaviest load per rep count is raised only by rep-PR sets (a set that is not one lifts no
    /// more than those before it at its reps or more), which `repPRSetsInOrder` lists in order.
    init?(resuming records: PersonalRecords, measure: RecordMeasure, set: (EventID) -> LoggedSet?) {
        self.init(kinds: records.kinds, measure: measure)
        #if DEBUG
        RecordScanTally.current?.noteResume()
        #endif
        for record in records.records {
            guard let index = kinds.firstIndex(of: record.kind), let holder = set(record.set),
                  let value = measure.value(of: RecordCandidate(holder), for: record.kind), value.value == record.value
            else { return nil }
            best[index] = Holder(value: value, set: record.set, reps: record.reps, load: record.weight,
                                 performed: record.performed)
        }
        prsBySet = records.prsBySet
        repPRSets = records.repPRSets
        for set in records.repPRSetsInOrder {
            guard let load = measure.load(of: set), let reps = set.reps, reps >= 1 else { continue }
            raiseHeaviest(Self.cappedReps(reps), to: load.kilogramTenThousandths)
        }
        repPRSetsInOrder = records.repPRSetsInOrder
        last = records.latest
    }

    /// Adds the sets of `exercise` that count, in the order given; false (and the scan must start
    /// again over sorted sets) when one comes before the previous in history order.
    mutating func addAll(_ sets: some Sequence<LoggedSet>, of exercise: Exercise) -> Bool {
        for set in sets where set.exercise == exercise.id && exercise.kind.countsForRecords(set) {
            let candidate = RecordCandidate(set)
            if let last, candidate.historyKey < last { return false }
            add(candidate, set)
        }
        return true
    }
}
