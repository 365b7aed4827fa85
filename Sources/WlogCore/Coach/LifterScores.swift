/// Powerlifting scores for the lifter's best squat, bench press and deadlift singles at their
/// latest body weight.
///
/// A lift's best is its heaviest qualifying **single** (a set of exactly 1 rep) of its exercises:
/// squat = Back Squat or Paused Squat, bench = Bench Press or Paused Bench Press, deadlift =
/// Deadlift or Sumo Deadlift. A 200 × 10 squat is no 200 kg lift in a total (it was, before
/// issue 18); it counts in `estimatedTotal`, the sum of the three best e1RMs with the journal's
/// formula, which is labelled an estimate and gets no score. The profile's sex picks the
/// constants; without it, or without a body weight, no score. IPF GL and IPF points use the
/// profile's equipment (raw, the default, or single-ply); DOTS and the Wilks formulas have one set
/// of constants for both.
public struct LifterScores: Sendable, Hashable {
    /// One lift's best set.
    public struct Lift: Sendable, Hashable {
        public var exercise: String
        public var weight: Mass
        public var reps: Int
        public var set: EventID
        public var day: LocalDay
    }

    public var squat: Lift?
    public var bench: Lift?
    public var deadlift: Lift?
    /// The latest body-weight entry on or before now.
    public var bodyweight: BodyweightEntry?
    public var sex: Sex?
    /// The profile's equipment (raw when the profile does not say), for IPF GL and IPF points.
    public var equipment: PowerliftingScore.Equipment = .raw
    /// Squat + bench + deadlift singles, in kg; nil unless all three are there.
    public var total: Mass?
    /// The sum of the three lifts' best e1RMs (any reps), in kg: an estimate, never scored.
    public var estimatedTotal: Mass?
    /// DOTS of the total.
    public var dots: Double?
    /// IPF GL (the profile's equipment, full power) of the total.
    public var ipfGL: Double?
    /// IPF GL (the profile's equipment, bench only) of the bench single.
    public var benchIPFGL: Double?
    /// Wilks (original) of the total.
    public var wilks: Double?
    /// Wilks 2020 of the total.
    public var wilks2020: Double?
    /// IPF points (2019, the profile's equipment, full power) of the total.
    public var ipfPoints: Double?

    /// The exercise ids that count for each lift.
    public static let squatIDs = ["back-squat", "paused-squat"]
    public static let benchIDs = ["bench-press", "paused-bench-press"]
    public static let deadliftIDs = ["deadlift", "sumo-deadlift"]
}

extension WlogState {
    /// The lifter's scores at `context.now` (sets and entries after now are ignored).
    public func lifterScores(context: QueryContext) -> LifterScores {
        let live = liveSets.filter { $0.performed.instant <= context.now }
        let formula = settings.chosenE1RMFormula
        var estimates: [Int64] = []
        func best(_ ids: [String]) -> LifterScores.Lift? {
            var top: LifterScores.Lift?
            var topEstimate: Mass?
            for set in live where ids.contains(set.exercise) {
                let exercise = exerciseOrStandIn(set.exercise)
                guard exercise.kind == .strength, set.qualifies(for: exercise.kind), let weight = set.weight,
                      weight.tenThousandths > 0, let reps = set.reps, reps >= 1 else { continue }
                if let e1rm = formula.estimate(weight: weight, reps: reps, rpe: set.rpe, maxReps: settings.e1rmMaxReps),
                   topEstimate.map({ e1rm > $0 }) ?? true {
                    topEstimate = e1rm
                }
                if reps == 1, top.map({ weight > $0.weight }) ?? true {
                    top = LifterScores.Lift(exercise: exercise.name, weight: weight, reps: reps, set: set.id, day: set.performed.localDay)
                }
            }
            if let topEstimate { estimates.append(topEstimate.kilogramTenThousandths) }
            return top
        }
        var scores = LifterScores(squat: best(LifterScores.squatIDs), bench: best(LifterScores.benchIDs),
                                  deadlift: best(LifterScores.deadliftIDs))
        if estimates.count == 3 { scores.estimatedTotal = Mass(tenThousandths: estimates.reduce(0, +), unit: .kg) }
        scores.bodyweight = bodyweightEntries.filter { $0.at.instant <= context.now }.last
        scores.sex = profile.sex
        scores.equipment = profile.equipment ?? .raw
        let equipment = scores.equipment
        if let s = scores.squat, let b = scores.bench, let d = scores.deadlift {
            scores.total = Mass(tenThousandths: s.weight.kilogramTenThousandths + b.weight.kilogramTenThousandths
                + d.weight.kilogramTenThousandths, unit: .kg)
        }
        guard let sex = scores.sex, let bw = scores.bodyweight?.weight else { return scores }
        if let total = scores.total {
            scores.dots = PowerliftingScore.dots(total: total, bodyWeight: bw, sex: sex)
            scores.ipfGL = PowerliftingScore.ipfGL(total: total, bodyWeight: bw, sex: sex, equipment: equipment)
            scores.wilks = PowerliftingScore.wilks(total: total, bodyWeight: bw, sex: sex)
            scores.wilks2020 = PowerliftingScore.wilks2020(total: total, bodyWeight: bw, sex: sex)
            scores.ipfPoints = PowerliftingScore.ipfPoints(total: total, bodyWeight: bw, sex: sex, equipment: equipment)
        }
        if let bench = scores.bench {
            scores.benchIPFGL = PowerliftingScore.ipfGL(total: bench.weight, bodyWeight: bw, sex: sex, equipment: equipment,
                                                           event: .benchOnly)
        }
        return scores
    }
}
