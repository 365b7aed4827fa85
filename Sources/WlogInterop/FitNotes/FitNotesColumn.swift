/// The semantic columns of FitNotes' exports (workout log and body tracker) and their aliases.
enum FitNotesColumn: Int, Hashable, Sendable {
    case date, exercise, category, weight, weightUnit, reps, distance, distanceUnit, time, comment
    case measurement, value, unit

    /// Normalised header name → column (and the unit a name implies).
    static let aliases: [String: (FitNotesColumn, String?)] = [
        "date": (.date, nil), "exercise": (.exercise, nil), "category": (.category, nil),
        "weight": (.weight, nil), "weight (lbs)": (.weight, "lb"), "weight (kgs)": (.weight, "kg"),
        "weight (lb)": (.weight, "lb"), "weight (kg)": (.weight, "kg"),
        "weight unit": (.weightUnit, nil), "reps": (.reps, nil),
        "distance": (.distance, nil), "distance unit": (.distanceUnit, nil),
        "time": (.time, nil), "comment": (.comment, nil),
        "measurement": (.measurement, nil), "value": (.value, nil), "unit": (.unit, nil),
    ]
}
