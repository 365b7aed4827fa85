/// Concurrent changes of one set (docs/SYNC.md, "Concurrent edits"): the versions of a set are its
/// logged version with its edits and deletes applied in stamp order (recorded-at, then event id),
/// whatever order a replica received them in. Each field takes the value of the latest change
/// (by stamp) that sets it, and a delete is for good.
///
/// A change is usually the latest (it is appended as the new current version). One that arrived
/// late — made on another device before a change this replica already holds — is put in its place
/// and the versions after it are made again from each change's fields (`SetChange.fields`).
extension SetLedger {
    /// The stamp of the change that made `row` (its logged version: none, the lowest).
    func stamp(of row: SetRow) -> SetChange.Stamp {
        guard row.change >= 0 else { return SetChange.Stamp(recorded: .min, id: EventID(high: 0, low: 0)) }
        return SetChange.Stamp(recorded: row.recorded, id: changes[Int(row.change)].eventID)
    }

    /// Puts the late change `event` (setting `fields` by `apply`) among the set's changes by stamp
    /// and makes the versions again; the rows of `replaced` keep their places, relinked.
    mutating func insertChange(_ index: Int, late event: Event, fields: UInt16, _ apply: (inout LoggedSet) -> Void) {
        let current = rows[index]
        let versions = superseded(index) + [current]
        let late = Int32(truncatingIfNeeded: changes.count)
        changes.append(SetChange(seq: event.seq, eventID: event.id, type: event.type, fields: fields))
        replaced.append(current)
        // Each change with what it made (nil: the late one, applied by `apply`).
        var steps = versions.dropFirst().map { version in
            (change: version.change, recorded: version.recorded, actor: actors[Int(version.actor)],
             made: Optional(loggedSet(version, resolvingDiscard: false)))
        }
        steps.append((late, event.envelope.recorded.millisecondsSince1970, event.envelope.actor, nil))
        steps.sort { a, b in
            SetChange.Stamp(recorded: a.recorded, id: changes[Int(a.change)].eventID)
                < SetChange.Stamp(recorded: b.recorded, id: changes[Int(b.change)].eventID)
        }
        var set = loggedSet(versions[0], resolvingDiscard: false)
        var before = versions[0]
        for step in steps {
            replaced[Int(step.change)] = before
            if let made = step.made { SetChange.copy(changes[Int(step.change)].fields, from: made, into: &set) } else { apply(&set) }
            before = row(set, recorded: Instant(millisecondsSince1970: step.recorded), actor: step.actor, change: step.change,
                         previousExtra: before.extra)
        }
        let moved = before.performed != current.performed
        if moved { unplace(Int32(truncatingIfNeeded: index)) }
        rows[index] = before
        noteWorkout(ofRow: index)
        if moved { place(Int32(truncatingIfNeeded: index)) }
    }
}

extension SetChange {
    /// The order of changes everywhere: recorded-at (ms), then the event id.
    struct Stamp: Comparable {
        var recorded: Int64
        var id: EventID

        static func < (a: Stamp, b: Stamp) -> Bool { (a.recorded, a.id) < (b.recorded, b.id) }
    }

    /// The bits of `fields`.
    enum Field {
        static let exercise: UInt16 = 1, workout: UInt16 = 2, performed: UInt16 = 4, reps: UInt16 = 8
        static let weight: UInt16 = 16, distance: UInt16 = 32, duration: UInt16 = 64, rpe: UInt16 = 128
        static let effort: UInt16 = 256, setType: UInt16 = 512, done: UInt16 = 1024, notes: UInt16 = 2048
        static let deleted: UInt16 = 4096
        static let all: UInt16 = 8191
    }

    /// The fields an edit sets.
    static func fields(of p: SetEdited) -> UInt16 {
        var f: UInt16 = 0
        if p.exercise != nil { f |= Field.exercise }
        if p.workout != nil { f |= Field.workout }
        if p.performed != nil { f |= Field.performed }
        if p.reps != nil { f |= Field.reps }
        if p.weight != nil { f |= Field.weight }
        if p.distance != nil { f |= Field.distance }
        if p.durationMilliseconds != nil { f |= Field.duration }
        if p.rpe != nil { f |= Field.rpe }
        if p.effort != nil { f |= Field.effort }
        if p.setType != nil { f |= Field.setType }
        if p.done != nil { f |= Field.done }
        if p.notes != nil { f |= Field.notes }
        if !p.cleared.isEmpty {
            let c = p.cleared
            if c.contains(.reps) { f |= Field.reps }
            if c.contains(.weight) { f |= Field.weight }
            if c.contains(.distance) { f |= Field.distance }
            if c.contains(.duration) { f |= Field.duration }
            if c.contains(.rpe) { f |= Field.rpe }
            if c.contains(.effort) { f |= Field.effort }
            if c.contains(.notes) { f |= Field.notes }
        }
        return f
    }

    /// Copies the `fields` of `source` (a version a change made) into `set`.
    static func copy(_ fields: UInt16, from source: LoggedSet, into set: inout LoggedSet) {
        func has(_ f: UInt16) -> Bool { fields & f != 0 }
        if has(Field.exercise) { set.exercise = source.exercise }
        if has(Field.workout) { set.workout = source.workout }
        if has(Field.performed) { set.performed = source.performed }
        if has(Field.reps) { set.reps = source.reps }
        if has(Field.weight) { set.weight = source.weight }
        if has(Field.distance) { set.distance = source.distance }
        if has(Field.duration) { set.durationMilliseconds = source.durationMilliseconds }
        if has(Field.rpe) { set.rpe = source.rpe }
        if has(Field.effort) { set.effort = source.effort }
        if has(Field.setType) { set.setType = source.setType }
        if has(Field.done) { set.done = source.done }
        if has(Field.notes) { set.notes = source.notes }
        if has(Field.deleted) { set.isDeleted = true }
    }
}

extension SetChange.Stamp {
    /// The stamp of `event`.
    init(_ event: Event) {
        self.init(recorded: event.envelope.recorded.millisecondsSince1970, id: event.id)
    }
}
