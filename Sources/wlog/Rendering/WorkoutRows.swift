import WlogCore

/// Workouts as output rows (the `workouts` export columns of `cli.md`) and as terminal text.
enum WorkoutRows {
    static let columns = [
        "workout_id", "date", "name", "label", "started_at", "finished_at", "duration_s", "exercises", "sets",
        "reps", "volume", "volume_unit", "prs",
    ]
    /// The columns `history` and `show` add after the export's (the export keeps `cli.md`'s list).
    static let sessionColumns = ["session_rpe", "session_load"]

    /// The id shown for a workout: the session id, or `day:YYYY-MM-DD` for the implicit workout of a day.
    static func id(_ workout: WorkoutSummary) -> String {
        workout.id?.hex ?? "day:" + workout.day.iso
    }

    /// Foster's session load of a workout (`SessionLoad`): nil for a day's implicit workout and
    /// until the session is finished with a session RPE.
    static func sessionLoad(_ workout: WorkoutSummary, state: WlogState) -> SessionLoad? {
        workout.id.flatMap(state.workout)?.sessionLoad
    }

    /// The export rows; with `state`, each with its `sessionColumns` too.
    static func rows(_ workouts: [WorkoutSummary], unit: MassUnit, state: WlogState? = nil) -> Rows {
        var rows = Rows(columns: columns + (state == nil ? [] : sessionColumns))
        for workout in workouts {
            let prCount = workout.prs.reduce(0) { $0 + $1.records.count }
            var session: [Cell] = []
            if let state {
                let load = sessionLoad(workout, state: state)
                session = [load.map { .fixed(Int64($0.rpe.halfPoints) * 5_000, digits: 2) } ?? .null,
                           load.map { LoadRows.fixed($0.load, 2) } ?? .null]
            }
            rows.append([
                .text(id(workout)), .day(workout.day), .optional(workout.name), .text(workout.label),
                .optional(workout.started?.iso8601WithOffset), .optional(workout.finished?.iso8601WithOffset),
                .optional(workout.durationMilliseconds.map { $0 / 1000 }), .int(Int64(workout.exercises.count)),
                .int(Int64(workout.setCount)), .int(Int64(workout.reps)), .mass(workout.volume, in: unit),
                .text(unit.rawValue), .int(Int64(prCount)),
            ] + session)
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
        if let session = sessionLoad(workout, state: state) {
            lines.append("  session load " + LoadRows.fixed(session.load, 0).plain + " (RPE " + session.rpe.text + " × "
                + LoadRows.fixed(session.minutes, 0).plain + " min)")
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
