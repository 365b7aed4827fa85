import WlogCore

/// Reads FitNotes' workout export (with or without Comment, unit per row or in the header) and its
/// body-tracker export into the neutral model.
///
/// FitNotes has dates without times, no workout names and no set numbers: a workout is all rows of
/// a date, placed at 12:00 local time (noon keeps the local day stable under any DST change), and
/// row order is set order. Rows with one field too many or more (a comma left unquoted in an
/// exercise name) are re-joined into the Exercise field.
enum FitNotesReader {
    /// The local time of day FitNotes workouts are placed at: 12:00.
    static let workoutTimeOfDay: Int64 = 12 * 3_600_000

    /// Reads a parsed FitNotes file; throws when the layout is unknown or the unit is needed and absent.
    static func read(_ table: CSVTable, options: ImportOptions) throws -> ImportedFile {
        guard let header = table.header else { throw ImportError.empty }
        let map = ColumnMap(header: header.fields, aliases: FitNotesColumn.aliases)
        if map.has(.date, .measurement, .value) { return readBodyTracker(table, map: map, options: options) }
        guard map.has(.date, .exercise, .reps), map.has(.weight) || map.has(.distance) else {
            throw ImportError.unknownLayout(format: .fitnotes, found: header.text)
        }
        let hint = map.hints[.weight].flatMap { MassUnit(parsing: $0) }
        let layout = hint != nil ? "FitNotes (unit in header)"
            : map.has(.comment) ? "FitNotes (with Comment)" : "FitNotes (no Comment)"
        let fileUnit = hint ?? options.unit
        if fileUnit == nil && !map.has(.weightUnit) { throw ImportError.unitRequired(layout: layout) }
        var file = ImportedFile(layout: layout, format: .fitnotes, options: options)
        for record in table.records {
            guard let f = file.fields(of: record, map, repair: { fields in
                guard fields.count > map.count, let e = map.index[.exercise] else { return fields }
                var f = fields
                let extra = f.count - map.count
                let joined = f[e...(e + extra)].joined(separator: ",")
                f.replaceSubrange(e...(e + extra), with: [joined])
                return f
            }) else { continue }
            let dateText = map.value(.date, in: f)
            let w: Int
            if let known = file.workoutIndex(rawKey: dateText) {
                w = known
            } else {
                guard let day = LocalDay(iso: dateText) else {
                    file.skip(record, "date `\(dateText)` is not YYYY-MM-DD")
                    continue
                }
                w = file.workout(key: day.iso, rawKey: dateText) {
                    ImportedWorkout(key: day.iso, name: nil,
                                    startLocal: Int64(day.daysSince1970) * 86_400_000 + workoutTimeOfDay,
                                    durationMilliseconds: nil)
                }
            }
            let position = file.nextPosition(w)
            let exercise = map.value(.exercise, in: f)
            guard !exercise.isEmpty else { file.skip(record, "the exercise name is empty"); continue }
            try file.addSet(of: record, to: w) { () throws(RowError) in
                var set = ImportedSet(line: record.line, position: position, exercise: exercise, source: record.text)
                let category = map.value(.category, in: f)
                set.category = category.isEmpty ? nil : category
                let weightText = map.value(.weight, in: f)
                let unitText = map.value(.weightUnit, in: f)
                if let unit = unitText.isEmpty ? fileUnit : MassUnit(parsing: unitText) {
                    set.weight = try NumberText.mass(weightText, unit: unit).get()
                } else if !(NumberText.scaled(weightText).map { $0 == 0 } ?? true) {
                    throw RowError(unitText.isEmpty ? "weight `\(weightText)` has no unit" : "weight unit `\(unitText)` is not kgs or lbs")
                }
                set.reps = try NumberText.reps(map.value(.reps, in: f)).get()
                let distanceText = map.value(.distance, in: f)
                let distanceUnitText = map.value(.distanceUnit, in: f)
                if let unit = DistanceUnit(parsing: distanceUnitText.isEmpty ? "km" : distanceUnitText) {
                    set.distance = try NumberText.distance(distanceText, unit: unit).get()
                } else if !(NumberText.scaled(distanceText).map { $0 == 0 } ?? true) {
                    throw RowError("distance unit `\(distanceUnitText)` is not km, mi, m or ft")
                }
                set.durationMilliseconds = try NumberText.seconds(map.value(.time, in: f)).get()
                set.notes = ImportedSet.note(map.raw(.comment, in: f))
                return set
            }
        }
        return file
    }

    /// The body tracker: `Date,Time,Measurement,Value,Unit`; only `Bodyweight` rows are imported.
    static func readBodyTracker(_ table: CSVTable, map: ColumnMap<FitNotesColumn>, options: ImportOptions) -> ImportedFile {
        var file = ImportedFile(layout: "FitNotes body tracker")
        for record in table.records {
            file.rows += 1
            let f = record.fields
            let measurement = map.value(.measurement, in: f)
            guard ColumnMap<FitNotesColumn>.normalise(measurement).replacingSpaces() == "bodyweight" else {
                file.skip(record, "measurement `\(measurement)` is not Bodyweight")
                continue
            }
            let dateText = map.value(.date, in: f)
            let timeText = map.value(.time, in: f)
            guard let day = LocalDay(iso: dateText) else {
                file.skip(record, "date `\(dateText)` is not YYYY-MM-DD")
                continue
            }
            var local = Int64(day.daysSince1970) * 86_400_000 + workoutTimeOfDay
            if !timeText.isEmpty {
                guard let ms = DurationText.parse(timeText), timeText.contains(":"), ms < 86_400_000 else {
                    file.skip(record, "time `\(timeText)` is not HH:MM:SS")
                    continue
                }
                local = Int64(day.daysSince1970) * 86_400_000 + ms
            }
            let unitText = map.value(.unit, in: f)
            guard let unit = unitText.isEmpty ? options.unit : MassUnit(parsing: unitText) else {
                file.skip(record, unitText.isEmpty ? "no unit (give --unit kg|lb)" : "unit `\(unitText)` is not kg or lbs")
                continue
            }
            file.addBodyweight(NumberText.mass(map.value(.value, in: f), unit: unit), at: local, of: record)
        }
        return file
    }
}

extension String {
    /// The text without spaces (`body weight` → `bodyweight`).
    func replacingSpaces() -> String { filter { $0 != " " } }
}
