import WlogCore

/// Reads every Strong layout (iOS 2016–2024, Android, Strong 6, German) into the neutral model.
///
/// A workout is the rows sharing (Date, Workout Name); row order is set order. `Rest Timer` /
/// `Ruhezeit` rows are counted and dropped; `Note` rows become workout notes (`Exercise: text`).
enum StrongReader {
    /// Reads a parsed Strong file; throws when the layout is unknown or the unit is needed and absent.
    static func read(_ table: CSVTable, options: ImportOptions) throws -> ImportedFile {
        guard let header = table.header else { throw ImportError.empty }
        let map = ColumnMap(header: header.fields, aliases: StrongColumn.aliases)
        if map.has(.date, .weight), !map.has(.exercise), header.fields.count == 2 {
            return try readBodyweight(table, map: map, options: options)
        }
        guard map.has(.date, .workoutName, .exercise, .setOrder, .reps), map.has(.weight) || map.has(.distance) else {
            throw ImportError.unknownLayout(format: .strong, found: header.text)
        }
        let layout = layoutName(map, header: header)
        let weightHeader = map.index[.weight].map { ColumnMap<StrongColumn>.normalise(header.fields[$0]) } ?? ""
        let storedInKg = weightHeader.hasSuffix("(kg)")
        let headerUnit = map.hints[.weight].flatMap { MassUnit(parsing: $0) }
        let fileUnit = headerUnit ?? options.unit
        if fileUnit == nil && !map.has(.weightUnit) { throw ImportError.unitRequired(layout: layout) }
        let headerDistance = map.hints[.distance].flatMap { DistanceUnit(parsing: $0) }
        let defaultDistance: DistanceUnit = headerDistance ?? ((options.unit ?? fileUnit) == .lb ? .mi : .km)
        let convertToPounds = storedInKg && options.unit == .lb

        var file = ImportedFile(layout: layout, format: .strong, options: options)
        for record in table.records {
            guard let f = file.fields(of: record, map) else { continue }
            let dateText = map.value(.date, in: f)
            let name = map.value(.workoutName, in: f)
            guard let w = file.workout(of: record, startText: dateText, name: name, parse: LocalTimeText.iso,
                                       invalid: { "date `\(dateText)` is not YYYY-MM-DD HH:MM:SS" }, make: { local, key in
                ImportedWorkout(key: key, name: name.isEmpty ? nil : name, startLocal: local,
                                durationMilliseconds: workoutDuration(map.value(.duration, in: f)))
            }) else { continue }
            let position = file.nextPosition(w)
            file.workouts[w].addNote(map.raw(.workoutNotes, in: f))
            let orderText = map.value(.setOrder, in: f)
            guard let order = StrongSetOrder(orderText) else {
                file.skip(record, "set order `\(orderText)` is not a number, W, F, D, Rest Timer or Note")
                continue
            }
            let exercise = map.value(.exercise, in: f)
            switch order {
            case .rest:
                file.restRows += 1
                continue
            case .note:
                file.noteRows += 1
                let note = map.raw(.notes, in: f).trimmingCharacters(inSet: " ")
                if !note.isEmpty { file.workouts[w].addNote(exercise.isEmpty ? note : exercise + ": " + note) }
                continue
            case let .set(token):
                guard !exercise.isEmpty else { file.skip(record, "the exercise name is empty"); continue }
                let rowUnitText = map.value(.weightUnit, in: f)
                let rowUnit = rowUnitText.isEmpty ? fileUnit : MassUnit(parsing: rowUnitText)
                let rowDistanceText = map.value(.distanceUnit, in: f)
                let distanceUnit = rowDistanceText.isEmpty ? defaultDistance : DistanceUnit(parsing: rowDistanceText)
                try file.addSet(of: record, to: w) { () throws(RowError) in
                    var set = ImportedSet(line: record.line, position: position, exercise: exercise, source: record.text)
                    set.setType = token.setType
                    let weightText = map.value(.weight, in: f)
                    if convertToPounds {
                        set.weight = try NumberText.poundsFromKilograms(weightText).get()
                    } else if let unit = rowUnit {
                        set.weight = try NumberText.mass(weightText, unit: unit).get()
                    } else if !(NumberText.scaled(weightText).map { $0 == 0 } ?? true) {
                        throw RowError("weight unit `\(rowUnitText)` is not kg or lbs")
                    }
                    set.reps = try NumberText.reps(map.value(.reps, in: f)).get()
                    let distanceText = map.value(.distance, in: f)
                    if let distanceUnit {
                        set.distance = try NumberText.distance(distanceText, unit: distanceUnit).get()
                    } else if !(NumberText.scaled(distanceText).map { $0 == 0 } ?? true) {
                        throw RowError("distance unit `\(rowDistanceText)` is not km, mi, m, ft or yd")
                    }
                    set.durationMilliseconds = try NumberText.seconds(map.value(.seconds, in: f)).get()
                    set.rpe = try NumberText.rpe(map.value(.rpe, in: f)).get()
                    set.notes = ImportedSet.note(map.raw(.notes, in: f))
                    return set
                }
            }
        }
        return file
    }

    /// A workout length: `55m`, `1h 5m`, `44s`, `31min`, `3600` (seconds); `nil` if absent,
    /// unreadable, zero or absurd (over 24 h: a workout left open).
    static func workoutDuration(_ text: String) -> Int64? {
        guard !text.isEmpty, let ms = DurationText.parse(text), ms > 0, ms <= 86_400_000 else { return nil }
        return ms
    }

    /// A human name of the layout, for the report.
    static func layoutName(_ map: ColumnMap<StrongColumn>, header: CSVRecord) -> String {
        let first = ColumnMap<StrongColumn>.normalise(header.fields.first ?? "")
        if map.has(.workoutNumber) { return "Strong 6 (2025)" }
        if map.has(.weightUnit) { return "Strong Android" }
        if first == "datum" { return "Strong (German)" }
        if map.hints[.weight] != nil { return "Strong 2016–2017 (unit in header)" }
        if !map.has(.duration) { return "Strong 2017–2019 (no duration)" }
        return map.has(.notes) ? "Strong iOS (12 columns)" : "Strong iOS (10 columns, no notes)"
    }

    /// Strong 6's body-weight export: `"Date";"Weight (kg)"`, newest first.
    static func readBodyweight(_ table: CSVTable, map: ColumnMap<StrongColumn>, options: ImportOptions) throws -> ImportedFile {
        let unit = map.hints[.weight].flatMap { MassUnit(parsing: $0) } ?? options.unit
        guard let unit else { throw ImportError.unitRequired(layout: "Strong body weight") }
        let convertToPounds = unit == .kg && options.unit == .lb
        var file = ImportedFile(layout: "Strong body weight")
        for record in table.records {
            file.rows += 1
            let dateText = map.value(.date, in: record.fields)
            guard let local = LocalTimeText.iso(dateText) else {
                file.skip(record, "date `\(dateText)` is not YYYY-MM-DD HH:MM:SS")
                continue
            }
            let text = map.value(.weight, in: record.fields)
            let weight = convertToPounds ? NumberText.poundsFromKilograms(text) : NumberText.mass(text, unit: unit)
            file.addBodyweight(weight, at: local, of: record)
        }
        return file
    }
}

extension StrongSetOrder.SetTypeToken {
    /// The wlog set type.
    var setType: SetType {
        switch self {
        case .working: return .working
        case .warmup: return .warmup
        case .failure: return .failure
        case .drop: return .drop
        }
    }
}
