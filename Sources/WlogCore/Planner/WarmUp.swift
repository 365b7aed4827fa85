/// Seed 001's smart warm-up: for the muscle groups of today's planned day, a general raise, a few
/// dynamic drills per group, then ramp-up sets to the first lift's working load (docs/COACH.md).
///
/// A pure function of the planned exercises and their pre-filled loads: the groups in the order
/// the day first trains them (primary groups; Cardio needs no drills), and the ramp of the first
/// planned strength exercise with a load: 40 % × 8, 60 % × 5, 80 % × 3 of it, each rounded to the
/// standard step, at least the empty bar (20 kg / 45 lb) for a barbell lift, repeated loads and
/// loads not below the working load left out.
public struct WarmUp: Sendable, Hashable {
    /// One ramp-up set.
    public struct Step: Sendable, Hashable {
        public var load: Mass
        public var reps: Int
    }

    /// The day's muscle groups, in the order it first trains them.
    public var groups: [MuscleGroup]
    /// What to do before the first lift: the general raise, then the drills of each group.
    public var drills: [String]
    /// The lift ramped up to, its working load and the sets before it.
    public struct Ramp: Sendable, Hashable {
        public var exercise: Exercise
        public var load: Mass
        public var steps: [Step]
    }

    public var ramp: Ramp?

    /// The ramp's shares of the working load and reps.
    public static let rampShares: [(share: Double, reps: Int)] = [(0.4, 8), (0.6, 5), (0.8, 3)]
    public static let general = "5 min easy cardio (bike, rower or brisk walk) until warm and lightly sweating"

    /// Dynamic drills per group (Cardio: none).
    public static func drills(for group: MuscleGroup) -> [String] {
        switch group {
        case .legs: return ["leg swings × 10 each way", "body-weight squats × 10", "walking lunges × 5 each leg"]
        case .back: return ["band pull-aparts × 15", "cat–cow × 8"]
        case .chest: return ["arm circles × 10 each way", "push-ups × 10"]
        case .shoulders: return ["arm circles × 10 each way", "band dislocates × 10"]
        case .biceps, .triceps, .arms: return ["light band curls and push-downs × 15"]
        case .core: return ["dead bugs × 8 each side", "bird dogs × 8 each side"]
        case .cardio: return []
        }
    }

    /// The warm-up for today's pre-filled exercises; nil when the day plans nothing.
    public init?(_ planned: [Prefill]) {
        var groups: [MuscleGroup] = []
        for p in planned where p.exercise.group != .cardio && !groups.contains(p.exercise.group) { groups.append(p.exercise.group) }
        guard !planned.isEmpty else { return nil }
        self.groups = groups
        var drills = [Self.general]
        for group in groups { for drill in Self.drills(for: group) where !drills.contains(drill) { drills.append(drill) } }
        self.drills = drills
        if let first = planned.first(where: { $0.exercise.kind == .strength && $0.load != nil }), let load = first.load {
            ramp = Ramp(exercise: first.exercise, load: load, steps: Self.steps(to: load, barbell: first.exercise.equipment == .barbell))
        }
    }

    /// The ramp to `load`: 40/60/80 % rounded, at least the empty bar for a barbell lift.
    static func steps(to load: Mass, barbell: Bool) -> [Step] {
        let bar = load.unit == .lb ? Mass(tenThousandths: 450_000, unit: .lb) : Mass(tenThousandths: 200_000, unit: .kg)
        var steps: [Step] = []
        for (share, reps) in rampShares {
            var step = LoadIncrement.share(share, of: load)
            if barbell, step.tenThousandths < bar.tenThousandths { step = bar }
            guard step.tenThousandths > 0, step.tenThousandths < load.tenThousandths,
                  steps.last.map({ $0.load.tenThousandths < step.tenThousandths }) ?? true else { continue }
            steps.append(Step(load: step, reps: reps))
        }
        return steps
    }

    /// The lines `wlog today` prints.
    public func lines(unit: MassUnit) -> [String] {
        var lines = drills
        if let ramp {
            let sets = ramp.steps.map { $0.load.formatted(in: unit) + " × \($0.reps)" }
            lines.append(ramp.exercise.name + " ramp to " + ramp.load.formatted(in: unit) + ": "
                + (sets.isEmpty ? "one light set × 5" : sets.joined(separator: ", ")))
        }
        return lines
    }
}
