/// Decoders of the set, workout and body payloads: one loop over the remaining top-level
/// members each, any order, envelope and unknown members handed to `EnvelopeFields.read`.
extension LineReader {
    mutating func setLogged(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> SetLogged {
        var p = SetLogged(exercise: "")
        var haveExercise = false
        var m = MeasureMembers()
        var k = first
        while let key = k {
            switch key {
            case .exercise: p.exercise = try string(oftenIn: KnownStrings.exerciseIDs); haveExercise = true
            case .workout: p.workout = try eventID()
            case .entry: p.entry = try eventID()
            case .setType: p.setType = try enumValue(SetType.self, "a set type: working, warmup, drop, failure, amrap")
            case .done: p.done = try bool()
            case .notes: p.notes = try string()
            case .source: p.source = try string()
            default: if try !measure(key, into: &m) { try env.read(key, &self) }
            }
            k = try nextTopMember()
        }
        guard haveExercise else { throw missing(.exercise) }
        p.measures = try measures(m)
        return p
    }

    mutating func setEdited(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> SetEdited {
        var p = SetEdited(set: EventID(high: 0, low: 0))
        var haveSet = false
        var m = MeasureMembers()
        var performed: (instant: Instant, offset: Int)?, tz: Int?
        var k = first
        while let key = k {
            switch key {
            case .set: p.set = try eventID(); haveSet = true
            case .exercise: p.exercise = try string()
            case .workout: p.workout = try eventID()
            case .performed: performed = try instant()
            case .performedTz: tz = try offset()
            case .setType: p.setType = try enumValue(SetType.self, "a set type: working, warmup, drop, failure, amrap")
            case .done: p.done = try bool()
            case .notes: p.notes = try string()
            default: if try !measure(key, into: &m) { try env.read(key, &self) }
            }
            k = try nextTopMember()
        }
        guard haveSet else { throw missing(.set) }
        // A field given `null` is cleared (a value given as well wins).
        p.cleared = nulls
        if m.read.reps != nil { p.cleared.remove(.reps) }
        if m.weight != nil { p.cleared.remove(.weight) }
        if m.distance != nil { p.cleared.remove(.distance) }
        if m.read.durationMilliseconds != nil { p.cleared.remove(.duration) }
        if m.read.rpe != nil { p.cleared.remove(.rpe) }
        if m.read.effort != nil { p.cleared.remove(.effort) }
        if p.notes != nil { p.cleared.remove(.notes) }
        if tz != nil && performed == nil { throw missing(.performed) }
        p.performed = zoned(performed, tz)
        p.measures = try measures(m)
        return p
    }

    /// Reads the value of `key` into `m` when `key` is one of a set's measures (`reps`, `weight`,
    /// `unit`, `distance`, `distance_unit`, `duration_ms`, `rpe`, `effort`); false, reading
    /// nothing, when it is not.
    @inline(__always)
    mutating func measure(_ key: CodecKey, into m: inout MeasureMembers) throws(Failure) -> Bool {
        switch key {
        case .reps: m.read.reps = try int()
        case .weight: m.weight = try decimal()
        case .unit: m.unit = try massUnit()
        case .distance: m.distance = try decimal()
        case .distanceUnit: m.distanceUnit = try enumValue(DistanceUnit.self, "a distance unit: m, km, mi, ft, yd")
        case .durationMs: m.read.durationMilliseconds = Int64(try int())
        case .rpe: m.read.rpe = try rpe()
        case .effort: m.read.effort = try rating()
        default: return false
        }
        return true
    }

    /// The measures `m` holds, the load and the distance read in their units.
    @inline(__always)
    func measures(_ m: MeasureMembers) throws(Failure) -> SetMeasures {
        var out = m.read
        out.weight = try mass(m.weight, m.unit, .weight, .unit)
        out.distance = try distance(m.distance, m.distanceUnit)
        return out
    }

    /// One planned exercise object (its id shared from `names` when there).
    mutating func plannedExercise(_ names: ExerciseNames?) throws(Failure) -> PlannedExercise {
        if let canonical = canonicalPlannedExercise(names) { return canonical }
        try beginObject()
        var exercise: String?, sets: Int?, low: Int?, high: Int?, rpe: RPE?, rest: Int?
        var first = true
        while let key = try nextMember(&first) {
            switch key {
            case .exercise: exercise = try string()
            case .sets: sets = try int()
            case .repsLow: low = try int()
            case .repsHigh: high = try int()
            case .rpe: rpe = try self.rpe()
            case .restS: rest = try int()
            default: try skipValue()
            }
        }
        key = .planned
        guard let exercise else { throw missing(.exercise) }
        guard let sets else { throw missing(.sets) }
        guard let low else { throw missing(.repsLow) }
        guard let high else { throw missing(.repsHigh) }
        return PlannedExercise(exercise: exercise, sets: sets, repsLow: low, repsHigh: high, rpe: rpe, restSeconds: rest)
    }

    /// A planned exercise object as the writer writes it (`LineWriter.planned(_:)`: members in
    /// that order, no white space), matched by literal member names; nil with the reader back
    /// where it was otherwise (the general loop then reads it, and reports any error).
    @inline(__always)
    mutating func canonicalPlannedExercise(_ names: ExerciseNames?) -> PlannedExercise? {
        let saved = (pos, key)
        do {
            guard take("{\"exercise\":") else { return nil }
            let exercise = try exerciseID(names)
            guard take(",\"sets\":") else { (pos, key) = saved; return nil }
            let sets = try int()
            guard take(",\"reps_low\":") else { (pos, key) = saved; return nil }
            let low = try int()
            guard take(",\"reps_high\":") else { (pos, key) = saved; return nil }
            let high = try int()
            var rpe: RPE?, rest: Int?
            if take(",\"rpe\":") { rpe = try self.rpe() }
            if take(",\"rest_s\":") { rest = try int() }
            guard take("}") else { (pos, key) = saved; return nil }
            key = .planned
            return PlannedExercise(exercise: exercise, sets: sets, repsLow: low, repsHigh: high, rpe: rpe, restSeconds: rest)
        } catch {
            (pos, key) = saved
            return nil
        }
    }

    /// An exercise id value: the caller's string when `names` has it, else read as
    /// `string(oftenIn:)` reads it (the same value either way).
    @inline(__always)
    mutating func exerciseID(_ names: ExerciseNames?) throws(Failure) -> String {
        if let names, end - pos >= 2, base[pos] == UInt8(ascii: "\""),
           case let n = plainStringLength(), n > 0,
           let id = names.id(base + pos + 1, count: n, readable: end - pos - 1) {
            pos += n + 2
            return id
        }
        return try string(oftenIn: KnownStrings.exerciseIDs)
    }

    /// An array of planned exercise objects.
    mutating func plannedArray(_ names: ExerciseNames? = nil) throws(Failure) -> [PlannedExercise] {
        // A routine day's exercises: one allocation.
        try array(reserving: 8) { (r: inout LineReader) throws(Failure) in try r.plannedExercise(names) }
    }

    mutating func workoutStarted(_ first: CodecKey?, _ env: inout EnvelopeFields,
                                 memo: inout PlannedMemo) throws(Failure) -> WorkoutStarted {
        var p = WorkoutStarted()
        var k = first
        while let key = k {
            switch key {
            case .name: p.name = try string()
            case .routine: p.routine = try string()
            case .day: p.day = try int()
            case .planned:
                if let known = memo.find(base + pos, readable: end - pos) {
                    p.planned = known.planned
                    pos += known.length
                } else {
                    let start = pos
                    p.planned = try plannedArray(memo.names)
                    memo.remember(UnsafeBufferPointer(start: base + start, count: pos - start), p.planned)
                }
            case .mobility: p.mobility = try rating()
            case .notes: p.notes = try string()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        return p
    }
}

/// A set's measures as a payload's members give them (`LineReader.measure(_:into:)`): the load and
/// the distance stay apart from their units until the whole payload is read.
struct MeasureMembers {
    var read = SetMeasures()
    var weight: Int64?, unit: MassUnit?, distance: Int64?, distanceUnit: DistanceUnit?
}
