/// Snapshot encodings of the domain's value types (events' payloads and the state's records).
extension SnapshotWriter {
    mutating func instant(_ v: Instant) { i64(v.millisecondsSince1970) }
    mutating func zoned(_ v: ZonedInstant) {
        i64(v.instant.millisecondsSince1970)
        int(v.offsetMinutes)
    }
    mutating func mass(_ v: Mass) {
        i64(v.tenThousandths)
        u8(v.unit == .kg ? 0 : 1)
    }
    mutating func distance(_ v: Distance) {
        i64(v.tenThousandths)
        string(v.unit.rawValue)
    }
    mutating func rpe(_ v: RPE) { u8(v.halfPoints) }
    mutating func rating(_ v: Rating) { u8(v.value) }
    mutating func raw<E: RawRepresentable>(_ v: E) where E.RawValue == String { string(v.rawValue) }

    mutating func exercise(_ e: Exercise) {
        string(e.id); string(e.name); raw(e.kind); raw(e.group)
        array(e.muscles) { $0.raw($1) }
        array(e.secondary) { $0.raw($1) }
        raw(e.equipment); raw(e.pattern); int(e.prReps)
        optional(e.pinnedNote) { $0.string($1) }
        optional(e.attachment) { $0.string($1) }
        bool(e.isCustom)
        array(e.aliases) { $0.string($1) }
        array(e.guessed) { $0.raw($1) }
    }

    mutating func planned(_ p: PlannedExercise) {
        string(p.exercise); int(p.sets); int(p.repsLow); int(p.repsHigh)
        optional(p.rpe) { $0.rpe($1) }
        optional(p.restSeconds) { $0.int($1) }
    }

    mutating func workout(_ w: WorkoutRecord, lists: inout WorkoutLists.Written) {
        id(w.id); u64(w.seq); zoned(w.started)
        optional(w.name) { $0.string($1) }
        optional(w.routine) { $0.string($1) }
        optional(w.day) { $0.int($1) }
        sharedArray(w.planned, written: &lists.planned) { $0.planned($1) }
        sharedArray(w.exercises, written: &lists.exercises) { w, e in
            w.string(e.exercise)
            w.optional(e.notes) { $0.string($1) }
            w.optional(e.entry) { $0.id($1) }
            if e.entry != nil { w.array(e.sets) { $0.id($1) } }
        }
        optional(w.mobility) { $0.rating($1) }
        optional(w.notes) { $0.string($1) }
        optional(w.finished) { $0.zoned($1) }
        optional(w.finishNotes) { $0.string($1) }
        optional(w.soreness) { $0.rating($1) }
        optional(w.sessionRPE) { $0.rpe($1) }
        bool(w.isDiscarded)
    }

    mutating func bodyweight(_ b: BodyweightEntry) {
        id(b.id); u64(b.seq); zoned(b.at); mass(b.weight)
        optional(b.notes) { $0.string($1) }
        bool(b.isDeleted)
    }

    mutating func equipmentItem(_ e: EquipmentItem) {
        string(e.id); string(e.name); raw(e.type)
        array(e.weights) { $0.mass($1) }
        optional(e.location) { $0.raw($1) }
        bool(e.available)
    }

    mutating func routine(_ r: RoutineRecord) {
        string(r.routine.id); string(r.routine.name)
        optional(r.routine.weeks) { $0.int($1) }
        array(r.routine.deloadWeeks) { $0.int($1) }
        array(r.routine.days) { w, d in
            w.int(d.index); w.string(d.title)
            w.array(d.exercises) { $0.planned($1) }
        }
        bool(r.isRetired)
    }

    mutating func profile(_ p: Profile) {
        optional(p.name) { $0.string($1) }
        optional(p.unit) { $0.raw($1) }
        optional(p.timeZone) { $0.string($1) }
        optional(p.sex) { $0.raw($1) }
        optional(p.birthYear) { $0.int($1) }
        optional(p.heightCentimetres) { $0.int($1) }
        optional(p.experience) { $0.raw($1) }
        optional(p.goal) { $0.raw($1) }
        optional(p.daysPerWeek) { $0.int($1) }
        optional(p.restTimerSeconds) { $0.int($1) }
        optional(p.equipment) { $0.raw($1) }
    }

