/// Which workout a set belongs to: an explicit session, or the implicit workout of a local day.
public enum WorkoutKey: Sendable, Hashable, Comparable {
    /// A session started with `workout.started` (or named by sets without one).
    case explicit(EventID)
    /// The sets logged without a session on that local day (their own offset decides the day).
    case implicit(LocalDay)

    /// The key of a set.
    public init(of set: LoggedSet) {
        self = set.workout.map(WorkoutKey.explicit) ?? .implicit(set.performed.localDay)
    }

    /// The session id, for explicit workouts.
    public var id: EventID? {
        if case .explicit(let id) = self { return id }
        return nil
    }

    /// Implicit before explicit, then by day or id (a stable order for ties only).
    public static func < (lhs: WorkoutKey, rhs: WorkoutKey) -> Bool {
        switch (lhs, rhs) {
        case (.implicit(let a), .implicit(let b)): return a < b
        case (.explicit(let a), .explicit(let b)): return a < b
        case (.implicit, .explicit): return true
        case (.explicit, .implicit): return false
        }
    }
}
