/// The numbers the records read, straight from the ledger's rows (no `LoggedSet` made).
extension SetLedger {
    /// Whether the set in `row` counts toward the records of an exercise that has records
    /// (`ExerciseKind.countsForRecords`, every kind but assisted): live, done, not a warm-up and not a
    /// missed attempt (reps 0; wide reps are never 0).
    @inline(__always)
    func countsForRecords(_ row: SetRow) -> Bool {
        row.flags & (SetRow.Flags.done | SetRow.Flags.deleted) == SetRow.Flags.done
            && row.setType != SetRow.setTypeCode(.warmup) && !isDiscarded(row)
            && !(row.reps == 0 && row.flags & (SetRow.Flags.hasReps | SetRow.Flags.wideReps) == SetRow.Flags.hasReps)
    }

    /// What the records read of the set version in `row` (`RecordCandidate`).
    @inline(__always)
    func recordCandidate(_ row: SetRow) -> RecordCandidate {
        // As `loggedSet(_:)` reads them: wide reps and offsets are in the extras.
        let wideReps = row.has(SetRow.Flags.wideReps), wideOffset = row.has(SetRow.Flags.wideOffset)
        var reps = row.has(SetRow.Flags.hasReps) && !wideReps ? Int(row.reps) : nil
        var offset = wideOffset ? 0 : Int(row.offset)
        var distance: Distance?
        var duration: Int64?
        if row.extra >= 0 {
            let slot = Int(row.extra)
            distance = extras[slot].distance
            duration = extras[slot].durationMilliseconds
            if wideReps && row.has(SetRow.Flags.hasReps) { reps = extras[slot].reps }
            if wideOffset { offset = extras[slot].offset ?? 0 }
        }
        return RecordCandidate(
            id: row.id, loggedRecorded: loggedRecorded(row),
            performed: ZonedInstant(Instant(millisecondsSince1970: row.performed), offsetMinutes: offset),
            reps: reps,
            weight: row.has(SetRow.Flags.hasWeight)
                ? Mass(tenThousandths: row.weight, unit: row.has(SetRow.Flags.pounds) ? .lb : .kg) : nil,
            rpe: row.rpe > 0 ? RPE(halfPoints: Int(row.rpe)) : nil, distance: distance, durationMilliseconds: duration)
    }
}