    mutating func settings(_ s: Settings) {
        optional(s.unit) { $0.raw($1) }
        optional(s.timeZone) { $0.string($1) }
        optional(s.restTimerSeconds) { $0.int($1) }
        string(s.e1rmFormula)
        array(s.prReps) { $0.int($1) }
        int(s.e1rmMaxReps)
    }
}

extension SnapshotReader {
    typealias R = SnapshotReader

    mutating func instant() throws(SnapshotError) -> Instant { Instant(millisecondsSince1970: try i64()) }
    mutating func zoned() throws(SnapshotError) -> ZonedInstant {
        let ms = try i64()
        return ZonedInstant(Instant(millisecondsSince1970: ms), offsetMinutes: try int())
    }
    mutating func mass() throws(SnapshotError) -> Mass {
        let v = try i64()
        switch try u8() {
        case 0: return Mass(tenThousandths: v, unit: .kg)
        case 1: return Mass(tenThousandths: v, unit: .lb)
        case let b: throw SnapshotError("bad mass unit \(b)")
        }
    }
    mutating func distance() throws(SnapshotError) -> Distance {
        let v = try i64()
        return Distance(tenThousandths: v, unit: try raw(DistanceUnit.self))
    }
    mutating func rpe() throws(SnapshotError) -> RPE {
        let h = try u8()
        guard let v = RPE(halfPoints: Int(h)) else { throw SnapshotError("bad RPE \(h)") }
        return v
    }
    mutating func rating() throws(SnapshotError) -> Rating {
        let h = try u8()
        guard let v = Rating(Int(h)) else { throw SnapshotError("bad rating \(h)") }
        return v
    }

    mutating func exercise() throws(SnapshotError) -> Exercise {
        let id = try string(), name = try string()
        let kind = try raw(ExerciseKind.self), group = try raw(MuscleGroup.self)
        let muscles = try array { (r: inout R) throws(SnapshotError) in try r.raw(Muscle.self) }
        let secondary = try array { (r: inout R) throws(SnapshotError) in try r.raw(MuscleGroup.self) }
        let equipment = try raw(Equipment.self), pattern = try raw(MovementPattern.self)
        let prReps = try int()
        let pinned = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let attachment = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let custom = try bool()
        let aliases = try array { (r: inout R) throws(SnapshotError) in try r.string() }
        let guessed = try array { (r: inout R) throws(SnapshotError) in try r.raw(ExerciseTrait.self) }
        return Exercise(id: id, name: name, kind: kind, group: group, muscles: muscles, secondary: secondary,
                        equipment: equipment, pattern: pattern, prReps: prReps, pinnedNote: pinned,
                        attachment: attachment, isCustom: custom, aliases: aliases, guessed: guessed)
    }

    mutating func planned() throws(SnapshotError) -> PlannedExercise {
        let exercise = try string(), sets = try int(), low = try int(), high = try int()
        let rpe = try optional { (r: inout R) throws(SnapshotError) in try r.rpe() }
        let rest = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        return PlannedExercise(exercise: exercise, sets: sets, repsLow: low, repsHigh: high, rpe: rpe, restSeconds: rest)
    }

