import WlogCore

/// Writes workouts in Strong's iOS classic 12-column comma layout, which many tools read.
///
/// `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`:
/// dates `YYYY-MM-DD HH:MM:SS` local wall time, durations `1h 5m`/`55m`, Set Order `1, 2 …` for
/// working sets (numbered per exercise block), `W` warm-ups, `F` failure and `D` drop sets (they
/// take a number too, Strong style), text fields quoted. The file carries no unit: weights are
/// written in `unit`, distances in km (kg) or miles (lb) — what Strong does for such a lifter.
public enum StrongExporter {
    /// The header line.
    public static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    /// The CSV text of `workouts` (in the order given), weights in `unit`.
    public static func export(_ workouts: [ExportWorkout], unit: MassUnit) -> String {
        var writer = CSVWriter()
        writer.appendRecord([header])
        let distanceUnit: DistanceUnit = unit == .lb ? .mi : .km
        for workout in workouts {
            let date = LocalTimeText.text(workout.start.localMilliseconds).replacingFirstT()
            var duration = ""
            if let end = workout.end, end.instant >= workout.start.instant {
                duration = strongDuration(end.instant.millisecondsSince1970 - workout.start.instant.millisecondsSince1970)
            }
            var number = 0
            var previous: String?
            for set in workout.sets {
                if set.exercise != previous { number = 0; previous = set.exercise }
                let order: String
                switch set.setType {
                case .warmup: order = "W"
                case .failure: number += 1; order = "F"
                case .drop: number += 1; order = "D"
                case .working, .amrap: number += 1; order = String(number)
                }
                let weight = set.weight.map { FixedPoint.format($0.converted(to: unit).tenThousandths, maxFractionDigits: 4) } ?? "0"
                let distance = set.distance.map { FixedPoint.format(convert($0, to: distanceUnit), maxFractionDigits: 4) } ?? "0"
                let seconds = set.durationMilliseconds.map { FixedPoint.format($0 * 10, maxFractionDigits: 3) } ?? "0"
                writer.appendRecord([
                    date, writer.field(workout.name, quoted: true), duration,
                    writer.field(set.exercise, quoted: true), order, weight, String(set.reps ?? 0),
                    distance, seconds, writer.field(set.notes ?? "", quoted: true),
                    writer.field(workout.notes ?? "", quoted: true), set.rpe?.text ?? "",
                ])
            }
        }
        return writer.text
    }

    /// `1h 5m`, `55m`, `1h 0m`, `44s` (Strong always writes minutes after hours).
    static func strongDuration(_ ms: Int64) -> String {
        let s = (ms + 500) / 1000
        if s < 60 { return "\(s)s" }
        let h = s / 3600, m = s / 60 % 60
        return h > 0 ? "\(h)h \(m)m" : "\(m)m"
    }

    /// A distance in ten-thousandths of `unit`.
    static func convert(_ distance: Distance, to unit: DistanceUnit) -> Int64 {
        if distance.unit == unit { return distance.tenThousandths }
        let metres = distance.metreTenThousandths
        switch unit {
        case .m: return metres
        case .km: return FixedPoint.convert(metres, numerator: 1, denominator: 1_000)
        case .mi: return FixedPoint.convert(metres, numerator: 1_000, denominator: 1_609_344)
        case .ft: return FixedPoint.convert(metres, numerator: 10_000, denominator: 3_048)
        case .yd: return FixedPoint.convert(metres, numerator: 10_000, denominator: 9_144)
        }
    }
}

extension String {
    /// `2026-04-07T10:14:00` → `2026-04-07 10:14:00`.
    func replacingFirstT() -> String {
        guard let i = firstIndex(of: "T") else { return self }
        var copy = self
        copy.replaceSubrange(i...i, with: " ")
        return copy
    }
}
