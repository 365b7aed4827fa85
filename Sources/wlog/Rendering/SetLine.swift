import WlogCore

/// One set as a line of text: `Bench Press 100 kg × 5 @8`, `Pull-Up BW + 10 kg × 8`, `Run 5 km in 25:00`.
struct SetLine {
    let state: WlogState
    let unit: MassUnit

    /// The exercise's name (or its id when unknown).
    func exerciseName(_ set: LoggedSet) -> String { state.exercise(set.exercise)?.name ?? set.exercise }

    /// What was done, without the exercise name.
    func what(_ set: LoggedSet) -> String {
        let kind = state.exercise(set.exercise)?.kind ?? .strength
        var text: String
        switch kind {
        case .cardio:
            text = [set.distance?.formatted(), set.durationMilliseconds.map { "in " + DurationText.clock($0) }]
                .compactMap { $0 }.joined(separator: " ")
        case .timed:
            text = set.durationMilliseconds.map(DurationText.clock) ?? ""
        case .bodyweight:
            let added = set.weight.flatMap { $0.tenThousandths > 0 ? $0 : nil }
            text = (added.map { "BW + " + $0.formatted(in: unit) } ?? "BW") + (set.reps.map { " × \($0)" } ?? "")
        case .assisted:
            text = (set.weight.map { "assisted " + $0.formatted(in: unit) } ?? "") + (set.reps.map { " × \($0)" } ?? "")
        case .strength:
            text = (set.weight?.formatted(in: unit) ?? "") + (set.reps.map { " × \($0)" } ?? "")
        }
        if let rpe = set.rpe { text += " @" + rpe.text }
        if set.setType != .working { text += " (" + set.setType.rawValue + ")" }
        if !set.done { text += " (not done)" }
        return text
    }

    /// The e1RM of a set with the journal's formula, if it has one.
    func e1rm(_ set: LoggedSet) -> Mass? {
        guard let exercise = state.exercise(set.exercise), set.qualifies(for: exercise.kind),
              let weight = set.weight, let reps = set.reps, weight.tenThousandths > 0 else { return nil }
        let formula = E1RMFormula(parsing: state.settings.e1rmFormula) ?? .epley
        return formula.estimate(weight: weight, reps: reps, rpe: set.rpe, maxReps: state.settings.e1rmMaxReps)
    }

    /// The line printed after `append set`: id, set, e1RM, and the PRs it made in `records`
    /// (the exercise's records, computed once by the caller for all the sets it announces).
    func announce(_ set: LoggedSet, records: PersonalRecords?) -> String {
        var line = set.id.short + "  " + exerciseName(set) + " " + what(set)
        if let e1rm = e1rm(set), state.exercise(set.exercise)?.kind != .bodyweight {
            line += "  e1RM " + FixedPoint.format(e1rm.converted(to: unit).tenThousandths, maxFractionDigits: 1) + " " + unit.rawValue
        }
        let prs = records?.prs(of: set.id) ?? []
        if !prs.isEmpty { line += "  PR: " + prs.map(\.name).joined(separator: ", ") }
        return line
    }
}

extension WlogState {
    /// Every set id ever logged.
    var setIDs: [EventID] { allSets.map(\.id) }

    /// Every workout id ever started.
    var workoutIDs: [EventID] { allWorkouts.map(\.id) }
}
