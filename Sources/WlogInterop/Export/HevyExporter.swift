import WlogCore

/// Writes workouts in Hevy's 14-column quoted layout.
///
/// `"title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"`
/// (`weight_lbs`/`distance_miles` for `unit: .lb`): dates `d MMM yyyy, HH:mm` in English, local
/// wall time; `set_index` 0-based per exercise block counting warm-ups; `set_type` `normal`,
/// `warmup`, `failure`, `dropset` (AMRAP is written `normal`); text quoted, numbers bare, empty
/// where unused; the first set's notes of a block are repeated on every row as `exercise_notes`.
public enum HevyExporter {
    /// The header line for `unit`.
    public static func header(unit: MassUnit) -> String {
        let weight = unit == .lb ? "weight_lbs" : "weight_kg"
        let distance = unit == .lb ? "distance_miles" : "distance_km"
        return ["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes",
                "set_index", "set_type", weight, "reps", distance, "duration_seconds", "rpe"]
            .map { "\"\($0)\"" }.joined(separator: ",")
    }

    /// The CSV text of `workouts` (in the order given; Hevy itself writes newest first).
    public static func export(_ workouts: [ExportWorkout], unit: MassUnit) -> String {
        var writer = CSVWriter()
        writer.appendRecord([header(unit: unit)])
        let distanceUnit: DistanceUnit = unit == .lb ? .mi : .km
        for workout in workouts {
            let start = date(workout.start)
            let end = workout.end.map(date) ?? start
            var index = 0
            var previous: String?
            var blockNotes = ""
            for (i, set) in workout.sets.enumerated() {
                if set.exercise != previous {
                    index = 0
                    previous = set.exercise
                    blockNotes = workout.sets[i...].prefix { $0.exercise == set.exercise }.compactMap(\.notes).first ?? ""
                } else {
                    index += 1
                }
                let type: String
                switch set.setType {
                case .warmup: type = "warmup"
                case .failure: type = "failure"
                case .drop: type = "dropset"
                case .working, .amrap: type = "normal"
                }
                writer.appendRecord([
                    writer.field(workout.name, quoted: true), writer.field(start, quoted: true),
                    writer.field(end, quoted: true), writer.field(workout.notes ?? "", quoted: true),
                    writer.field(set.exercise, quoted: true), "", writer.field(blockNotes, quoted: true),
                    String(index), writer.field(type, quoted: true),
                    set.weight.map { FixedPoint.format($0.converted(to: unit).tenThousandths, maxFractionDigits: 4) } ?? "",
                    set.reps.map(String.init) ?? "",
                    set.distance.map { FixedPoint.format(StrongExporter.convert($0, to: distanceUnit), maxFractionDigits: 4) } ?? "",
                    set.durationMilliseconds.map { String(($0 + 500) / 1000) } ?? "",
                    set.rpe?.text ?? "",
                ])
            }
        }
        return writer.text
    }

    /// English month abbreviations.
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `7 Apr 2026, 10:14` of the local wall time.
    static func date(_ at: ZonedInstant) -> String {
        let local = at.localMilliseconds
        let day = Instant(millisecondsSince1970: local).localDay(offsetMinutes: 0)
        let (y, m, d) = day.components
        let minutes = Int((local - Int64(day.daysSince1970) * 86_400_000) / 60_000)
        let hh = minutes / 60, mm = minutes % 60
        return "\(d) \(months[m - 1]) \(y), " + (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
    }
}
