/// Sets: rows made from set versions and back, and the set events folded into rows.
extension SetLedger {
    /// The row of a set version, with the audit of the event that made it.
    ///
    /// `previousExtra` is the extras slot of the version it replaces (reused when the rare fields
    /// did not change, so edits do not grow the table).
    mutating func row(_ s: LoggedSet, recorded: Instant, actor: String, change: Int32, previousExtra: Int32 = -1) -> SetRow {
        row(id: s.id, seq: s.seq, exercise: exerciseSlot(s.exercise), workout: s.workout, performed: s.performed,
            reps: s.reps, weight: s.weight, distance: s.distance, durationMilliseconds: s.durationMilliseconds,
            rpe: s.rpe, effort: s.effort, setType: s.setType, done: s.done, notes: s.notes, isDeleted: s.isDeleted,
            recorded: recorded, actor: actor, change: change, previousExtra: previousExtra)
    }

    /// The row of a set version given field by field (`exercise` already a slot).
    @inline(__always)
    mutating func row(
        id: EventID, seq: UInt64, exercise: Int32, workout: EventID?, performed: ZonedInstant, reps: Int?,
        weight: Mass?, distance: Distance?, durationMilliseconds: Int64?, rpe: RPE?, effort: Rating?,
        setType: SetType, done: Bool, notes: String?, isDeleted: Bool,
        recorded: Instant, actor: String, change: Int32, previousExtra: Int32 = -1
    ) -> SetRow {
        var flags: UInt8 = 0
        var small: Int32 = 0
        var wideReps = false
        if let r = reps {
            flags |= SetRow.Flags.hasReps
            if let fits = Int32(exactly: r) { small = fits } else { wideReps = true; flags |= SetRow.Flags.wideReps }
        }
        var offset: Int16 = 0
        let wideOffset = Int16(exactly: performed.offsetMinutes) == nil
        if wideOffset { flags |= SetRow.Flags.wideOffset } else { offset = Int16(truncatingIfNeeded: performed.offsetMinutes) }
        var load: Int64 = 0
        if let w = weight {
            flags |= SetRow.Flags.hasWeight
            if w.unit == .lb { flags |= SetRow.Flags.pounds }
            load = w.tenThousandths
        }
        if done { flags |= SetRow.Flags.done }
        if isDeleted { flags |= SetRow.Flags.deleted }
        var extraSlot: Int32 = -1
        if notes != nil || distance != nil || durationMilliseconds != nil || wideReps || wideOffset {
            extraSlot = self.extraSlot(
                SetExtras(notes: notes, distance: distance, durationMilliseconds: durationMilliseconds,
                          reps: wideReps ? reps : nil, offset: wideOffset ? performed.offsetMinutes : nil),
                previous: previousExtra)
        }
        return SetRow(
            id: id, seq: seq, performed: performed.instant.millisecondsSince1970, weight: load,
            recorded: recorded.millisecondsSince1970, reps: small, exercise: exercise,
            workout: workout.map { workoutSlot($0) } ?? -1, extra: extraSlot, actor: actorSlot(actor),
            change: change, offset: offset, rpe: rpe?.halfPoints ?? 0, effort: effort?.value ?? 0,
            setType: SetRow.setTypeCode(setType), flags: flags)
    }

    /// The extras slot of `extra`: `previous` when it holds the same, else a new one.
    @inline(never)
    private mutating func extraSlot(_ extra: SetExtras, previous: Int32) -> Int32 {
        if previous >= 0 && extras[Int(previous)] == extra { return previous }
        extras.append(extra)
        return Int32(truncatingIfNeeded: extras.count - 1)
    }

