import WlogCore

/// The `exercises` rows: each exercise with its card (last set, last session's top set, PR).
enum ExerciseCardRows {
    static let columns = [
        "exercise_id", "exercise", "group", "kind", "equipment", "custom", "sets", "last_date", "last_set", "last_set_id",
        "top_set", "top_set_id", "pr_record", "pr_value", "pr_unit", "pr_date", "previous", "guessed", "attachment",
    ]

    /// The card of an exercise with the journal's settings.
    static func card(_ exercise: Exercise, sets: SetRows, query: QueryContext) -> ExerciseCard {
        ExerciseCard(
            exercise: exercise, sets: sets.liveSets(of: exercise.id), now: query.now, offsetMinutes: query.offsetMinutes,
            records: sets.records(of: exercise.id))
    }

    static func cells(_ exercise: Exercise, card: ExerciseCard, sets: SetRows) -> [Cell] {
        let line = sets.line
        let pr = card.pr.map { RecordRows.value($0, unit: sets.unit) }
        return [
            .text(exercise.id), .text(exercise.name), .text(exercise.group.rawValue), .text(exercise.kind.rawValue),
            .text(exercise.equipment.rawValue), .bool(exercise.isCustom), .int(Int64(sets.liveSets(of: exercise.id).count)),
            .optional(card.lastSet?.performed.localDay.iso), .optional(card.lastSet.map(line.what)),
            .optional(card.lastSet?.id.hex), .optional(card.lastSessionTopSet.map(line.what)),
            .optional(card.lastSessionTopSet?.id.hex), .optional(card.pr?.kind.name), pr?.0 ?? .null,
            .optional(pr?.1), .optional(card.pr?.performed.localDay.iso), .optional(card.previousPerformanceText(in: sets.unit)),
            .optional(guessedText(exercise)), .optional(exercise.attachment),
        ]
    }

    /// What of the exercise an import guessed and the lifter has not set since, `;`-separated
    /// (`kind;group;equipment;pattern`), or nil.
    static func guessedText(_ exercise: Exercise, separator: String = ";") -> String? {
        exercise.guessed.isEmpty ? nil : exercise.guessed.map(\.rawValue).joined(separator: separator)
    }

    /// The note under a table that shows guessed exercises (stderr).
    static let guessedNote = "wlog: ? = classified by an import from the exercise's name (a guess); confirm or correct it with "
        + "wlog append exercise-update ID --kind K --group G --equipment E --pattern P"

    static func rows(_ exercises: [Exercise], sets: SetRows, query: QueryContext) -> Rows {
        var rows = Rows(columns: columns)
        for exercise in exercises { rows.append(cells(exercise, card: card(exercise, sets: sets, query: query), sets: sets)) }
        return rows
    }

    /// The exercises a listing shows: by default those with history plus custom ones; `all`: the library.
    static func select(state: WlogState, sets: SetRows, all: Bool, group: MuscleFilter?, search: String?) -> [Exercise] {
        let needle = search.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
        return state.exercises.filter { exercise in
            if !all && !exercise.isCustom && sets.liveSets(of: exercise.id).isEmpty { return false }
            if let group, !group.matches(exercise) { return false }
            if let needle {
                let texts = [exercise.name.lowercased(), exercise.id] + exercise.aliases
                if !texts.contains(where: { $0.contains(needle) }) { return false }
            }
            return true
        }
    }
}

/// Chart series rows: `date, exercise_id, value, unit, set_id`.
enum ChartRows {
    static let columns = ["date", "exercise_id", "value", "unit", "set_id"]

    /// A record value in the display unit, with its unit.
    static func value(_ value: RecordValue, unit: MassUnit) -> (Cell, String) {
        switch value {
        case .mass(let mass): return (.mass(mass, in: unit), unit.rawValue)
        case .reps(let reps): return (.int(Int64(reps)), "reps")
        case .distance(let distance): return (.fixed(distance.tenThousandths, digits: 2), distance.unit.rawValue)
        case .duration(let ms): return (.fixed(ms * 10, digits: 2), "s")
        case .pace(let ms): return (.fixed(ms * 10, digits: 2), "s/km")
        }
    }

