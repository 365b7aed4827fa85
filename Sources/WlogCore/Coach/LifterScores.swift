/// DOTS and IPF GL for the lifter's best squat, bench press and deadlift at their latest body weight.
///
/// A lift's best is the heaviest qualifying set (any reps) of its exercises: squat = Back Squat or
/// Paused Squat, bench = Bench Press or Paused Bench Press, deadlift = Deadlift or Sumo Deadlift.
/// The profile's sex picks the constants; without it, or without a body weight, no score.
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
    /// Squat + bench + deadlift, in kg; nil unless all three are there.
    public var total: Mass?
    /// DOTS of the total.
    public var dots: Double?
    /// IPF GL (classic powerlifting) of the total.
    public var ipfGL: Double?
    /// IPF GL (classic bench only) of the bench.
    public var benchIPFGL: Double?

    /// The exercise ids that count for each lift.
    public static let squatIDs = ["back-squat", "paused-squat"]
    public static let benchIDs = ["bench-press", "paused-bench-press"]
    public static let deadliftIDs = ["deadlift", "sumo-deadlift"]
}

extension WlogState {
    /// The lifter's scores at `context.now` (sets and entries after now are ignored).
    public func lifterScores(context: QueryContext) -> LifterScores {
        let live = liveSets.filter { $0.performed.instant <= context.now }
        func best(_ ids: [String]) -> LifterScores.Lift? {
            var top: LifterScores.Lift?
            for set in live where ids.contains(set.exercise) {
                let exercise = exerciseOrStandIn(set.exercise)
                guard exercise.kind == .strength, set.qualifies(for: exercise.kind), let weight = set.weight,
                      weight.tenThousandths > 0, let reps = set.reps, reps >= 1 else { continue }
                if top.map({ weight > $0.weight }) ?? true {
                    top = LifterScores.Lift(exercise: exercise.name, weight: weight, reps: reps, set: set.id, day: set.performed.localDay)
                }
            }
            return top
        }
        var scores = LifterScores(squat: best(LifterScores.squatIDs), bench: best(LifterScores.benchIDs),
                                  deadlift: best(LifterScores.deadliftIDs))
        scores.bodyweight = bodyweightEntries.filter { $0.at.instant <= context.now }.last
        scores.sex = profile.sex
        if let s = scores.squat, let b = scores.bench, let d = scores.deadlift {
            scores.total = Mass(tenThousandths: s.weight.kilogramTenThousandths + b.weight.kilogramTenThousandths
                + d.weight.kilogramTenThousandths, unit: .kg)
        }
        guard let sex = scores.sex, let bw = scores.bodyweight?.weight else { return scores }
        if let total = scores.total {
            scores.dots = PowerliftingScore.dots(total: total, bodyWeight: bw, sex: sex)
            scores.ipfGL = PowerliftingScore.ipfGL(total: total, bodyWeight: bw, sex: sex)
        }
        if let bench = scores.bench {
            scores.benchIPFGL = PowerliftingScore.ipfGL(total: bench.weight, bodyWeight: bw, sex: sex, event: .classicBench)
        }
        return scores
    }
}
