/// A planned exercise pre-filled for a workout: its target, the previous performance and the
/// coach's suggestion for today's load (seed 003 auto-fill, seed 001 progressive overload).
public struct Prefill: Sendable, Hashable {
    public var exercise: Exercise
    public var target: PlannedExercise
    /// The previous performance, e.g. `80 kg × 8, 8, 7`; empty without history.
    public var previous: String
    /// The load the coach suggests (deload weeks: 10 % off, rounded to 2.5 kg / 5 lb); nil without history.
    public var load: Mass?
    /// The reps to aim for at that load.
    public var reps: Int
    /// The suggestion with its reason, e.g. `102.5 kg × 8 — 3 × 12 at 100 kg … in the last two sessions`.
    public var suggestion: String
    /// The target's load from the %1RM table and the lift's best e1RM (`PercentOfMax`: the bottom
    /// of the rep range, at the target RPE when there is one); nil without an e1RM.
    public var tableLoad: PercentOfMax.Row?
    /// The best e1RM `tableLoad` comes from, in the display unit.
    public var e1rm: Mass?

    /// `3 × 6–8 @8, rest 2:00`.
    public static func targetText(_ p: PlannedExercise) -> String {
        var text = "\(p.sets) × " + (p.repsLow == p.repsHigh ? "\(p.repsLow)" : "\(p.repsLow)–\(p.repsHigh)")
        if let rpe = p.rpe { text += " @" + rpe.text }
        if let rest = p.restSeconds { text += ", rest " + DurationText.clock(Int64(rest) * 1000) }
        return text
    }

    /// `Bench Press  3 × 6–8 @8, rest 2:00  (last: 80 kg × 8, 8, 7)  → 82.5 kg × 6`.
    public var line: String {
        exercise.name + "  " + Self.targetText(target) + (previous.isEmpty ? "" : "  (last: " + previous + ")")
            + "  → " + suggestion + (tableText.map { "  [" + $0 + "]" } ?? "")
    }

    /// `%1RM: 87.5 kg = 73.9 % of e1RM 118.33 kg for 8 @8`, or nil without an e1RM.
    public var tableText: String? {
        guard let row = tableLoad, let e1rm else { return nil }
        let percent = (row.fraction * 1000).rounded() / 10
        let percentText = percent == percent.rounded() ? String(Int(percent)) : String(percent)
        return "%1RM: " + row.load.formatted() + " = " + percentText + " % of e1RM " + e1rm.formatted() + " for \(row.reps)"
            + (row.rpe.map { " @" + $0.text } ?? "")
    }
}

extension WlogState {
    /// The planned exercises of `day` pre-filled at `context.now`; `isDeload` takes 10 % off the load.
    public func prefill(_ day: RoutineDay, isDeload: Bool = false, context: QueryContext) -> [Prefill] {
        let formula = settings.chosenE1RMFormula
        let sets = liveSets
        let arsenal = Array(equipment.values)
        return day.exercises.map { target in
            let exercise = exerciseOrStandIn(target.exercise)
            let mine = sets.filter { $0.exercise == exercise.id }
            let card = ExerciseCard(exercise: exercise, sets: mine, now: context.now, offsetMinutes: context.offsetMinutes)
            let exposures = Exposure.of(exercise, sets: mine, through: context.today.advanced(by: -1), formula: formula,
                                        maxReps: settings.e1rmMaxReps)
            var load: Mass?
            var reps = target.repsHigh
            var reason: String
            if let progression = DoubleProgression.evaluate(exercise: exercise, target: target, exposures: exposures, arsenal: arsenal),
               let next = progression.nextLoad {
                load = next
                reps = target.repsLow
                reason = progression.message(unit: context.unit)
            } else if let last = exposures.last {
                load = Self.workingLoad(last, sets: target.sets)
                reason = "repeat the load and aim for \(target.sets) × \(target.repsHigh) before adding weight"
            } else {
                reason = "no history yet: pick a load you can lift for the target reps"
            }
            if isDeload, let full = load {
                let reduced = Deload.load(full)
                reason = "deload week: 10 % off " + full.formatted(in: context.unit) + ", half the sets"
                load = reduced
            }
            var suggestion = reason
            if let load {
                let text = exercise.kind != .bodyweight ? load.formatted(in: context.unit)
                    : load.tenThousandths == 0 ? "BW" : "BW + " + load.formatted(in: context.unit)
                suggestion = text + " × \(reps) — " + reason
            }
            var prefill = Prefill(exercise: exercise, target: target, previous: card.previousPerformanceText(in: context.unit), load: load,
                                  reps: reps, suggestion: suggestion)
            if exercise.kind == .strength, let best = e1rmTrend(exercise: exercise, context: context).best {
                let e1rm = best.e1rm.converted(to: context.unit)
                prefill.e1rm = e1rm
                prefill.tableLoad = PercentOfMax.row(e1rm: e1rm, reps: target.repsLow, rpe: target.rpe)
            }
            return prefill
        }
    }

    /// The load of an exposure's target sets: the lightest of its `sets` heaviest sets.
    static func workingLoad(_ exposure: Exposure, sets: Int) -> Mass? {
        let weights = exposure.sets.compactMap(\.weight).sorted { $0 > $1 }
        guard !weights.isEmpty else { return nil }
        return weights[min(max(sets, 1), weights.count) - 1]
    }
}
