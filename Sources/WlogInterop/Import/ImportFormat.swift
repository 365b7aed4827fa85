/// The apps whose exports wlog imports: `wlog import strong|hevy|fitnotes FILE`, and
/// `wlog import plates FOLDER` (a Supabase project's tables, `PlatesExport`).
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    case strong, hevy, fitnotes, plates

    /// The actor written on imported events: `import:strong`, `import:hevy`, `import:fitnotes`, `import:plates`.
    public var actor: String { "import:" + rawValue }

    /// The header lines this format's files start with (for the refusal of an unknown file).
    public var expectedHeaders: [String] {
        switch self {
        case .strong:
            return [
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE",
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE",
                "Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes[,RPE]",
                "Date,Workout Name,Exercise Name,Set Order,kg|lb,Reps,km|mi,Seconds,Notes",
                "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration",
                "\"Workout #\";\"Date\";\"Workout Name\";\"Duration (sec)\";\"Exercise Name\";\"Set Order\";\"Weight (kg)\";\"Reps\";\"RPE\";\"Distance (meters)\";\"Seconds\";\"Notes\";\"Workout Notes\"",
                "Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE",
                "\"Date\";\"Weight (kg)\" (body weight)",
            ]
        case .hevy:
            return [
                "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\",\"exercise_notes\",\"set_index\",\"set_type\",\"weight_kg|weight_lbs\",\"reps\",\"distance_km|distance_miles\",\"duration_seconds\",\"rpe\"",
            ]
        case .fitnotes:
            return [
                "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time[,Comment]",
                "Date,Exercise,Category,Weight (lbs|kgs),Reps,Distance,Distance Unit,Time",
                "Date,Time,Measurement,Value,Unit (body tracker)",
            ]
        case .plates:
            return [
                "a folder of the table editor's CSVs: exercises, sets (required), user_exercises, user_profiles, body_weight_logs, users",
            ]
        }
    }
}
