/// A category of personal record.
///
/// Ordered for display as `heaviest, e1rm, 1rm, 3rm, … , set_volume, max_reps,
/// longest_distance, longest_duration, best_pace`.
public enum RecordKind: Sendable, Hashable, Comparable {
    /// The heaviest weight lifted for at least this many reps (rmN).
    case repMax(Int)
    /// The heaviest weight in any set.
    case heaviest
    /// The best estimated one-rep max.
    case e1rm
    /// The biggest reps × weight of one set.
    case setVolume
    /// The most reps in one set (body-weight exercises).
    case maxReps
    /// The longest distance in one set (cardio).
    case longestDistance
    /// The longest duration in one set (cardio, timed).
    case longestDuration
    /// The fastest pace of one set, time per kilometre (cardio).
    case bestPace

    /// The export name: `heaviest`, `e1rm`, `5rm`, `set_volume`, `max_reps`, `longest_distance`,
    /// `longest_duration`, `best_pace`.
    public var name: String {
        switch self {
        case .repMax(let reps): return "\(reps)rm"
        case .heaviest: return "heaviest"
        case .e1rm: return "e1rm"
        case .setVolume: return "set_volume"
        case .maxReps: return "max_reps"
        case .longestDistance: return "longest_distance"
        case .longestDuration: return "longest_duration"
        case .bestPace: return "best_pace"
        }
    }

    /// Parses an export name (`5rm`, `heaviest`, `best_pace` …).
    public init?(name: some StringProtocol) {
        let key = name.lowercased()
        switch key {
        case "heaviest": self = .heaviest
        case "e1rm": self = .e1rm
        case "set_volume": self = .setVolume
        case "max_reps": self = .maxReps
        case "longest_distance": self = .longestDistance
        case "longest_duration": self = .longestDuration
        case "best_pace": self = .bestPace
        default:
            guard key.hasSuffix("rm"), let reps = Int(key.dropLast(2)), reps >= 1 else { return nil }
            self = .repMax(reps)
        }
    }

    /// The position in display order, then the rep count for rep maxes.
    private var order: (Int, Int) {
        switch self {
        case .heaviest: return (0, 0)
        case .e1rm: return (1, 0)
        case .repMax(let reps): return (2, reps)
        case .setVolume: return (3, 0)
        case .maxReps: return (4, 0)
        case .longestDistance: return (5, 0)
        case .longestDuration: return (6, 0)
        case .bestPace: return (7, 0)
        }
    }

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool { lhs.order < rhs.order }
}
