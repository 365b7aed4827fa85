import Synchronization
import WlogCore

/// One set as a line of text: `Bench Press 100 kg × 5 @8`, `Pull-Up BW + 10 kg × 8`, `Run 5 km in 25:00`,
/// `Plank 1:00 with 20 kg`.
///
/// A class: `rows.map(line.what)` captures the line, and a struct would copy the state in it
/// (dozens of references) for every row.
final class SetLine: Sendable {
    let state: WlogState
    let unit: MassUnit
    /// The body-weight entries by date, built at the first body-weight set's e1RM (sorting them
    /// costs every other command nothing).
    private let timeline = Mutex<BodyweightTimeline?>(nil)

    init(state: WlogState, unit: MassUnit) {
        self.state = state
        self.unit = unit
    }

    /// The exercise's name (or its id when unknown).
    func exerciseName(_ set: LoggedSet) -> String { state.exercise(set.exercise)?.name ?? set.exercise }

    /// What was done, without the exercise name.
    func what(_ set: LoggedSet) -> String {
        let (load, reps) = parts(set)
        return reps.map { load + " × " + $0 } ?? load
    }

    /// `what` in its two parts around ` × `: the load, and the reps with what follows them
    /// (`@8`, the set type, not done, missed); without reps, all of it is the load.
    func parts(_ set: LoggedSet) -> (load: String, reps: String?) {
        let kind = state.exercise(set.exercise)?.kind ?? .strength
        var load: String
        var reps: String?
        switch kind {
        case .cardio:
            load = [set.distance?.formatted(), set.durationMilliseconds.map { "in " + DurationText.clock($0) }]
                .compactMap { $0 }.joined(separator: " ")
        case .timed:
            load = set.durationMilliseconds.map(DurationText.clock) ?? ""
            if let added = set.weight, added.tenThousandths > 0 { load += " with " + added.formatted(in: unit) }
        case .bodyweight:
            let added = set.weight.flatMap { $0.tenThousandths > 0 ? $0 : nil }
            load = added.map { "BW + " + $0.formatted(in: unit) } ?? "BW"
            reps = set.reps.map { String($0) }
        case .assisted:
            load = set.weight.map { "assisted " + $0.formatted(in: unit) } ?? ""
            reps = set.reps.map { String($0) }
        case .strength:
            load = set.weight?.formatted(in: unit) ?? ""
            reps = set.reps.map { String($0) }
        }
        var suffix = ""
        if let rpe = set.rpe { suffix += " @" + rpe.text }
        if set.setType != .working { suffix += " (" + set.setType.rawValue + ")" }
        if !set.done { suffix += " (not done)" }
        if reps != nil && set.isMissedAttempt { suffix += " (missed)" }
        guard let reps else { return (load + suffix, nil) }
        return (load, reps + suffix)
    }

    /// The e1RM of a set with the journal's formula, if it has one (on its `E1RMBasis`: a
    /// body-weight set on body weight + added load when a body weight is known).
    func e1rm(_ set: LoggedSet) -> Mass? { estimate(set)?.e1rm }

    /// The e1RM of a set and the basis it stands on.
    func estimate(_ set: LoggedSet) -> (e1rm: Mass, basis: E1RMBasis)? {
        guard let exercise = state.exercise(set.exercise), set.qualifies(for: exercise.kind), let reps = set.reps,
              let basis = E1RMBasis.of(weight: set.weight, kind: exercise.kind, bodyweight: { self.bodyweight(at: set) })
        else { return nil }
        let formula = state.settings.chosenE1RMFormula
        return formula.estimate(weight: basis.load, reps: reps, rpe: set.rpe, maxReps: state.settings.e1rmMaxReps)
            .map { ($0, basis) }
    }

    /// The lifter's latest body weight at or before the set.
    private func bodyweight(at set: LoggedSet) -> Mass? {
        timeline.withLock { timeline in
            if timeline == nil { timeline = BodyweightTimeline(state) }
            return timeline?.weight(at: set.performed.instant)
        }
    }

    /// The line printed after `append set`: id, set, e1RM, and the PRs it made in `records`
    /// (the exercise's records, computed once by the caller for all the sets it announces).
    func announce(_ set: LoggedSet, records: PersonalRecords?) -> String {
        var line = set.id.short + "  " + exerciseName(set) + " " + what(set)
        if let (e1rm, basis) = estimate(set) {
            line += "  e1RM " + FixedPoint.format(e1rm.converted(to: unit).tenThousandths, maxFractionDigits: 1) + " " + unit.rawValue
            if let body = basis.bodyweight { line += " (BW " + body.formatted(in: unit) + ")" }
            if basis.addedOnly { line += " (on added load only: no body weight recorded)" }
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
