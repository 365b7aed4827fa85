/// Computes each exercise's PRs once per query, with `PersonalRecords` and the state's settings.
///
/// The records of the exercises a query shows are computed together, in one pass over the set
/// ledger (`prepare(for:)`, `WlogState.recordsFromLedger`), the rest of the time a lookup.
final class PRCache {
    private let state: WlogState
    /// The live sets in history order.
    private let live: LiveSets
    private var byExercise: [String: PersonalRecords] = [:]

    /// An empty cache over `live`, the live sets of `state`.
    init(state: WlogState, live: LiveSets) {
        self.state = state
        self.live = live
    }

    /// The records of an exercise (computed when not known yet); nil for an exercise without sets.
    func records(ofExercise id: String) -> PersonalRecords? {
        if let known = byExercise[id] { return known }
        prepare(exercises: CollectionOfOne(id))
        return byExercise[id]
    }

    /// Computes the records of the exercises of `sets` not known yet: from the records cache
    /// where it holds them, the rest in one pass over the ledger.
    func prepare(for sets: some Sequence<LoggedSet>) { prepare(exercises: sets.lazy.map(\.exercise)) }

    /// Computes the records of the exercises `ids` not known yet (as `prepare(for:)`).
    func prepare(exercises ids: some Sequence<String>) {
        var missing: [Int32] = []
        var seen: Set<String> = []
        var previous: String?
        // Sets come in runs of one exercise: a run is looked up once.
        for id in ids where id != previous {
            previous = id
            guard byExercise[id] == nil && seen.insert(id).inserted else { continue }
            if let cached = state.cachedRecords(ofExercise: id) {
                byExercise[id] = cached
            } else {
                missing.append(state.sets.exerciseText.slot(id))
            }
        }
        compute(missing)
    }

    /// Computes the records of every exercise with sets (a query over every workout).
    func prepareAll() { prepare(exercises: state.sets.exerciseIDs) }

    /// Computes the records of the exercises in `slots` (an unknown exercise as its stand-in).
    private func compute(_ slots: [Int32]) {
        guard !slots.isEmpty else { return }
        for records in state.recordsFromLedger(
            slots: slots, repTargets: state.settings.prReps, standIns: true, rows: live.rows) {
            byExercise[records.exercise.id] = records
        }
    }
}
