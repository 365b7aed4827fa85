/// Double progression: when every target set reached the top of the rep range at or under the
/// target RPE in each of the last two exposures, add the smallest available increment and go back
/// to the bottom of the range.
public struct DoubleProgression: Sendable, Hashable {
    /// One exposure as the rule read it.
    public struct Session: Sendable, Hashable {
        public var day: LocalDay
        /// The load of the target sets: the lightest of the `target.sets` heaviest working sets.
        public var load: Mass
        /// The hardest RPE among those sets, when any was logged.
        public var rpe: RPE?
    }

    public var exercise: Exercise
    public var target: PlannedExercise
    /// The last two exposures, oldest first.
    public var sessions: [Session]
    /// The suggested next load, or nil when the arsenal has nothing heavier.
    public var nextLoad: Mass?
    public var source: LoadIncrement.Source?

    /// Checks the rule on an exercise's exposures (oldest first) against its target.
    public static func evaluate(exercise: Exercise, target: PlannedExercise, exposures: [Exposure],
                                arsenal: [EquipmentItem]) -> DoubleProgression? {
        guard exposures.count >= 2 else { return nil }
        var sessions: [Session] = []
        for exposure in exposures.suffix(2) {
            guard let session = met(exposure, target: target) else { return nil }
            sessions.append(session)
        }
        guard let last = sessions.last else { return nil }
        let next = LoadIncrement.next(after: last.load, equipment: exercise.equipment, arsenal: arsenal)
        return DoubleProgression(exercise: exercise, target: target, sessions: sessions, nextLoad: next?.load, source: next?.source)
    }

    /// The session when its `target.sets` heaviest sets all reached `repsHigh` at RPE ≤ target
    /// (a set without a logged RPE passes); nil otherwise.
    static func met(_ exposure: Exposure, target: PlannedExercise) -> Session? {
        let ranked = exposure.sets.enumerated().sorted { a, b in
            let (wa, wb) = (a.element.weight?.kilogramTenThousandths ?? 0, b.element.weight?.kilogramTenThousandths ?? 0)
            return wa != wb ? wa > wb : a.offset < b.offset
        }.map(\.element)
        guard ranked.count >= target.sets, target.sets >= 1 else { return nil }
        let top = ranked.prefix(target.sets)
        var hardest: RPE?
        for set in top {
            guard let reps = set.reps, reps >= target.repsHigh else { return nil }
            if let rpe = set.rpe {
                if let limit = target.rpe, rpe > limit { return nil }
                if hardest.map({ rpe > $0 }) ?? true { hardest = rpe }
            }
        }
        let load = top.last?.weight ?? Mass.zero(.kg)
        return Session(day: exposure.day, load: load, rpe: hardest)
    }

    /// The reason and the advice: `3 × 12 at 100 kg, RPE 8 and 7.5 in the last two sessions → try 102.5 kg × 8`.
    public func message(unit: MassUnit) -> String {
        let loads = sessions.map { $0.load.formatted(in: unit) }
        let first = loads.first ?? "", last = loads.last ?? ""
        var text = "\(target.sets) × \(target.repsHigh) at " + (first == last ? last : first + " and " + last)
        if sessions.contains(where: { $0.rpe != nil }) {
            text += ", RPE " + sessions.map { $0.rpe?.text ?? "not logged" }.joined(separator: " and ")
        }
        text += " in the last two sessions → "
        if let nextLoad {
            text += "try " + nextLoad.formatted(in: unit) + " × \(target.repsLow)"
            if case .rack(let name) = source { text += " (next in " + name + ")" }
            if case .plates(let name, let plate) = source { text += " (2 × " + plate.formatted() + " from " + name + ")" }
        } else {
            text += "nothing heavier in your arsenal: add a set or reps (try \(target.sets) × \(target.repsHigh + 1) at " + last + ")"
        }
        return text
    }
}
