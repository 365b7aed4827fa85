import WlogCore

/// How the pages write values: masses in the lifter's unit with at most two decimals (the
/// engine's `Mass.formatted`), sets as a lifter reads them, local times of day.
enum WebFormat {
    /// `102.5 kg` in `unit`.
    static func mass(_ mass: Mass, in unit: MassUnit) -> String { mass.formatted(in: unit) }

    /// `100 kg × 5 @8`, `BW × 12`, `BW+10 kg × 8`, `5 km in 25:00`, `1:00` (timed).
    static func set(_ set: LoggedSet, kind: ExerciseKind, unit: MassUnit) -> String {
        var text: String
        if let distance = set.distance {
            text = distance.valueText + " " + distance.unit.rawValue
            if let duration = set.durationMilliseconds { text += " in " + DurationText.clock(duration) }
        } else if set.reps == nil, let duration = set.durationMilliseconds {
            text = DurationText.clock(duration)
        } else {
            let load: String
            if let weight = set.weight, weight.tenThousandths != 0 {
                load = (kind == .bodyweight ? "BW+" : "") + weight.formatted(in: unit)
            } else {
                load = kind == .strength ? "0 " + unit.rawValue : "BW"
            }
            text = load + " × " + String(set.reps ?? 0)
        }
        if let rpe = set.rpe { text += " @" + rpe.text }
        return text
    }

    /// A record's value: `140 kg`, `15 reps`, `5000 m`, `25:00`, `4:50 /km`.
    static func record(_ value: RecordValue, unit: MassUnit) -> String {
        switch value {
        case .mass(let mass): mass.formatted(in: unit)
        case .reps(let reps): "\(reps) reps"
        case .distance(let distance): distance.valueText + " " + distance.unit.rawValue
        case .duration(let milliseconds): DurationText.clock(milliseconds)
        case .pace(let milliseconds): DurationText.clock(milliseconds) + " /km"
        }
    }

    /// A record's name for people: `5RM`, `Heaviest`, `e1RM`, `Set volume`, `Max reps` …
    static func recordName(_ kind: RecordKind) -> String {
        switch kind {
        case .repMax(let reps): "\(reps)RM"
        case .heaviest: "Heaviest"
        case .e1rm: "e1RM"
        case .setVolume: "Set volume"
        case .maxReps: "Max reps"
        case .longestDistance: "Longest distance"
        case .longestDuration: "Longest duration"
        case .bestPace: "Best pace"
        }
    }

    /// `09:30` local.
    static func time(_ zoned: ZonedInstant) -> String {
        let minutes = Int(zoned.localMillisecondsOfDay / 60_000)
        return String(minutes / 60).leftPadded(to: 2) + ":" + String(minutes % 60).leftPadded(to: 2)
    }
}