    /// The set version a row holds; `isDiscarded` from its workout when `resolvingDiscard`, else
    /// false (as the audit keeps versions).
    func loggedSet(_ r: SetRow, resolvingDiscard: Bool = true) -> LoggedSet {
        let extra = r.extra >= 0 ? extras[Int(r.extra)] : nil
        var reps: Int?
        if r.has(SetRow.Flags.hasReps) { reps = r.has(SetRow.Flags.wideReps) ? extra?.reps : Int(r.reps) }
        let offset = r.has(SetRow.Flags.wideOffset) ? extra?.offset ?? 0 : Int(r.offset)
        return LoggedSet(
            id: r.id, seq: r.seq, exercise: exerciseIDs[Int(r.exercise)],
            workout: r.workout >= 0 ? workoutIDs[Int(r.workout)] : nil,
            performed: ZonedInstant(Instant(millisecondsSince1970: r.performed), offsetMinutes: offset),
            reps: reps,
            weight: r.has(SetRow.Flags.hasWeight)
                ? Mass(tenThousandths: r.weight, unit: r.has(SetRow.Flags.pounds) ? .lb : .kg) : nil,
            distance: extra?.distance, durationMilliseconds: extra?.durationMilliseconds,
            rpe: r.rpe > 0 ? RPE(halfPoints: Int(r.rpe)) : nil, effort: r.effort > 0 ? Rating(Int(r.effort)) : nil,
            setType: SetRow.setType(code: r.setType), done: r.has(SetRow.Flags.done), notes: extra?.notes,
            isDeleted: r.isDeleted, isDiscarded: resolvingDiscard && isDiscarded(r), loggedRecorded: loggedRecorded(r))
    }

    /// The audit version a row holds.
    func version(_ r: SetRow) -> SetVersion {
        let change = r.change >= 0 ? changes[Int(r.change)] : nil
        return SetVersion(set: loggedSet(r, resolvingDiscard: false), seq: change?.seq ?? r.seq,
                          eventID: change?.eventID ?? r.id, actor: actors[Int(r.actor)],
                          recorded: Instant(millisecondsSince1970: r.recorded), type: change?.type ?? .setLogged)
    }

    /// Applies a `set.edited` event to the set at `index`: only the fields present change.
    mutating func edit(_ index: Int, _ p: SetEdited, event: Event) {
        change(index, by: event, fields: SetChange.fields(of: p)) { Self.apply(p, to: &$0) }
    }

    /// Applies a `set.deleted` event to the set at `index`.
    mutating func delete(_ index: Int, event: Event) {
        change(index, by: event, fields: SetChange.Field.deleted) { $0.isDeleted = true }
    }

    /// The fields of `p` set on `set` (cleared ones first).
    static func apply(_ p: SetEdited, to set: inout LoggedSet) {
        set.measures.apply(p.measures, clearing: p.cleared)
        if p.cleared.contains(.notes) { set.notes = nil }
        if let v = p.exercise { set.exercise = v }
        if let v = p.workout { set.workout = v }
        if let v = p.performed { set.performed = v }
        if let v = p.setType { set.setType = v }
        if let v = p.done { set.done = v }
        if let v = p.notes { set.notes = v.isEmpty ? nil : v }
    }

    /// Applies an edit or delete (`fields`: what it sets; `apply` sets them) to the set at `index`:
    /// after the set's latest change by stamp (`SetChange.Stamp`) as the new current version, else
    /// — a change that was made earlier but arrived later, from another replica — in its place
    /// among the changes (`SetLedger+Changes.swift`), so every replica ends with the same versions.
    private mutating func change(_ index: Int, by event: Event, fields: UInt16, _ apply: (inout LoggedSet) -> Void) {
        let current = rows[index]
        if current.change >= 0, SetChange.Stamp(event) < stamp(of: current) {
            insertChange(index, late: event, fields: fields, apply)
            return
        }
        var set = loggedSet(current, resolvingDiscard: false)
        apply(&set)
        replace(index, with: set, by: event, fields: fields)
    }

    /// Keeps the current version in the history and makes `set` the current one.
    private mutating func replace(_ index: Int, with set: LoggedSet, by event: Event, fields: UInt16) {
        let current = rows[index]
        replaced.append(current)
        let change = Int32(truncatingIfNeeded: changes.count)
        changes.append(SetChange(seq: event.seq, eventID: event.id, type: event.type, fields: fields))
        let moved = set.performed.instant.millisecondsSince1970 != current.performed
        if moved { unplace(Int32(truncatingIfNeeded: index)) }
        rows[index] = row(set, recorded: event.envelope.recorded, actor: event.envelope.actor, change: change,
                          previousExtra: current.extra)
        noteWorkout(ofRow: index)
        if moved { place(Int32(truncatingIfNeeded: index)) }
    }
}
