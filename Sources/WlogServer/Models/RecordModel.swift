import WlogCore

/// A personal record: its kind (`heaviest`, `e1rm`, `1rm`, `5rm`, `max_reps` …, RECORDS.md), the
/// value in its unit, and the set that first reached it.
@JSONObject
struct RecordModel {
    var record: String
    var value: Double
    /// `kg` for weights (converted), `reps`, `m`, `s`, `s/km` …
    var unit: String
    @Nullable var reps: Int?
    @Nullable var weightKg: Double?
    var setId: String
    var date: String
    var achievedAt: String
    /// Reached within the last 7 days.
    var isNew: Bool

    init(_ record: PersonalRecord, now: Instant) {
        self.record = record.kind.name
        (value, unit) = Self.value(record.value)
        reps = record.reps
        weightKg = record.weight?.kilograms
        setId = APIID.text(record.set)
        date = record.performed.localDay.iso
        achievedAt = String(apiInstant: record.performed.instant)
        isNew = record.isNew(now: now)
    }

    static func value(_ value: RecordValue) -> (Double, String) {
        switch value {
        case .mass(let mass): (mass.kilograms, "kg")
        case .reps(let reps): (Double(reps), "reps")
        case .distance(let distance): (distance.metres, "m")
        case .duration(let milliseconds): (Double(milliseconds) / 1000, "s")
        case .pace(let milliseconds): (Double(milliseconds) / 1000, "s/km")
        }
    }
}

/// One exercise's records.
@JSONObject
struct ExerciseRecordsModel {
    var exercise: ExerciseModel
    var records: [RecordModel]

    init(_ records: PersonalRecords, now: Instant) {
        exercise = ExerciseModel(records.exercise)
        self.records = records.records.map { RecordModel($0, now: now) }
    }
}
