/// The personal records of one exercise, recomputed from its sets.
///
/// A pure function of the set list: edits, deletes and back-dated sets give every flag and date
/// as if history had always been that way. The rules (`docs/RECORDS.md`, domain.md §4):
/// - sets count when they are live, done and not warm-ups, of a strength or body-weight exercise
///   (`LoggedSet.qualifies(for:)`); for cardio and timed exercises, live, done, non-warm-up sets;
///   assisted exercises have no records;
/// - sets are taken in history order (`HistoryKey`: performed-at, logged-at, id);
/// - a set *is a PR* in a category when it is strictly better than every earlier counted set in
///   that category; the first set with a value in a category is a PR; a tie is not;
/// - a record's date is the set that first reached the best value.
public struct PersonalRecords: Sendable {
    /// The exercise.
    public let exercise: Exercise
    /// The categories tracked for this exercise, in display order.
    public let kinds: [RecordKind]
    /// The current records, in display order; a category without any value is absent.
    public let records: [PersonalRecord]
    /// The counted sets that were rep PRs (`isRepPR`), in history order: every answer of
    /// `bestReps(atOrAbove:)` is one of them (the first set with the most reps at or above a
    /// weight lifted more reps than every earlier set at its own weight or heavier).
    let repPRSetsInOrder: [LoggedSet]
    /// The categories each set was a PR in when it was performed.
    let prsBySet: [EventID: [RecordKind]]
    /// The sets that lifted more reps than ever before at their weight or heavier.
    let repPRSets: Set<EventID>
    /// The history-order key (`HistoryKey`) of the latest counted set: a set after it
    /// extends these records (`adding(_:measure:set:)`), one before it means computing them again.
    let latest: HistoryKey?

    /// Computes the records of `exercise` from its sets (any order; not-counted sets are skipped).
    ///
    /// - Parameters:
    ///   - repTargets: the rep maxes tracked (default 1, 3, 5, 8, 10); the exercise's default PR
    ///     reps are always added.
    ///   - formula: the e1RM formula; `maxReps`: sets above it get no e1RM.
    public init(
        exercise: Exercise, sets: some Collection<LoggedSet>, repTargets: [Int] = [1, 3, 5, 8, 10],
        formula: E1RMFormula = .epley, maxReps: Int = E1RMFormula.defaultMaxReps
    ) {
        let kinds = Self.kinds(for: exercise, repTargets: repTargets)
        var scan = RecordScan<LoggedSet>(
            kinds: kinds, measure: RecordMeasure(kind: exercise.kind, formula: formula, maxReps: maxReps))
        if !scan.addAll(sets, of: exercise) {
            // Out of history order: start again over the counted sets sorted.
            scan = RecordScan(kinds: kinds, measure: scan.measure)
            let counted = sets.filter { $0.exercise == exercise.id && exercise.kind.countsForRecords($0) }
            _ = scan.addAll(counted.sorted(by: LoggedSet.historyOrder), of: exercise)
        }
        self.init(exercise: exercise, scan: scan, repPRSetsInOrder: scan.repPRSetsInOrder)
    }

    /// The records a scan reached, with its rep-PR sets made into `LoggedSet`s.
    init<Ref>(exercise: Exercise, scan: RecordScan<Ref>, repPRSetsInOrder: [LoggedSet]) {
        self.exercise = exercise
        kinds = scan.kinds
        prsBySet = scan.prsBySet
        repPRSets = scan.repPRSets
        self.repPRSetsInOrder = repPRSetsInOrder
        records = scan.records
        latest = scan.latest
    }

    /// Records computed earlier, as a snapshot keeps them (`RecordsCache`).
    init(exercise: Exercise, kinds: [RecordKind], records: [PersonalRecord], repPRSetsInOrder: [LoggedSet],
         prsBySet: [EventID: [RecordKind]], repPRSets: Set<EventID>, latest: HistoryKey?) {
        self.exercise = exercise
        self.kinds = kinds
        self.records = records
        self.repPRSetsInOrder = repPRSetsInOrder
        self.prsBySet = prsBySet
        self.repPRSets = repPRSets
        self.latest = latest
    }

    /// These records with more sets of the exercise (`sets`, in the order given), computed
    /// without the earlier sets when each is the latest in history order so far (`RecordScan`'s
    /// rule: strictly better than every earlier counted set = a PR): one resumed scan however
    /// many sets. Sets that do not count change nothing; nil when one comes earlier in history
    /// than the latest counted set before it (back-dated: compute the records again) or a
    /// record's set no longer measures as it did (`set` finds a set by id as it is now).
    func adding(_ sets: some Sequence<LoggedSet>, measure: RecordMeasure, set lookup: (EventID) -> LoggedSet?) -> PersonalRecords? {
        guard var scan = RecordScan(resuming: self, measure: measure, set: lookup), scan.addAll(sets, of: exercise)
        else { return nil }
        return PersonalRecords(exercise: exercise, scan: scan, repPRSetsInOrder: scan.repPRSetsInOrder)
    }

    /// The record of a category, if any set has a value in it.
    public func record(_ kind: RecordKind) -> PersonalRecord? { records.first { $0.kind == kind } }

    /// The categories the set was a PR in when it was performed (empty when none), in display order.
    public func prs(of set: EventID) -> [RecordKind] { prsBySet[set] ?? [] }

    /// Whether the set lifted more reps than every earlier counted set at its weight or heavier.
    public func isRepPR(_ set: EventID) -> Bool { repPRSets.contains(set) }

    /// The most reps among counted sets at or above `weight`, with the set that first did them.
    public func bestReps(atOrAbove weight: Mass) -> (reps: Int, set: LoggedSet)? {
        let measure = RecordMeasure(kind: exercise.kind, formula: .epley, maxReps: 0)
        var best: (reps: Int, set: LoggedSet)?
        for set in repPRSetsInOrder {
            guard let load = measure.load(of: set), load >= weight, let reps = set.reps, reps >= 1 else { continue }
            if reps > (best?.reps ?? 0) { best = (reps, set) }
        }
        return best
    }

    /// Whether a record is NEW at `now`: its set was performed within the last 7 days.
    public func isNew(_ record: PersonalRecord, now: Instant) -> Bool { record.isNew(now: now) }

    /// The categories tracked for an exercise: its kind's (`ExerciseKind.recordKinds`) with the
    /// rep maxes of `repTargets` and the exercise's own PR reps.
    public static func kinds(for exercise: Exercise, repTargets: [Int] = [1, 3, 5, 8, 10]) -> [RecordKind] {
        exercise.kind.recordKinds(repMaxes: Set((repTargets + [exercise.prReps]).filter { $0 >= 1 }).sorted().map(RecordKind.repMax))
    }
}
