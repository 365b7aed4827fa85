/// Everything `wlog coach` says: progressions, plateaus, a deload suggestion, red flags and the
/// training-load trend — each suggestion with the numbers that triggered it.
public struct CoachReport: Sendable, Hashable {
    /// The kind of a suggestion.
    public enum Kind: String, Sendable, Hashable { case progression, plateau, deload, redFlag = "red-flag", recovery }

    /// One suggestion: what it is about and why.
    public struct Suggestion: Sendable, Hashable {
        public var kind: Kind
        /// The exercise name, for progressions and plateaus.
        public var exercise: String?
        public var message: String
    }

    public var progressions: [DoubleProgression]
    public var plateaus: [Plateau]
    public var deload: DeloadAdvice?
    public var redFlags: RedFlags
    public var recovery: RecoveryAdvice?
    public var load: TrainingLoad
    /// Every suggestion in display order: red flags, recovery, deload, plateaus, progressions.
    public var suggestions: [Suggestion]

    /// Exercises count for plateaus (and the deload rule) when trained within this many days.
    public static let recentDays = 28
}

extension WlogState {
    /// The coach's report at `context.now`.
    public func coachReport(context: QueryContext) -> CoachReport {
        let today = context.today
        let formula = settings.chosenE1RMFormula
        var byExercise: [String: [LoggedSet]] = [:]
        for set in liveSets where set.performed.localDay <= today { byExercise[set.exercise, default: []].append(set) }
        let arsenal = Array(equipment.values)
        var progressions: [DoubleProgression] = []
        var seen: Set<String> = []
        for planned in activeRoutine(context: context)?.days.sorted(by: { $0.index < $1.index }).flatMap(\.exercises) ?? [] {
            guard seen.insert(planned.exercise).inserted, let exercise = exercise(planned.exercise) else { continue }
            let exposures = Exposure.of(exercise, sets: byExercise[exercise.id] ?? [], through: today,
                                        formula: formula, maxReps: settings.e1rmMaxReps)
            if let p = DoubleProgression.evaluate(exercise: exercise, target: planned, exposures: exposures, arsenal: arsenal) {
                progressions.append(p)
            }
        }
        var plateaus: [Plateau] = []
        for id in byExercise.keys.sorted() {
            guard let exercise = exercise(id), exercise.kind.isStrengthLike else { continue }
            let exposures = Exposure.of(exercise, sets: byExercise[id] ?? [], through: today, formula: formula,
                                        maxReps: settings.e1rmMaxReps)
            guard let last = exposures.last, last.day.distance(to: today) <= CoachReport.recentDays else { continue }
            if let plateau = Plateau.detect(exercise: exercise, exposures: exposures) { plateaus.append(plateau) }
        }
        plateaus.sort { $0.exercise.name < $1.exercise.name }
        let deload = deloadAdvice(plateaus: plateaus, context: context)
        let flags = redFlags(context: context)
        var suggestions: [CoachReport.Suggestion] = flags.messages.map { .init(kind: .redFlag, exercise: nil, message: $0) }
        let recovery = recoveryAdvice(context: context)
        if let recovery { suggestions.append(.init(kind: .recovery, exercise: nil, message: recovery.message)) }
        if let deload { suggestions.append(.init(kind: .deload, exercise: nil, message: deload.message)) }
        for p in plateaus {
            suggestions.append(.init(kind: .plateau, exercise: p.exercise.name, message: p.message(unit: context.unit)))
        }
        for p in progressions {
            suggestions.append(.init(kind: .progression, exercise: p.exercise.name, message: p.message(unit: context.unit)))
        }
        return CoachReport(progressions: progressions, plateaus: plateaus, deload: deload, redFlags: flags, recovery: recovery,
                           load: trainingLoad(context: context), suggestions: suggestions)
    }

    /// The deload rule: plateaus on two or more lifts, or ≥ 5 complete weeks since the last lighter one.
    func deloadAdvice(plateaus: [Plateau], context: QueryContext) -> DeloadAdvice? {
        var reasons: [DeloadAdvice.Reason] = []
        if plateaus.count >= 2 { reasons.append(.plateaus(plateaus.map(\.exercise.name))) }
        let (weeks, lighter) = DeloadAdvice.weeksSinceLighterWeek(weeklyTonnage(context: context))
        if weeks >= DeloadAdvice.weeksWithoutDeload { reasons.append(.weeksSinceLighterWeek(weeks, lighterWeek: lighter)) }
        return reasons.isEmpty ? nil : DeloadAdvice(reasons: reasons)
    }

    /// Qualifying tonnage (kg ten-thousandths) of every complete ISO week from the first week with
    /// training to last week, oldest first; weeks without training are 0.
    func weeklyTonnage(context: QueryContext) -> [(start: LocalDay, tonnage: Int64)] {
        let thisWeek = context.today.startOfISOWeek
        var byWeek: [LocalDay: Int64] = [:]
        var first: LocalDay?
        for set in liveSets {
            let day = set.performed.localDay
            guard day < thisWeek else { continue }
            let exercise = exerciseOrStandIn(set.exercise)
            guard let volume = SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind, bodyweight: nil) else { continue }
            let week = day.startOfISOWeek
            byWeek[week, default: 0] += volume
            if first.map({ week < $0 }) ?? true { first = week }
        }
        guard let first else { return [] }
        return stride(from: first, to: thisWeek, by: 7).map { ($0, byWeek[$0] ?? 0) }
    }
}
