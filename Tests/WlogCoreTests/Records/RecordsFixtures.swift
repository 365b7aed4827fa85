@testable import WlogCore

/// Builders for the record tests: sets of one exercise on days counted from Monday 2026-03-02.
enum RecordsFixtures {
    /// 2026-03-02, the day the scenarios start.
    static let start = LocalDay(year: 2026, month: 3, day: 2)!

    /// The instant `day` days after the start at `hour`:`minute` UTC.
    static func at(day: Int, hour: Int = 18, minute: Int = 0) -> Instant {
        start.midnight(offsetMinutes: 0).adding(days: day).adding(milliseconds: Int64((hour * 60 + minute) * 60_000))
    }

    /// The set id for a sequence number.
    static func id(_ seq: UInt64) -> EventID { EventID(high: 0, low: seq) }

    /// A weight × reps set.
    static func lift(
        _ seq: UInt64, _ exercise: String, day: Int, hour: Int = 18, _ weight: Double?, _ reps: Int,
        unit: MassUnit = .kg, rpe: Double? = nil, type: SetType = .working, done: Bool = true,
        workout: UInt64? = nil, offsetMinutes: Int = 0
    ) -> LoggedSet {
        LoggedSet(
            id: id(seq), seq: seq, exercise: exercise, workout: workout.map { EventID(high: 1, low: $0) },
            performed: ZonedInstant(at(day: day, hour: hour, minute: Int(seq % 60)), offsetMinutes: offsetMinutes),
            reps: reps, weight: weight.map { Mass(tenThousandths: Int64(($0 * 10_000).rounded()), unit: unit) },
            rpe: rpe.flatMap { RPE($0) }, setType: type, done: done)
    }

    /// A distance and duration set.
    static func cardio(
        _ seq: UInt64, _ exercise: String, day: Int, _ distance: Double, _ unit: DistanceUnit,
        seconds: Int64, type: SetType = .working
    ) -> LoggedSet {
        LoggedSet(
            id: id(seq), seq: seq, exercise: exercise,
            performed: ZonedInstant(at(day: day, minute: Int(seq % 60)), offsetMinutes: 0),
            distance: Distance(tenThousandths: Int64((distance * 10_000).rounded()), unit: unit),
            durationMilliseconds: seconds * 1000, setType: type)
    }

    /// A duration-only set.
    static func hold(_ seq: UInt64, _ exercise: String, day: Int, seconds: Int64) -> LoggedSet {
        LoggedSet(
            id: id(seq), seq: seq, exercise: exercise,
            performed: ZonedInstant(at(day: day, minute: Int(seq % 60)), offsetMinutes: 0),
            durationMilliseconds: seconds * 1000)
    }

    /// A built-in exercise by id.
    static func exercise(_ id: String) -> Exercise {
        guard let exercise = ExerciseLibrary.exercise(id: id) else { fatalError("no built-in \(id)") }
        return exercise
    }

    /// Kilograms as an exact mass.
    static func kg(_ value: Double) -> Mass { Mass(tenThousandths: Int64((value * 10_000).rounded()), unit: .kg) }
}
