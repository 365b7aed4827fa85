import WlogCore

/// A workout as seed 004's `Workout` (§6): the list item without `exercises`, the detail with them.
@JSONObject
struct WorkoutModel {
    var id: String
    @Nullable var name: String?
    @Nullable var notes: String?
    /// wlog's label of the day's training (`Push`, `Legs & Back` …, domain.md).
    var label: String
    var startedAt: String
    @Nullable var completedAt: String?
    @Nullable var durationSeconds: Int?
    var totalSets: Int
    var totalReps: Int
    var totalVolumeKg: Double
    var exerciseCount: Int
    /// Records set in this workout.
    var prCount: Int
    @Nullable var routineId: String?
    /// Foster's session load (session RPE × minutes, `SessionLoad`); null until finished and rated.
    @Nullable var sessionLoad: Double?
    var exercises: [WorkoutExerciseModel]?

    /// The model of `summary`; with `record` (its session) and `withExercises`, the detail.
    init(_ summary: WorkoutSummary, record: WorkoutRecord?, withExercises: Bool) {
        id = APIID.text(summary.key)
        name = summary.name ?? record?.name
        notes = record.flatMap { $0.finishNotes ?? $0.notes }
        label = summary.label
        let started = summary.started ?? summary.exercises.first?.sets.first?.performed
        startedAt = started.map { String(apiInstant: $0.instant) } ?? String(apiInstant: Instant(millisecondsSince1970: 0))
        if let finished = summary.finished {
            completedAt = String(apiInstant: finished.instant)
        } else if record == nil, let last = summary.exercises.flatMap(\.sets).map(\.performed.instant).max() {
            // A day's implicit workout is complete once logged: its last set ends it.
            completedAt = String(apiInstant: last)
        }
        durationSeconds = summary.durationMilliseconds.map { Int($0 / 1000) }
        totalSets = summary.setCount
        totalReps = summary.reps
        totalVolumeKg = summary.volume.kilograms
        prCount = summary.prs.reduce(0) { $0 + $1.records.count }
        sessionLoad = record?.sessionLoad?.load
        routineId = record?.routine.map { routine in record?.day.map { RoutineModel.id(routine: routine, day: $0) } ?? routine }
        exerciseCount = summary.exercises.count
        guard withExercises else { return }
        exercises = summary.exercises.enumerated().map { index, group in
            WorkoutExerciseModel(exercise: group.exercise, orderIndex: index, notes: group.notes, sets: group.sets,
                                 entry: group.entry)
        }
    }

    /// The workout's entries in order (`WorkoutSummary.exercises`: the session's list, then any
    /// other exercise its sets name, by first set), each with its exercise id, notes and sets.
    static func exerciseOrder(_ summary: WorkoutSummary) -> [(id: String, notes: String?, sets: [LoggedSet])] {
        summary.exercises.map { ($0.exercise.id, $0.notes, $0.sets) }
    }

    /// The id of a workout's entry of `exercise`: the exercise's id for its first entry, the id
    /// of the `workout.exercise.added` that made a further one (`WorkoutExercise.entry`).
    static func entryID(exercise: String, entry: EventID?) -> String {
        entry.map(APIID.text) ?? exercise
    }
}

/// An entry of a workout (seed 004's `WorkoutExercise`): an exercise may be in a workout more
/// than once, each entry with its own id and sets (`WorkoutModel.entryID`).
@JSONObject
struct WorkoutExerciseModel {
    var id: String
    var orderIndex: Int
    @Nullable var notes: String?
    var exercise: ExerciseModel
    var sets: [SetModel]
    /// The working sets of the last session of this exercise before today (routine starts and
    /// added exercises; null elsewhere).
    @Nullable var previousPerformance: PreviousPerformanceModel?

    init(exercise: Exercise, orderIndex: Int, notes: String?, sets: [LoggedSet], previous: PreviousPerformanceModel? = nil,
         entry: EventID? = nil) {
        id = WorkoutModel.entryID(exercise: exercise.id, entry: entry)
        self.orderIndex = orderIndex
        self.notes = notes
        self.exercise = ExerciseModel(exercise)
        self.sets = sets.enumerated().map { SetModel($1, orderIndex: $0) }
        previousPerformance = previous
    }
}

/// What the lifter did last time: the sets, and the same as a line (`80 kg × 8, 8, 7`).
@JSONObject
struct PreviousPerformanceModel {
    var date: String
    var text: String
    var sets: [SetModel]

    /// The card's previous performance, nil when there is none.
    init?(_ card: ExerciseCard) {
        guard let first = card.previousPerformance.first else { return nil }
        date = first.performed.localDay.iso
        text = card.previousPerformanceText
        sets = card.previousPerformance.enumerated().map { SetModel($1, orderIndex: $0) }
    }
}
