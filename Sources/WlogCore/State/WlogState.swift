/// The ledger every command and query reads: the journal folded one event at a time.
///
/// `apply(_:)` is the decider's `evolve`. It is O(1) amortised per event: dictionaries keyed by
/// id, no sorting, no aggregation — queries sort and aggregate on demand. It never refuses an
/// event (validation is `decide`'s job); an event that refers to something unknown changes
/// nothing but still counts as seen. An event whose id was already applied is ignored, so
/// retries, imports and merges are idempotent.
public struct WlogState: Sendable, Equatable {
    /// The highest sequence number applied (0 for an empty journal).
    public internal(set) var lastSeq: UInt64 = 0
    /// The number of distinct events applied.
    public internal(set) var eventCount: Int = 0
    /// How far the journal's tail is in stamp order (`audit`'s latest events).
    package internal(set) var stampOrder = StampOrder()
    /// The id of every applied event (duplicate detection) → the index of its set in `sets.rows`
    /// for `set.logged`, −1 for any other event. One table, one hash per event.
    var eventIndex = EventIDTable()

    /// The built-in library, by id (shared storage; never mutated by events).
    var builtIns: [String: Exercise]
    /// Custom exercises and edited built-ins, by id: these shadow `builtIns`.
    var customExercises: [String: Exercise] = [:]
    /// Ids of retired exercises.
    var retiredExercises: Set<String> = []
    /// Name key (`Exercise.nameKey`) → exercise ids, for the names and aliases events added (custom
    /// exercises, renamed built-ins); the built-in library's are in `libraryNameIndex`.
    var nameIndex: [String: [String]] = [:]
    /// The built-in library's name index; nil for the default library, whose index is built once
    /// per process on first use (`WlogState.defaultLibraryNames`), not by every state that starts
    /// from `initial` (a read from a snapshot never needs it).
    var libraryNameIndex: [String: [String]]?

    /// Every set ever logged, deleted ones included, with its versions (compact rows).
    var sets = SetLedger()

    /// Explicit workouts by id.
    var workouts: [EventID: WorkoutRecord] = [:]

    /// Body-weight entries by id, deleted ones included.
    var bodyweights: [EventID: BodyweightEntry] = [:]
    /// The body-weight goal (`goal.set`, or the profile's body-weight goal, whichever is the latest change: `LatestChanges`).
    public internal(set) var goal: Mass?
    /// The lifter's profile.
    public internal(set) var profile = Profile()
    /// Display and computation settings.
    public internal(set) var settings = Settings()
    /// The events of the types folded `.kept` (`readiness.recorded`, `set.rested`), as applied.
    var kept = KeptEvents()
    /// The equipment arsenal by id, removed items excluded.
    public internal(set) var equipment: [String: EquipmentItem] = [:]
    /// Routines by id, retired ones included (see `RoutineRecord.isRetired`).
    public internal(set) var routines: [String: RoutineRecord] = [:]
    /// The stamp of the change each setting, profile field, goal, body-weight field, exercise
    /// field, equipment item and routine has: concurrent changes resolve by it.
    var latest = LatestChanges()
    /// Every exercise's personal records, when a snapshot brought them (derived; see `RecordsCache`).
    var recordsCache = RecordsCache()
    /// The date of the last line `apply(line:)` read (a cache; never compared).
    var lineDay = DayMemo()
    /// Recent sessions' planned arrays by their text, for `apply(line:)` (a cache; never compared).
    var plannedMemo = PlannedMemo()

    /// Makes an empty state over a built-in exercise library.
    public init(builtIns: [Exercise]) {
        self.init(library: builtIns)
        libraryNameIndex = Self.nameIndex(of: builtIns)
    }

    /// An empty state over `library`, whose name index is the default library's.
    private init(library: [Exercise]) {
        var byID: [String: Exercise] = [:]
        byID.reserveCapacity(library.count)
        for exercise in library { byID[exercise.id] = exercise }
        builtIns = byID
    }

    /// The state before the first event, over the built-in library.
    public static var initial: WlogState { empty }

    /// Built once per process: copies share the library's tables until they change, and keep
    /// room for a history's first workouts and custom exercises (`WlogState+Capacity.swift`).
    private static let empty = WlogState(library: WlogState.defaultLibrary).withRoomForAHistory()

    /// A state of nothing, not even the library: what holds the place of a state moved out of a
    /// struct until it is moved back (`LifterView.giveBack`). Its tables are all empty, so a copy
    /// of it retains no buffer another thread writes.
    package static let vacant = WlogState(library: [])

