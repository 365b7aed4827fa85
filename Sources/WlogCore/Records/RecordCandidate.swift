/// What the records read of one counted set: its numbers, its id and when it was performed.
///
/// Made from a `LoggedSet`, or straight from a ledger row (`SetLedger.recordCandidate(_:)`)
/// without the set's strings (exercise id, workout, notes), which the records never read.
struct RecordCandidate {
    /// The set's id.
    var id: EventID
    /// When its `set.logged` event was recorded (ms since 1970; `HistoryKey`).
    var loggedRecorded: Int64
    /// When it was performed.
    var performed: ZonedInstant
    var reps: Int?
    /// The weight as logged (for body-weight exercises: the added load, if any).
    var weight: Mass?
    var rpe: RPE?
    var distance: Distance?
    var durationMilliseconds: Int64?

    /// Where the set stands in history.
    var historyKey: HistoryKey {
        HistoryKey(performed: performed.instant.millisecondsSince1970, recorded: loggedRecorded, id: id)
    }
}

extension RecordCandidate {
    /// The numbers of a set version.
    init(_ set: LoggedSet) {
        self.init(id: set.id, loggedRecorded: set.loggedRecorded, performed: set.performed, reps: set.reps, weight: set.weight, rpe: set.rpe,
                  distance: set.distance, durationMilliseconds: set.durationMilliseconds)
    }
}
