/// The semantic columns of Strong's exports, and the alias table of every known header name.
enum StrongColumn: Int, Hashable, Sendable {
    case workoutNumber, date, workoutName, duration, exercise, setOrder
    case weight, weightUnit, reps, distance, distanceUnit, seconds, notes, workoutNotes, rpe

    /// Normalised header name → column (and the unit a name implies). English iOS (2016–2024),
    /// Android, Strong 6 (2025) and German localised names.
    static let aliases: [String: (StrongColumn, String?)] = [
        "workout #": (.workoutNumber, nil),
        "date": (.date, nil), "datum": (.date, nil),
        "workout name": (.workoutName, nil), "workout-name": (.workoutName, nil),
        "duration": (.duration, nil), "dauer": (.duration, nil), "workout duration": (.duration, nil),
        "duration (sec)": (.duration, "s"), "dauer (sek.)": (.duration, "s"),
        "exercise name": (.exercise, nil), "name der übung": (.exercise, nil), "übung": (.exercise, nil),
        "set order": (.setOrder, nil), "reihenfolge festlegen": (.setOrder, nil), "satz": (.setOrder, nil),
        "weight": (.weight, nil), "gewicht": (.weight, nil),
        "kg": (.weight, "kg"), "lb": (.weight, "lb"), "lbs": (.weight, "lb"),
        "weight (kg)": (.weight, "kg"), "weight (lb)": (.weight, "lb"), "weight (lbs)": (.weight, "lb"),
        "gewicht (kg)": (.weight, "kg"),
        "weight unit": (.weightUnit, nil), "gewichtseinheit": (.weightUnit, nil),
        "reps": (.reps, nil), "wiederh.": (.reps, nil), "wiederholungen": (.reps, nil),
        "distance": (.distance, nil), "entfernung": (.distance, nil),
        "km": (.distance, "km"), "mi": (.distance, "mi"), "distance (meters)": (.distance, "m"),
        "distance (km)": (.distance, "km"), "distance (mi)": (.distance, "mi"), "entfernung (meter)": (.distance, "m"),
        "distance unit": (.distanceUnit, nil), "entfernungseinheit": (.distanceUnit, nil),
        "seconds": (.seconds, nil), "sekunden": (.seconds, nil),
        "notes": (.notes, nil), "notizen": (.notes, nil),
        "workout notes": (.workoutNotes, nil), "workout-notizen": (.workoutNotes, nil),
        "rpe": (.rpe, nil),
    ]
}

/// What a Strong `Set Order` field says about its row.
enum StrongSetOrder: Equatable {
    /// A set of the given type (numbered sets are working sets).
    case set(SetTypeToken)
    /// A rest-timer row (`Rest Timer`, `Ruhezeit`): Seconds is rest, not a set.
    case rest
    /// An exercise-note row (`Note`): Notes holds a note about the exercise.
    case note

    /// The set types Strong writes.
    enum SetTypeToken: Equatable { case working, warmup, failure, drop }

    /// Reads the token: a number, `W`/`WARM_UP`, `F`/`FAILURE`, `D`/`DROP`, `Rest Timer`, `Note`.
    init?(_ text: String) {
        let t = text.trimmingCharacters(inSet: " ").uppercased()
        if !t.isEmpty, t.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) { self = .set(.working); return }
        switch t {
        case "W", "WARM_UP", "WARMUP", "WARM-UP", "WARM UP": self = .set(.warmup)
        case "F", "FAILURE": self = .set(.failure)
        case "D", "DROP", "DROP_SET", "DROPSET": self = .set(.drop)
        case "REST TIMER", "REST_TIMER", "REST", "RUHEZEIT", "PAUSE": self = .rest
        case "NOTE", "NOTIZ": self = .note
        default: return nil
        }
    }
}
