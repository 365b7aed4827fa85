/// Every JSON key of the canonical line format, envelope keys first.
///
/// The raw value is the key as written. `unknown` stands for any key the reader does not know;
/// such members are skipped. See `docs/EVENTS.md` for which type uses which key.
enum CodecKey: String, CaseIterable, Sendable {
    // envelope
    case seq, id, type, v, at, tz, recorded, actor
    // sets
    case exercise, workout, reps, weight, unit, distance
    case distanceUnit = "distance_unit", durationMs = "duration_ms"
    case rpe, effort, setType = "set_type", done, notes, source
    case set, performed, performedTz = "performed_tz", reason
    // profile and settings
    case name, timeZone = "time_zone", sex, birthYear = "birth_year", heightCm = "height_cm", experience, goal
    case daysPerWeek = "days_per_week", bodyweightGoal = "bodyweight_goal", bodyweightGoalUnit = "bodyweight_goal_unit"
    case restTimerS = "rest_timer_s", e1rmFormula = "e1rm_formula", prReps = "pr_reps", e1rmMaxReps = "e1rm_max_reps"
    // exercises and equipment
    case kind, group, muscles, secondary, equipment, pattern, pinnedNote = "pinned_note", custom, aliases
    case weights, location, available
    // routines and workouts
    case routine, weeks, deloadWeeks = "deload_weeks", days, day, title, exercises
    case sets, repsLow = "reps_low", repsHigh = "reps_high", restS = "rest_s"
    case planned, mobility, position, soreness, sessionRpe = "session_rpe"
    // body
    case entry, measured, measuredTz = "measured_tz", sleep, energy, pain, note
    /// Any key not in this list.
    case unknown = ""

    /// The keys in table order.
    static let all: [CodecKey] = CodecKey.allCases.filter { $0 != .unknown }
    /// The lookup table from key bytes to `all` indices.
    static let table = ByteStringTable(all.map(\.rawValue))
    /// The event types in table order.
    static let types: [EventType] = EventType.allCases
    /// The lookup table from `type` value bytes to `types` indices.
    static let typeTable = ByteStringTable(types.map(\.rawValue))

    /// Whether the key belongs to the envelope.
    var isEnvelope: Bool {
        switch self {
        case .seq, .id, .type, .v, .at, .tz, .recorded, .actor: return true
        default: return false
        }
    }
}
