import WlogCore

/// Reads Hevy's 14-column export (metric or imperial, both date locales) into the neutral model.
///
/// Workout key = (title, start_time); length = end − start. Row order is set order (`set_index`
/// is only checked for being a number). `exercise_notes` repeat on every row of an exercise
/// block: they are kept once, on the block's first set, with a literal `\n` turned into a line
/// break. `superset_id` is ignored (wlog has no superset concept yet).
enum HevyReader {
    /// Reads a parsed Hevy file; throws when the header is not Hevy's.
    static func read(_ table: CSVTable, options: ImportOptions) throws -> ImportedFile {
        guard let header = table.header else { throw ImportError.empty }
        let map = ColumnMap(header: header.fields, aliases: HevyColumn.aliases)
        guard map.has(.title, .start, .exercise, .setType, .reps), map.has(.weight) || map.has(.distance) else {
            throw ImportError.unknownLayout(format: .hevy, found: header.text)
        }
        let unit = map.hints[.weight].flatMap { MassUnit(parsing: $0) } ?? options.unit ?? .kg
        let distanceUnit = map.hints[.distance].flatMap { DistanceUnit(parsing: $0) } ?? (unit == .lb ? .mi : .km)
        var file = ImportedFile(layout: unit == .lb ? "Hevy (imperial)" : "Hevy (metric)", format: .hevy, options: options)
        var lastBlock: [Int: String] = [:]  // workout index → exercise of its last row
        for record in table.records {
            guard let f = file.fields(of: record, map) else { continue }
            let startText = map.value(.start, in: f)
            let title = map.value(.title, in: f)
            guard let w = file.workout(of: record, startText: startText, name: title, parse: LocalTimeText.hevy,
                                       invalid: { "start_time `\(startText)` is not a date like `7 Apr 2026, 10:14`" }, make: { start, key in
                var duration: Int64?
                if let end = LocalTimeText.hevy(map.value(.end, in: f)), end > start, end - start <= 86_400_000 {
                    duration = end - start
                }
                return ImportedWorkout(key: key, name: title.isEmpty ? nil : title, startLocal: start, durationMilliseconds: duration)
            }) else { continue }
            let position = file.nextPosition(w)
            file.workouts[w].addNote(HevyReader.notes(map.raw(.description, in: f)))
            let exercise = map.value(.exercise, in: f)
            let typeText = map.value(.setType, in: f)
            guard !exercise.isEmpty else { file.skip(record, "exercise_title is empty"); continue }
            guard let setType = HevyColumn.setType(typeText) else {
                file.skip(record, "set_type `\(typeText)` is not normal, warmup, failure or dropset")
                continue
            }
            let indexText = map.value(.setIndex, in: f)
            guard indexText.isEmpty || Int(indexText) != nil else {
                file.skip(record, "set_index `\(indexText)` is not a number")
                continue
            }
            try file.addSet(of: record, to: w) { () throws(RowError) in
                var set = ImportedSet(line: record.line, position: position, exercise: exercise, source: record.text)
                set.setType = setType
                set.weight = try NumberText.mass(map.value(.weight, in: f), unit: unit).get()
                set.reps = try NumberText.reps(map.value(.reps, in: f)).get()
                set.distance = try NumberText.distance(map.value(.distance, in: f), unit: distanceUnit).get()
                set.durationMilliseconds = try NumberText.seconds(map.value(.duration, in: f)).get()
                set.rpe = try NumberText.rpe(map.value(.rpe, in: f)).get()
                let newBlock = lastBlock[w] != exercise || indexText == "0"
                lastBlock[w] = exercise
                let notes = HevyReader.notes(map.raw(.exerciseNotes, in: f))
                if newBlock && !notes.isEmpty { set.notes = notes }
                return set
            }
        }
        return file
    }

    /// Notes with a literal `\n` read as a line break, trimmed.
    static func notes(_ text: String) -> String {
        let unescaped = text.contains("\\n") ? text.replacing("\\n", with: "\n") : text
        return unescaped.trimmingCharacters(inSet: " ")
    }
}
