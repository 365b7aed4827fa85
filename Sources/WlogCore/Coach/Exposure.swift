/// One exposure of an exercise: the qualifying working sets of one session (a workout, or the
/// implicit workout of a local day), with the session's best estimated 1RM.
public struct Exposure: Sendable, Hashable {
    /// The session: `w:<workout id>` or `d:<local day>`.
    public var session: String
    /// The local day of its first set.
    public var day: LocalDay
    /// Its qualifying sets (not warm-ups), in history order.
    public var sets: [LoggedSet]
    /// The best e1RM among them, if any set has one.
    public var bestE1RM: Mass?

    /// The exposures of `exercise` among `sets` performed on or before `through`, oldest first.
    ///
    /// A set counts when it qualifies for PRs (live, done, not a warm-up, strength-like), is not a
    /// drop set (a back-off at a lighter load is no working set: its weight is never the next top
    /// set's) and, for a strength exercise, carries a load.
    public static func of(_ exercise: Exercise, sets: [LoggedSet], through: LocalDay,
                          formula: E1RMFormula = .epley, maxReps: Int = E1RMFormula.defaultMaxReps) -> [Exposure] {
        var order: [String] = []
        var bySession: [String: Exposure] = [:]
        let counted = sets.filter {
            $0.exercise == exercise.id && $0.qualifies(for: exercise.kind) && $0.setType != .drop && $0.performed.localDay <= through
                && $0.reps != nil && (exercise.kind == .bodyweight || ($0.weight?.tenThousandths ?? 0) > 0)
        }.sorted(by: LoggedSet.historyOrder)
        for set in counted {
            let key = ExerciseCard.sessionKey(set)
            var exposure = bySession[key] ?? Exposure(session: key, day: set.performed.localDay, sets: [], bestE1RM: nil)
            if bySession[key] == nil { order.append(key) }
            exposure.sets.append(set)
            if let weight = set.weight, weight.tenThousandths > 0, let reps = set.reps,
               let e1rm = formula.estimate(weight: weight, reps: reps, rpe: set.rpe, maxReps: maxReps),
               exposure.bestE1RM.map({ e1rm > $0 }) ?? true {
                exposure.bestE1RM = e1rm
            }
            bySession[key] = exposure
        }
        return order.compactMap { bySession[$0] }
    }
}
