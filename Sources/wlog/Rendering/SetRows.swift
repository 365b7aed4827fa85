import WlogCore

/// Sets as output rows: the `sets` export columns of `cli.md`, and the full record of one set.
///
/// Built once per query: it numbers the live sets within their workout and exercise, and keeps
/// each exercise's `PersonalRecords` so the `pr` column is computed once per exercise.
final class SetRows {
    static let columns = [
        "set_id", "workout_id", "date", "performed_at", "exercise_id", "exercise", "group", "set_number", "type",
        "weight", "weight_unit", "reps", "rpe", "distance", "distance_unit", "duration_s", "volume", "e1rm", "notes", "pr",
        "effort", "done",
    ]

    /// `show SET`: the export columns, then every other field of the set.
    static let fullColumns = columns + ["status", "versions", "seq", "actor", "recorded_at"]

    let state: WlogState
    let unit: MassUnit
    let line: SetLine
    private var liveByExercise: [String: [LoggedSet]] = [:]
    private var numbers: [EventID: Int] = [:]
    private var records: [String: PersonalRecords] = [:]

    init(state: WlogState, unit: MassUnit) {
        self.state = state
        self.unit = unit
        line = SetLine(state: state, unit: unit)
        var counters: [String: Int] = [:]
        for set in state.liveSets {
            liveByExercise[set.exercise, default: []].append(set)
            let key = SetRows.workoutID(set) + "\u{0}" + set.exercise
            let number = (counters[key] ?? 0) + 1
            counters[key] = number
            numbers[set.id] = number
        }
    }

    /// The id shown for a set's workout: the session id, or `day:YYYY-MM-DD` (as `WorkoutRows.id`).
    static func workoutID(_ set: LoggedSet) -> String {
        set.workout?.hex ?? "day:" + set.performed.localDay.iso
    }

    /// The live sets of one exercise in history order.
    func liveSets(of exercise: String) -> [LoggedSet] { liveByExercise[exercise] ?? [] }

    /// The exercise's records with the journal's settings, computed once.
    func records(of exercise: String) -> PersonalRecords? {
        if let known = records[exercise] { return known }
        guard let found = state.exercise(exercise) else { return nil }
        let computed = state.personalRecords(of: found, sets: liveSets(of: exercise))
        records[exercise] = computed
        return computed
    }

    /// The records a set made when it was performed.
    func prs(_ set: LoggedSet) -> [RecordKind] {
        guard set.isLive else { return [] }
        return records(of: set.exercise)?.prs(of: set.id) ?? []
    }

    /// Its 1-based position among the live sets of its exercise in its workout.
    func number(_ set: LoggedSet) -> Int? { numbers[set.id] }

    /// The set's volume in the display unit, if it qualifies.
    func volume(_ set: LoggedSet) -> Mass? {
        let kind = state.exercise(set.exercise)?.kind ?? .strength
        return SetVolume.kilogramTenThousandths(of: set, kind: kind).map { Mass(tenThousandths: $0, unit: .kg) }
    }

    /// The cells of the `sets` export columns.
    func cells(_ set: LoggedSet) -> [Cell] {
        let exercise = state.exercise(set.exercise)
        return [
            .text(set.id.hex), .text(SetRows.workoutID(set)), .text(set.performed.localDay.iso),
            .text(set.performed.iso8601WithOffset), .text(set.exercise), .text(exercise?.name ?? set.exercise),
            .optional(exercise?.group.rawValue), .optional(number(set)), .text(set.setType.rawValue),
            .mass(set.weight, in: unit), set.weight == nil ? .null : .text(unit.rawValue), .optional(set.reps),
            set.rpe.map { .fixed(Int64($0.halfPoints) * 5_000, digits: 2) } ?? .null,
            set.distance.map { .fixed($0.tenThousandths, digits: 2) } ?? .null, .optional(set.distance?.unit.rawValue),
            set.durationMilliseconds.map { .fixed($0 * 10, digits: 2) } ?? .null,
            .mass(volume(set), in: unit), .mass(line.e1rm(set), in: unit), .optional(set.notes),
            .optional(prs(set).map(\.name).joined(separator: ";")),
            .optional(set.effort.map { Int($0.value) }), .bool(set.done),
        ]
    }

    /// Rows of `sets` in the given order, with a last column `rest_s` (`set.rested`) when any of
    /// them has a rest recorded: an export of sets without rests reads as it always did.
    func rows(_ sets: [LoggedSet]) -> Rows {
        let rests = state.restsTaken()
        guard sets.contains(where: { rests[$0.id] != nil }) else {
            var rows = Rows(columns: SetRows.columns)
            for set in sets { rows.append(cells(set)) }
            return rows
        }
        var rows = Rows(columns: SetRows.columns + ["rest_s"])
        for set in sets { rows.append(cells(set) + [rests[set.id].map { .fixed($0 * 10, digits: 2) } ?? .null]) }
        return rows
    }

    /// `show SET`: one row with every field, its status, how many versions and who wrote the last.
    func fullRow(_ set: LoggedSet, zone: Zone) -> Rows {
        let versions = state.versions(of: set.id)
        let last = versions.last
        let status = set.isDeleted ? "deleted" : set.isDiscarded ? "discarded" : "live"
        var rows = Rows(columns: SetRows.fullColumns)
        rows.append(cells(set) + [
            .text(status), .int(Int64(versions.count)),
            .optional(last?.seq), .optional(last?.actor), .optional(last.map { $0.recorded.zoned(zone).iso8601WithOffset }),
        ])
        return rows
    }

    /// A short list of record names for tables: `heaviest e1rm 5rm +2`.
    static func prText(_ kinds: [RecordKind], limit: Int = 3) -> String {
        guard !kinds.isEmpty else { return "" }
        let names = kinds.prefix(limit).map(\.name).joined(separator: " ")
        return kinds.count > limit ? names + " +\(kinds.count - limit)" : names
    }
}
