import WlogCore

/// The body of `POST /routines` and `PATCH /routines/:id` (beyond seed 004 §5): a routine day's
/// `name` and planned `exercises`, in the shape `GET /routines/:id` answers them (`exerciseId`
/// as `POST /workouts/:id/exercises` takes it: an id, name or alias). The engine's command
/// (`createRoutine`/`updateRoutine`, as `wlog plan` and the app's planner) checks them;
/// `refusalField` names the body's field it refused.
struct RoutineBody: Decodable {
    struct Planned: Decodable {
        var exerciseId: String
        var targetSets: Int
        var targetRepsLow: Int
        /// Defaults to `targetRepsLow` (a fixed rep target).
        var targetRepsHigh: Int?
        /// A number 1–10 in half steps (8.5 is taken as is, not rounded).
        var targetRpe: Double?
        /// What `GET` answers beside the whole `targetRpe`; wins over it while `targetRpe` is its
        /// rounding (a routine read and sent back unchanged keeps 8.5), else `targetRpe` wins
        /// (an app that knows only `targetRpe` changed it).
        var targetRpeExact: Double?
        var restSeconds: Int?
    }

    var name: String?
    var exercises: [Planned]?

    /// `exercises` as the engine plans them (exercise names resolved by the command), RPEs checked.
    func planned() throws -> [PlannedExercise]? {
        try exercises?.enumerated().map { index, entry in
            PlannedExercise(exercise: entry.exerciseId, sets: entry.targetSets, repsLow: entry.targetRepsLow,
                            repsHigh: entry.targetRepsHigh ?? entry.targetRepsLow, rpe: try Self.rpe(entry, index: index),
                            restSeconds: entry.restSeconds)
        }
    }

    /// The RPE an entry plans: `targetRpeExact` unless `targetRpe` says otherwise (see there).
    static func rpe(_ entry: Planned, index: Int) throws -> RPE? {
        let exact = try entry.targetRpeExact.map { try Self.rpe($0, field: "exercises[\(index)].targetRpeExact") }
        let whole = try entry.targetRpe.map { try Self.rpe($0, field: "exercises[\(index)].targetRpe") }
        guard let exact else { return whole }
        guard let whole, let rounded = WholeRPE(exact)?.whole, Double(rounded) != whole.value else { return exact }
        return whole
    }

    private static func rpe(_ value: Double, field: String) throws -> RPE {
        guard let rpe = RPE(value) else { throw APIError.validation(field: field, "\(value) is not an RPE — " + RPE.allowedText) }
        return rpe
    }

    /// The body's field an engine refusal of the routine is about: `name`, or the first entry of
    /// `exercises` holding the refused value (the command checks the entries in order, so the
    /// first one holding it is the one refused).
    func refusalField(_ refusal: Refusal) -> String {
        let entries = exercises ?? []
        func entry(_ key: String, _ matches: (Planned) -> Bool) -> String {
            entries.firstIndex(where: matches).map { "exercises[\($0)]." + key } ?? "exercises"
        }
        switch refusal.field {
        case "routine", "routine.name": return "name"
        case "routine.exercise": return entry("exerciseId") { refusal.value == "\"" + $0.exerciseId + "\"" || refusal.value == $0.exerciseId }
        case "routine.sets": return entry("targetSets") { String($0.targetSets) == refusal.value }
        case "routine.rest": return entry("restSeconds") { $0.restSeconds.map(String.init) == refusal.value }
        case "routine.reps":
            let index = entries.firstIndex { String($0.targetRepsLow) + "-" + String($0.targetRepsHigh ?? $0.targetRepsLow) == refusal.value }
            guard let index else { return "exercises" }
            return "exercises[\(index)]." + (entries[index].targetRepsLow < 1 ? "targetRepsLow" : "targetRepsHigh")
        default: return refusal.field
        }
    }
}
