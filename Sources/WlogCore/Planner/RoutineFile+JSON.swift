extension RoutineFile {
    /// The routine in the file format, pretty-printed (what `wlog plan --format json` prints and
    /// `wlog append routine --file` reads back).
    public static func json(_ routine: Routine) -> String {
        var out = "{\n  \"id\": " + quoted(routine.id) + ",\n  \"name\": " + quoted(routine.name) + ",\n"
        if let weeks = routine.weeks { out += "  \"weeks\": \(weeks),\n" }
        if !routine.deloadWeeks.isEmpty { out += "  \"deload_weeks\": [" + routine.deloadWeeks.map(String.init).joined(separator: ", ") + "],\n" }
        out += "  \"days\": ["
        for (d, day) in routine.days.enumerated() {
            out += (d == 0 ? "\n" : ",\n") + "    {\"day\": \(day.index), \"title\": " + quoted(day.title) + ", \"exercises\": ["
            for (e, p) in day.exercises.enumerated() {
                out += (e == 0 ? "\n" : ",\n") + "      {\"exercise\": " + quoted(p.exercise) + ", \"sets\": \(p.sets), \"reps\": "
                    + quoted(p.repsLow == p.repsHigh ? "\(p.repsLow)" : "\(p.repsLow)-\(p.repsHigh)")
                if let rpe = p.rpe { out += ", \"rpe\": " + rpe.text }
                if let rest = p.restSeconds { out += ", \"rest\": \(rest)" }
                out += "}"
            }
            out += day.exercises.isEmpty ? "]}" : "\n    ]}"
        }
        return out + "\n  ]\n}\n"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }
}