    mutating func workout(lists: inout WorkoutLists.Read) throws(SnapshotError) -> WorkoutRecord {
        let id = try id(), seq = try u64(), started = try zoned()
        let name = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let routine = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let day = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        let planned = try sharedArray(read: &lists.planned) { (r: inout R) throws(SnapshotError) in try r.planned() }
        let exercises = try sharedArray(read: &lists.exercises) { (r: inout R) throws(SnapshotError) -> WorkoutExercise in
            let exercise = try r.string()
            let notes = try r.optional { (r: inout R) throws(SnapshotError) in try r.string() }
            guard let entry = try r.optional({ (r: inout R) throws(SnapshotError) in try r.id() }) else {
                return WorkoutExercise(exercise: exercise, notes: notes)
            }
            return WorkoutExercise(exercise: exercise, notes: notes, entry: entry,
                                   sets: try r.array { (r: inout R) throws(SnapshotError) in try r.id() })
        }
        let mobility = try optional { (r: inout R) throws(SnapshotError) in try r.rating() }
        let notes = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let finished = try optional { (r: inout R) throws(SnapshotError) in try r.zoned() }
        let finishNotes = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        let soreness = try optional { (r: inout R) throws(SnapshotError) in try r.rating() }
        let sessionRPE = try optional { (r: inout R) throws(SnapshotError) in try r.rpe() }
        return WorkoutRecord(id: id, seq: seq, started: started, name: name, routine: routine, day: day, planned: planned,
                             exercises: exercises, mobility: mobility, notes: notes, finished: finished,
                             finishNotes: finishNotes, soreness: soreness, sessionRPE: sessionRPE, isDiscarded: try bool())
    }

    mutating func bodyweight() throws(SnapshotError) -> BodyweightEntry {
        let id = try id(), seq = try u64(), at = try zoned(), weight = try mass()
        let notes = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        return BodyweightEntry(id: id, seq: seq, at: at, weight: weight, notes: notes, isDeleted: try bool())
    }

    mutating func equipmentItem() throws(SnapshotError) -> EquipmentItem {
        let id = try string(), name = try string(), type = try raw(EquipmentType.self)
        let weights = try array { (r: inout R) throws(SnapshotError) in try r.mass() }
        let location = try optional { (r: inout R) throws(SnapshotError) in try r.raw(EquipmentLocation.self) }
        return EquipmentItem(id: id, name: name, type: type, weights: weights, location: location, available: try bool())
    }

    mutating func routine() throws(SnapshotError) -> RoutineRecord {
        let id = try string(), name = try string()
        let weeks = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        let deload = try array { (r: inout R) throws(SnapshotError) in try r.int() }
        let days = try array { (r: inout R) throws(SnapshotError) -> RoutineDay in
            let index = try r.int(), title = try r.string()
            return RoutineDay(index: index, title: title, exercises: try r.array { (r: inout R) throws(SnapshotError) in try r.planned() })
        }
        return RoutineRecord(routine: Routine(id: id, name: name, weeks: weeks, deloadWeeks: deload, days: days), isRetired: try bool())
    }

    mutating func profile() throws(SnapshotError) -> Profile {
        var p = Profile()
        p.name = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        p.unit = try optional { (r: inout R) throws(SnapshotError) in try r.raw(MassUnit.self) }
        p.timeZone = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        p.sex = try optional { (r: inout R) throws(SnapshotError) in try r.raw(Sex.self) }
        p.birthYear = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        p.heightCentimetres = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        p.experience = try optional { (r: inout R) throws(SnapshotError) in try r.raw(Experience.self) }
        p.goal = try optional { (r: inout R) throws(SnapshotError) in try r.raw(TrainingGoal.self) }
        p.daysPerWeek = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        p.restTimerSeconds = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        p.equipment = try optional { (r: inout R) throws(SnapshotError) in try r.raw(PowerliftingScore.Equipment.self) }
        return p
    }

    mutating func settings() throws(SnapshotError) -> Settings {
        var s = Settings()
        s.unit = try optional { (r: inout R) throws(SnapshotError) in try r.raw(MassUnit.self) }
        s.timeZone = try optional { (r: inout R) throws(SnapshotError) in try r.string() }
        s.restTimerSeconds = try optional { (r: inout R) throws(SnapshotError) in try r.int() }
        s.e1rmFormula = try string()
        s.prReps = try array { (r: inout R) throws(SnapshotError) in try r.int() }
        s.e1rmMaxReps = try int()
        return s
    }
}

/// The planned and current exercise lists of the workouts written or read so far, each once
/// (`SnapshotWriter.sharedArray`).
enum WorkoutLists {
    struct Written {
        var planned: [[PlannedExercise]: UInt64] = [:]
        var exercises: [[WorkoutExercise]: UInt64] = [:]
    }

    struct Read {
        var planned: [[PlannedExercise]] = []
        var exercises: [[WorkoutExercise]] = []
    }
}
