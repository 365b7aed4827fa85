import WlogCore

/// A routine as seed 004's `Routine` (§6). A wlog routine has days; each day is one API routine
/// (a template a workout starts from), with id `<routine id>.<day index>` and name
/// `<routine> — <day title>`, or the routine's name alone when the day is titled as the routine
/// (a routine made by `POST /routines`: one day, titled with its name).
@JSONObject
struct RoutineModel {
    var id: String
    var name: String
    var exerciseCount: Int
    /// Minutes: per planned set 45 s of work plus its rest (120 s when the plan gives none).
    var estimatedDuration: Int
    var exercises: [RoutineExerciseModel]?

    init(routine: Routine, day: RoutineDay, state: WlogState, withExercises: Bool) {
        id = Self.id(routine: routine.id, day: day.index)
        name = Self.name(routine: routine, day: day)
        exerciseCount = day.exercises.count
        let seconds = day.exercises.reduce(0) { $0 + $1.sets * (45 + ($1.restSeconds ?? 120)) }
        estimatedDuration = Int((Double(seconds) / 60).rounded())
        if withExercises {
            let ids = Self.exerciseIDs(day)
            exercises = day.exercises.enumerated().map { index, planned in
                RoutineExerciseModel(planned, id: ids[index], orderIndex: index, exercise: state.exerciseOrStandIn(planned.exercise))
            }
        }
    }

    static func id(routine: String, day: Int) -> String { routine + "." + String(day) }

    /// Between a routine's name and a day's title in the API's name.
    static let separator = " — "

    /// The API's name of `day`: `<routine> — <day title>`, or the routine's name alone when the
    /// day is titled with it.
    static func name(routine: Routine, day: RoutineDay) -> String {
        day.title == routine.name ? routine.name : routine.name + separator + day.title
    }

    /// The ids of a day's planned exercises, stable across reads and reorders: the exercise's id
    /// (`bench-press`); when the day plans the exercise again, the n-th entry of it is
    /// `<exercise id>.<n>` (`bench-press.2`; an exercise id never holds a dot).
    static func exerciseIDs(_ day: RoutineDay) -> [String] {
        var seen: [String: Int] = [:]
        return day.exercises.map { planned in
            let count = (seen[planned.exercise] ?? 0) + 1
            seen[planned.exercise] = count
            return count == 1 ? planned.exercise : planned.exercise + "." + String(count)
        }
    }

    /// The routine and day an API id names (a bare routine id means its first day).
    static func find(_ text: String, in state: WlogState) -> (Routine, RoutineDay)? {
        var routineID = text
        var dayIndex: Int?
        if let dot = text.lastIndex(of: "."), let index = Int(text[text.index(after: dot)...]) {
            routineID = String(text[..<dot])
            dayIndex = index
        }
        guard let record = state.routines[routineID], !record.isRetired else { return nil }
        let days = record.routine.days
        guard let day = dayIndex.map({ index in days.first { $0.index == index } }) ?? days.min(by: { $0.index < $1.index }) else { return nil }
        return (record.routine, day)
    }

    /// Every live routine's days, by routine name then day.
    static func all(in state: WlogState) -> [(Routine, RoutineDay)] {
        state.routines.values.filter { !$0.isRetired }.map(\.routine)
            .sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            .flatMap { routine in routine.days.sorted { $0.index < $1.index }.map { (routine, $0) } }
    }
}

/// A planned exercise of a routine day.
@JSONObject
struct RoutineExerciseModel {
    /// Unique within the day, stable across reads (`RoutineModel.exerciseIDs`).
    var id: String
    var orderIndex: Int
    var exercise: ExerciseModel
    var targetSets: Int
    var targetRepsLow: Int
    var targetRepsHigh: Int
    /// The planned RPE as a whole number (`WholeRPE`), the exact one in `targetRpeExact`.
    @Nullable var targetRpe: Int?
    @Nullable var targetRpeExact: Double?
    @Nullable var restSeconds: Int?

    init(_ planned: PlannedExercise, id: String, orderIndex: Int, exercise: Exercise) {
        self.id = id
        self.orderIndex = orderIndex
        self.exercise = ExerciseModel(exercise)
        targetSets = planned.sets
        targetRepsLow = planned.repsLow
        targetRepsHigh = planned.repsHigh
        let effort = WholeRPE(planned.rpe)
        targetRpe = effort?.whole
        targetRpeExact = effort?.exact
        restSeconds = planned.restSeconds
    }
}
