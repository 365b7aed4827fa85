/// The measurement rules of a set by exercise kind (domain.md §3 "Validation").
///
/// Strength and assisted: reps ≥ 0 and weight > 0. Body-weight: reps ≥ 0 and added weight ≥ 0
/// (absent = 0). Reps 0 is a **missed attempt** (a failed single): kept in history, audit and
/// exports, counted in no volume, record or e1RM (`LoggedSet.isMissedAttempt`). Cardio: distance > 0 and duration > 0, no weight or reps. Timed: duration > 0.
/// Strength-like kinds take no distance. The first broken rule is reported.
struct SetRules {
    var reps: Int?
    var weight: Mass?
    var distance: Distance?
    var durationMilliseconds: Int64?

    func check(kind: ExerciseKind) throws(Refusal) {
        try checkRanges()
        switch kind {
        case .strength, .assisted, .bodyweight:
            let name = kind == .strength ? "a strength set" : kind == .assisted ? "an assisted set" : "a body-weight set"
            guard let reps, reps >= 0 else {
                throw Refusal(field: "set.reps", value: reps.map(String.init) ?? "none",
                              allowed: name + " needs reps ≥ 0 (0 = a missed attempt)")
            }
            if kind == .bodyweight {
                if let weight, weight.tenThousandths < 0 {
                    throw Refusal(field: "set.weight", value: weight.formatted(),
                                  allowed: "a body-weight set needs added weight ≥ 0")
                }
            } else {
                guard let weight, weight.tenThousandths > 0 else {
                    throw Refusal(field: "set.weight", value: weight?.formatted() ?? "none", allowed: name + " needs weight > 0")
                }
            }
            if let distance {
                throw Refusal(field: "set.distance", value: distance.formatted(),
                              allowed: name + " takes weight and reps, no distance")
            }
        case .cardio:
            let noWeight = "a cardio set takes distance and duration, no weight or reps"
            if let weight { throw Refusal(field: "set.weight", value: weight.formatted(), allowed: noWeight) }
            if let reps { throw Refusal(field: "set.reps", value: String(reps), allowed: noWeight) }
            guard let distance, distance.tenThousandths > 0 else {
                throw Refusal(field: "set.distance", value: distance?.formatted() ?? "none",
                              allowed: "a cardio set needs distance > 0")
            }
            try checkDuration(needed: "a cardio set needs duration > 0")
        case .timed:
            try checkDuration(needed: "a timed set needs duration > 0")
        }
    }

    private func checkDuration(needed: String) throws(Refusal) {
        guard let durationMilliseconds, durationMilliseconds > 0 else {
            let value = durationMilliseconds.map { $0 < 0 ? String($0) + "ms" : DurationText.clock($0) } ?? "none"
            throw Refusal(field: "set.duration", value: value, allowed: needed)
        }
    }
}

extension SetRules {
    /// The measurements of `set` once `edit` is applied (its cleared fields gone).
    init(_ set: LoggedSet, after edit: SetEdited) {
        var edited = set
        SetLedger.apply(edit, to: &edited)
        self.init(reps: edited.reps, weight: edited.weight, distance: edited.distance,
                  durationMilliseconds: edited.durationMilliseconds)
    }
}
