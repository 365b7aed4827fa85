/// Canonical member lists of the set, workout and body payloads (order = declaration order).
extension LineWriter {
    /// `,"weight":"102.5","unit":"kg"` under the given keys.
    mutating func mass(_ mass: Mass, _ valueKey: CodecKey, _ unitKey: CodecKey) {
        key(valueKey)
        decimal(mass.tenThousandths)
        key(unitKey)
        string(mass.unit.rawValue)
    }

    /// `,"distance":"5","distance_unit":"km"`.
    mutating func distance(_ distance: Distance) {
        key(.distance)
        decimal(distance.tenThousandths)
        key(.distanceUnit)
        string(distance.unit.rawValue)
    }

    /// `,"k":"…"` when the string is present.
    mutating func optional(_ k: CodecKey, _ value: String?) {
        if let value { key(k); string(value) }
    }

    /// `,"k":N` when the integer is present.
    mutating func optional(_ k: CodecKey, _ value: Int?) {
        if let value { key(k); int(value) }
    }

    /// `,"k":"<32 hex>"` when the id is present.
    mutating func optional(_ k: CodecKey, _ value: EventID?) {
        if let value { key(k); eventID(value) }
    }

    /// `,"k":N` when the rating is present.
    mutating func optional(_ k: CodecKey, _ value: Rating?) {
        if let value { key(k); rating(value) }
    }

    /// `,"k":8.5` when the RPE is present.
    mutating func optional(_ k: CodecKey, _ value: RPE?) {
        if let value { key(k); rpe(value) }
    }

    /// `,"k":[…]`, each element written by `element`.
    mutating func list<Element>(_ k: CodecKey, _ values: [Element], _ element: (inout LineWriter, Element) -> Void) {
        key(k)
        array(values, element)
    }

    /// `[…]`, each element written by `element`.
    mutating func array<Element>(_ values: [Element], _ element: (inout LineWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, v)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `,"k":[…]` of strings.
    mutating func strings(_ k: CodecKey, _ values: [String]) { list(k, values) { $0.string($1) } }

    /// `,"k":[…]` of integers.
    mutating func ints(_ k: CodecKey, _ values: [Int]) { list(k, values) { $0.int($1) } }

    mutating func payload(_ p: SetLogged) {
        key(.exercise); string(p.exercise)
        optional(.workout, p.workout)
        optional(.entry, p.entry)
        optional(.reps, p.reps)
        if let m = p.weight { mass(m, .weight, .unit) }
        if let d = p.distance { distance(d) }
        if let ms = p.durationMilliseconds { key(.durationMs); int64(ms) }
        optional(.rpe, p.rpe)
        optional(.effort, p.effort)
        if p.setType != .working { key(.setType); string(p.setType.rawValue) }
        if !p.done { key(.done); bool(false) }
        optional(.notes, p.notes)
        optional(.source, p.source)
    }

    /// A cleared field is its key with `null` where its value would be.
    mutating func payload(_ p: SetEdited) {
        key(.set); eventID(p.set)
        optional(.exercise, p.exercise)
        optional(.workout, p.workout)
        if let at = p.performed {
            key(.performed); instant(at.instant)
            key(.performedTz); int(at.offsetMinutes)
        }
        cleared(.reps, p.cleared); optional(.reps, p.reps)
        cleared(.weight, p.cleared); if let m = p.weight { mass(m, .weight, .unit) }
        cleared(.distance, p.cleared); if let d = p.distance { distance(d) }
        cleared(.durationMs, p.cleared); if let ms = p.durationMilliseconds { key(.durationMs); int64(ms) }
        cleared(.rpe, p.cleared); optional(.rpe, p.rpe)
        cleared(.effort, p.cleared); optional(.effort, p.effort)
        optional(.setType, p.setType?.rawValue)
        if let done = p.done { key(.done); bool(done) }
        cleared(.notes, p.cleared); optional(.notes, p.notes)
    }

    /// `,"k":null` when `fields` clears `k`'s field.
    private mutating func cleared(_ k: CodecKey, _ fields: SetEdited.Cleared) {
        guard !fields.isEmpty, fields.contains(SetEdited.Cleared(key: k)) else { return }
        key(k); raw("null")
    }

    /// The members of a planned exercise, as an object.
    mutating func planned(_ p: PlannedExercise) {
        raw("{\"exercise\":"); string(p.exercise)
        key(.sets); int(p.sets)
        key(.repsLow); int(p.repsLow)
        key(.repsHigh); int(p.repsHigh)
        optional(.rpe, p.rpe)
        optional(.restS, p.restSeconds)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"k":[{…},…]` of planned exercises.
    mutating func planned(_ k: CodecKey, _ values: [PlannedExercise]) { list(k, values) { $0.planned($1) } }

    mutating func payload(_ p: WorkoutStarted) {
        optional(.name, p.name)
        optional(.routine, p.routine)
        optional(.day, p.day)
        if !p.planned.isEmpty { planned(.planned, p.planned) }
        optional(.mobility, p.mobility)
        optional(.notes, p.notes)
    }

    mutating func payload(_ p: BodyweightRecorded) {
        mass(p.weight, .weight, .unit)
        optional(.notes, p.notes)
    }

    mutating func payload(_ p: BodyweightEdited) {
        key(.entry); eventID(p.entry)
        if let m = p.weight { mass(m, .weight, .unit) }
        if let at = p.at {
            key(.measured); instant(at.instant)
            key(.measuredTz); int(at.offsetMinutes)
        }
        optional(.notes, p.notes)
    }

    mutating func payload(_ p: GoalSet) {
        if let m = p.weight { mass(m, .weight, .unit) }
    }
}
