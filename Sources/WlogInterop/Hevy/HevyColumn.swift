import WlogCore

/// The semantic columns of Hevy's export, and the alias table of its header names.
enum HevyColumn: Int, Hashable, Sendable {
    case title, start, end, description, exercise, superset, exerciseNotes, setIndex, setType
    case weight, reps, distance, duration, rpe

    /// Normalised header name → column (and the unit a name implies).
    static let aliases: [String: (HevyColumn, String?)] = [
        "title": (.title, nil), "start_time": (.start, nil), "end_time": (.end, nil),
        "description": (.description, nil), "exercise_title": (.exercise, nil),
        "superset_id": (.superset, nil), "exercise_notes": (.exerciseNotes, nil),
        "set_index": (.setIndex, nil), "set_type": (.setType, nil),
        "weight_kg": (.weight, "kg"), "weight_lbs": (.weight, "lb"), "weight_lb": (.weight, "lb"),
        "reps": (.reps, nil),
        "distance_km": (.distance, "km"), "distance_miles": (.distance, "mi"), "distance_mi": (.distance, "mi"),
        "distance_meters": (.distance, "m"),
        "duration_seconds": (.duration, nil), "rpe": (.rpe, nil),
    ]

    /// Hevy's set types in wlog's words: `normal`, `warmup`, `failure`, `dropset`.
    static func setType(_ text: String) -> SetType? {
        switch text.lowercased() {
        case "normal", "": return .working
        case "warmup", "warm_up", "warm-up": return .warmup
        case "failure": return .failure
        case "dropset", "drop_set", "drop": return .drop
        default: return nil
        }
    }
}