    static func rows(_ series: ChartSeries, exercise: Exercise, unit: MassUnit) -> Rows {
        var rows = Rows(columns: columns)
        for point in series.points {
            let (cell, valueUnit) = value(point.value, unit: unit)
            rows.append([.text(point.day.iso), .text(exercise.id), cell, .text(valueUnit), .text(point.set.hex)])
        }
        return rows
    }
}

/// e1RM trend rows: the `e1rm` export columns of `cli.md`.
enum E1RMRows {
    static let columns = ["date", "exercise_id", "e1rm", "unit", "formula", "set_id"]

    static func trend(_ exercise: Exercise, sets: SetRows, formula: E1RMFormula?, maxReps: Int?) -> E1RMTrend {
        let settings = sets.state.settings
        let timeline = exercise.kind == .bodyweight ? BodyweightTimeline(sets.state) : nil
        return E1RMTrend(
            exercise: exercise, sets: sets.liveSets(of: exercise.id),
            formula: formula ?? settings.chosenE1RMFormula, maxReps: maxReps ?? settings.e1rmMaxReps,
            bodyweight: timeline.map { t in { t.weight(at: $0) } })
    }

    static func append(_ trend: E1RMTrend, exercise: Exercise, unit: MassUnit, to rows: inout Rows) {
        for point in trend.points {
            rows.append([
                .text(point.day.iso), .text(exercise.id), .mass(point.e1rm, in: unit), .text(unit.rawValue),
                .text(trend.formula.rawValue), .text(point.set.hex),
            ])
        }
    }
}

/// Volume rows: the `volume` export columns of `cli.md`.
enum VolumeRows {
    static let columns = ["period", "group", "sets", "volume", "unit"]

    static func rows(_ volume: [VolumeRow], unit: MassUnit) -> Rows {
        var rows = Rows(columns: columns)
        for row in volume {
            rows.append([
                .text(row.period), .optional(row.group?.rawValue), .fixed(Int64(row.halfSets) * 5_000, digits: 2),
                .mass(row.volume, in: unit), .text(unit.rawValue),
            ])
        }
        return rows
    }

    /// The volume options of `--by`, `--group-by`, `--weeks`, `--since`, `--until`.
    static func options(by: VolumePeriod?, byMuscle: Bool, weeks: Int?, since: LocalDay?, until: LocalDay?,
                        withBodyweight: Bool, today: LocalDay) -> VolumeOptions {
        var options = VolumeOptions(withBodyweight: withBodyweight)
        if let by { options.by = by }
        options.byMuscle = byMuscle
        if let weeks, weeks > 0 { options.since = today.startOfISOWeek.advanced(by: -7 * (weeks - 1)) }
        if let since { options.since = max(options.since ?? since, since) }
        options.until = until
        return options
    }
}

/// Body-weight rows: the `bodyweight` export columns of `cli.md`.
enum BodyweightRows {
    static let columns = ["entry_id", "date", "at", "weight", "unit", "avg7", "notes"]

    static func rows(_ points: [BodyweightPoint], unit: MassUnit) -> Rows {
        var rows = Rows(columns: columns)
        for point in points {
            rows.append([
                .text(point.entry.id.hex), .text(point.day.iso), .text(point.entry.at.iso8601WithOffset),
                .mass(point.entry.weight, in: unit), .text(unit.rawValue), .mass(point.average7, in: unit),
                .optional(point.entry.notes),
            ])
        }
        return rows
    }
}

/// Local-day options (`--since`, `--until`).
enum DayText {
    static func parse(_ text: String?, option: String) throws -> LocalDay? {
        guard let text else { return nil }
        guard let day = LocalDay(iso: text) else { throw WlogError.usage("--\(option) '\(text)' is not a date; use YYYY-MM-DD") }
        return day
    }
}
