import WlogCore

/// The bytes the import's new set lines will at least take in the journal, counted as the rows
/// are read, so a file whose new rows alone pass the journal's limit for one commit is refused
/// after reading no more of it than the limit holds: the memory of a refused import is bounded
/// by the limit, not by the file (issue 20 item 10).
///
/// A row counts when it will become a `set.logged` (`PlanBuilder.isImportable`) whose id the
/// journal does not hold yet (a re-import of a longer export counts only its new rows). Its
/// bytes are a lower bound of its line: the shortest `set.logged` line this import can write
/// plus the row's text (kept as `source`) and notes, which the line holds at least once each.
/// So the budget never refuses a file that fits; one that passes the limit by less than the
/// bound misses is refused exactly when its commit is counted.
struct NewLineBudget {
    let format: ImportFormat
    let limit: ImportOptions.CommitLimit?
    /// The bytes of the shortest `set.logged` line the import can write.
    let shortestLine: Int
    /// New set lines counted so far.
    private(set) var lines = 0
    /// Their bytes, at least.
    private(set) var bytes = 0

    init(format: ImportFormat, options: ImportOptions) {
        self.format = format
        limit = options.commitLimit
        let shortest = Event(
            envelope: Envelope(seq: 0, id: EventID(high: 0, low: 0), occurred: ZonedInstant(Instant(millisecondsSince1970: 0), offsetMinutes: 0),
                               recorded: options.recorded, actor: format.actor),
            payload: .setLogged(SetLogged(exercise: "", workout: EventID(high: 0, low: 0))))
        shortestLine = EventCodec.encodePending(shortest).count
    }

    /// Counts `set`, a row of the workout keyed `workoutKey`; throws once the new lines pass the limit.
    mutating func count(_ set: ImportedSet, workoutKey: String) throws(ImportError) {
        guard let limit, PlanBuilder.isImportable(set),
              !limit.isKnown(EventIDHasher.row(format, workout: workoutKey, position: set.position)) else { return }
        lines += 1
        bytes += shortestLine + set.source.utf8.count + (set.notes?.utf8.count ?? 0)
        if bytes > limit.bytes { throw .overCommitLimit(newSets: lines, bytesAtLeast: bytes, line: set.line) }
    }
}
