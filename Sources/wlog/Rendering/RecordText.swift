import WlogCore

/// Personal records as output rows: the `prs` export columns of `cli.md`.
enum RecordRows {
    static let columns = ["exercise_id", "exercise", "record", "value", "unit", "reps", "date", "set_id"]

    /// The value and unit of a record in the display unit: mass, reps, distance, seconds, s/km.
    static func value(_ record: PersonalRecord, unit: MassUnit) -> (Cell, String) {
        switch record.value {
        case .mass(let mass): return (.mass(mass, in: unit), unit.rawValue)
        case .reps(let reps): return (.int(Int64(reps)), "reps")
        case .distance(let distance): return (.fixed(distance.tenThousandths, digits: 2), distance.unit.rawValue)
        case .duration(let ms): return (.fixed(ms * 10, digits: 2), "s")
        case .pace(let ms): return (.fixed(ms * 10, digits: 2), "s/km")
        }
    }

    /// A record's value as a lifter reads it: `100 kg`, `12 reps`, `5 km`, `25:00`, `5:00 /km`; the
    /// load records of a body-weight exercise (heaviest, rep maxes, e1RM: of the added load) read
    /// `BW + 10 kg`, as its sets do.
    static func text(_ record: PersonalRecord, unit: MassUnit, kind: ExerciseKind = .strength) -> String {
        switch record.value {
        case .mass(let mass):
            let isLoad = record.kind != .setVolume
            return (kind == .bodyweight && isLoad ? "BW + " : "") + mass.formatted(in: unit)
        case .reps(let reps): return "\(reps) reps"
        case .distance(let distance): return distance.formatted()
        case .duration(let ms): return DurationText.clock(ms)
        case .pace(let ms): return DurationText.clock(ms) + " /km"
        }
    }

    /// Rows for the records of the given exercises.
    static func rows(_ records: [PersonalRecords], unit: MassUnit) -> Rows {
        var rows = Rows(columns: columns)
        rows.rows.reserveCapacity(records.reduce(0) { $0 + $1.records.count })
        for exerciseRecords in records {
            for record in exerciseRecords.records {
                let (value, valueUnit) = value(record, unit: unit)
                rows.append([
                    .text(exerciseRecords.exercise.id), .text(exerciseRecords.exercise.name), .text(record.kind.name),
                    value, .text(valueUnit), .optional(record.reps), .day(record.performed.localDay),
                    .eventID(record.set),
                ])
            }
        }
        return rows
    }
}