    /// The built-in library `initial` starts from.
    static var defaultLibrary: [Exercise] { ExerciseLibrary.all }

    /// Folds one event into the state (the decider's `evolve`).
    public mutating func apply(_ event: Event) {
        guard insertEventID(event) else { return }
        eventCount += 1
        if event.seq > lastSeq { lastSeq = event.seq }
        stampOrder.note(seq: event.seq, recorded: event.envelope.recorded.millisecondsSince1970)
        if event.type.described.changesAnyRecord { recordsCache.dropAll() }
        switch event.payload {
        case .setLogged(let p): applySetLogged(p, event: event)
        case .setEdited(let p): applySetEdited(p, event: event)
        case .setDeleted(let p): applySetDeleted(p, event: event)
        case .workoutStarted(let p): applyWorkoutStarted(p, event: event)
        case .workoutExerciseAdded(let p): applyWorkoutExerciseAdded(p, event: event)
        case .workoutExerciseRemoved(let p): applyWorkoutExerciseRemoved(p)
        case .workoutExercisesReordered(let p): applyWorkoutExercisesReordered(p)
        case .workoutFinished(let p): applyWorkoutFinished(p, event: event)
        case .workoutDiscarded(let p): applyWorkoutDiscarded(p)
        case .workoutUpdated(let p): applyWorkoutUpdated(p, stamp: SetChange.Stamp(event))
        case .bodyweightRecorded(let p): applyBodyweightRecorded(p, event: event)
        case .bodyweightEdited(let p): applyBodyweightEdited(p, stamp: SetChange.Stamp(event))
        case .bodyweightDeleted(let p): bodyweights[p.entry]?.isDeleted = true
        case .goalSet(let p): if latest.take("goal", SetChange.Stamp(event)) { goal = p.weight }
        case .profileUpdated(let p): applyProfileUpdated(p, stamp: SetChange.Stamp(event))
        case .settingsChanged(let p): settings.apply(p, stamp: SetChange.Stamp(event), latest: &latest)
        case .exerciseCreated(let e): applyExerciseCreated(e)
        case .exerciseUpdated(let p): applyExerciseUpdated(p, stamp: SetChange.Stamp(event))
        case .exerciseRetired(let p): retiredExercises.insert(p.exercise)
        // An equipment item and a routine: the latest change wins as a whole (a removal or
        // retirement included; creating a routine again brings it back).
        case .equipmentAdded(let item), .equipmentUpdated(let item):
            if latest.take("equipment." + item.id, SetChange.Stamp(event)) { equipment[item.id] = item }
        case .equipmentRemoved(let p): if latest.take("equipment." + p.id, SetChange.Stamp(event)) { equipment[p.id] = nil }
        case .routineCreated(let r), .routineUpdated(let r):
            if latest.take("routine." + r.id, SetChange.Stamp(event)) { routines[r.id] = RoutineRecord(routine: r) }
        case .routineRetired(let p): if latest.take("routine." + p.id, SetChange.Stamp(event)) { routines[p.id]?.isRetired = true }
        // The types whose description says `.kept`: their projections fold them when asked.
        default: kept.keep(event)
        }
    }

    /// Records the event's id (with its set's future index for `set.logged`) in one table lookup;
    /// false when the id was already applied.
    @inline(__always)
    private mutating func insertEventID(_ event: Event) -> Bool {
        var value: Int32 = -1
        if case .setLogged = event.payload { value = Int32(truncatingIfNeeded: sets.rows.count) }
        return eventIndex.insertIfAbsent(event.id, value: value)
    }

    /// Whether an event with this id has been applied.
    public func contains(eventID: EventID) -> Bool { eventIndex.value(for: eventID) != nil }

    /// `contains(eventID:)` as of now, as a closure that holds the id table alone: one that
    /// captured the state would copy it, a retain of every buffer (and a release after) each time.
    public var containsEventID: @Sendable (EventID) -> Bool {
        { [eventIndex] in eventIndex.value(for: $0) != nil }
    }

    /// The display unit: the settings' unit, else the profile's, else kilograms.
    public var unit: MassUnit { settings.unit ?? profile.unit ?? .kg }

    private mutating func applyProfileUpdated(_ p: ProfileUpdated, stamp: SetChange.Stamp) {
        profile.apply(p, stamp: stamp, latest: &latest)
        if let weight = p.bodyweightGoal, latest.take("goal", stamp) { goal = weight }
    }
}
