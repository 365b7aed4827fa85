import WlogCore

/// Workouts as output rows (the `workouts` export columns of `cli.md`) and as terminal text.
enum WorkoutRows {
    static let columns = [
        "workout_id", "date", "name", "label", "started_at", "finished_at", "duration_s", "exercises", "sets",
        "reps", "volume", "volume_unit", "prs",
    ]

    /// The id shown for a workout: the session id, or `day:YYYY-MM-DD` for the implicit workout of a day.
    static func id(_ workout: WorkoutSummary) -> String {
        workout.id?.hex ?? "day:" + workout.day.iso
    }

    static func rows(_ workouts: [WorkoutSummary], unit: MassUnit) -> Rows {
        var rows = Rows(columns: columns)
        for workout in workouts {
            let prCount = workout.prs.reduce(0) { $0 + $1.records.count }
            rows.append([
                .text(id(workout)), .day(workout.day), .optional(workout.name), .text(workout.label),
                .optional(workout.started?.iso8601WithOffset), .optional(workout.finished?.iso8601WithOffset),
                .optional(workout.durationMilliseconds.map { $0 / 1000 }), .int(Int64(workout.exercises.count)),
                .int(Int64(workout.setCount)), .int(Int64(workout.reps)), .mass(workout.volume, in: unit),
                .text(unit.rawValue), .int(Int64(prCount)),
            ])
        }
        return rows
    }

    /// A workout as a lifter reads it: a header line, then one line per exercise.
    /// `rests`: the state's `restsTaken()`, when the caller renders several workouts (made once).
    static func text(_ workout: WorkoutSummary, state: WlogState, unit: MassUnit, rests: [EventID: Int64]? = nil) -> String {
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][workout.day.isoWeekday - 1]
        var header = workout.day.iso + " " + weekday + "  " + (workout.name.map { $0 + " · " } ?? "") + workout.label
        var facts: [String] = []
        if let ms = workout.durationMilliseconds, ms >= 60_000 { facts.append(DurationText.short(ms)) }
        facts.append("\(workout.setCount) set" + (workout.setCount == 1 ? "" : "s"))
        if workout.volume.tenThousandths > 0 { facts.append(VolumeText.text(workout.volume)) }
        let prCount = workout.prs.reduce(0) { $0 + $1.records.count }
        if prCount > 0 { facts.append("\(prCount) PR" + (prCount == 1 ? "" : "s")) }
        if workout.isInProgress { facts.append("in progress") }
        header += "  ·  " + facts.joined(separator: " · ")
        if let id = workout.id { header += "  [" + id.short + "]" }
        var lines = [header]
        let line = SetLine(state: state, unit: unit)
        let prSets = Dictionary(workout.prs.map { ($0.set, $0.records) }, uniquingKeysWith: { a, _ in a })
        let rests = rests ?? state.restsTaken()
        for exercise in workout.exercises where !exercise.sets.isEmpty {
            let working = exercise.sets.filter { $0.setType != .warmup }
            let warmups = exercise.sets.count - working.count
            var text = "  " + exercise.exercise.name + "  " + SetGroups.text(working.isEmpty ? exercise.sets : working, line: line)
            if warmups > 0 && !working.isEmpty { text += "  (+\(warmups) warm-up" + (warmups == 1 ? ")" : "s)") }
            let rested = exercise.sets.compactMap { rests[$0.id] }
            if !rested.isEmpty { text += "  rest " + rested.map(DurationText.clock).joined(separator: ", ") }
            let records = exercise.sets.flatMap { prSets[$0.id] ?? [] }
            if !records.isEmpty {
                var seen: Set<String> = []
                let names = records.map(\.name).filter { seen.insert($0).inserted }
                // At most three names keep the line within 80 columns; `wlog show ID` lists them all.
                text += "  ★ " + names.prefix(3).joined(separator: " ") + (names.count > 3 ? " +\(names.count - 3)" : "")
            }
            lines.append(text)
        }
        return lines.joined(separator: "\n")
    }
}

/// Sets of one exercise written compactly: `80 kg × 5, 5, 4 @8.5` and `BW × 12, 10`.
enum SetGroups {
    static func text(_ sets: [LoggedSet], line: SetLine) -> String {
        var groups: [(load: String, items: [String])] = []
        for set in sets {
            let (load, reps) = line.parts(set)
            if let reps, let last = groups.last, last.load == load {
                groups[groups.count - 1].items.append(reps)
            } else {
                groups.append((load, reps.map { [$0] } ?? []))
            }
        }
        return groups.map { $0.items.isEmpty ? $0.load : $0.load + " × " + $0.items.joined(separator: ", ") }
            .joined(separator: ", ")
    }
}

/// Volumes as lifters read them: thousands grouped, no decimals above 1,000.
enum VolumeText {
    static func text(_ mass: Mass) -> String {
        let whole = (mass.tenThousandths + 5_000) / 10_000
        guard whole >= 1_000 else { return mass.formatted() }
        var digits = String(whole)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " " + mass.unit.rawValue
    }
}
