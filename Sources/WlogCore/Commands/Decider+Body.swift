/// Body weight, goal and readiness.
extension Decider {
    func recordBodyweight(_ weight: Mass, at: ZonedInstant?, notes: String?) throws(Refusal) -> [Event] {
        try positive(weight, field: "bodyweight.weight", what: "a body weight")
        try Plausibility(confirmed: context.confirmsImplausible).checkBodyweight(weight, field: "bodyweight.weight")
        let at = try occurred(at, field: "bodyweight.at")
        return [context.event(.bodyweightRecorded(BodyweightRecorded(weight: weight, notes: notes)), occurred: at)]
    }

    func editBodyweight(_ c: BodyweightEdited) throws(Refusal) -> [Event] {
        _ = try liveEntry(c.entry)
        guard c.weight != nil || c.at != nil || c.notes != nil else {
            throw Refusal(field: "edit", value: "none", allowed: "give at least one field to change")
        }
        if let weight = c.weight {
            try positive(weight, field: "bodyweight.weight", what: "a body weight")
            try Plausibility(confirmed: context.confirmsImplausible).checkBodyweight(weight, field: "bodyweight.weight")
        }
        if c.at != nil { _ = try occurred(c.at, field: "bodyweight.at") }
        return [context.event(.bodyweightEdited(c))]
    }

    func deleteBodyweight(_ id: EventID) throws(Refusal) -> [Event] {
        _ = try liveEntry(id)
        return [context.event(.bodyweightDeleted(BodyweightDeleted(entry: id)))]
    }

    func setGoal(_ weight: Mass?) throws(Refusal) -> [Event] {
        if let weight {
            try positive(weight, field: "goal.weight", what: "a body-weight goal")
            try Plausibility(confirmed: context.confirmsImplausible).checkBodyweight(weight, field: "goal.weight")
        }
        return [context.event(.goalSet(GoalSet(weight: weight)))]
    }

    func recordReadiness(_ c: RecordReadiness) throws(Refusal) -> [Event] {
        let payload = ReadinessRecorded(
            mobility: try rating(c.mobility, field: "readiness.mobility", name: "mobility"),
            soreness: try rating(c.soreness, field: "readiness.soreness", name: "soreness"),
            sleep: try rating(c.sleep, field: "readiness.sleep", name: "sleep"),
            energy: try rating(c.energy, field: "readiness.energy", name: "energy"),
            pain: c.pain, note: c.note)
        guard payload != ReadinessRecorded() else {
            throw Refusal(field: "readiness", value: "none", allowed: "give at least one rating, --pain or a note")
        }
        let at = try occurred(c.at, field: "readiness.at")
        return [context.event(.readinessRecorded(payload), occurred: at)]
    }

    /// A body-weight entry that exists and is not deleted.
    func liveEntry(_ id: EventID) throws(Refusal) -> BodyweightEntry {
        try undeleted(state.bodyweight(id), id, field: "bodyweight", noun: "entry",
                      unknown: "no body-weight entry has this id; see `wlog bodyweight`", isDeleted: { $0.isDeleted })
    }
}

extension SorenessRecorded: RecordedFact {
    public var payload: EventPayload { .sorenessRecorded(self) }

    /// A muscle group a lifter trains with weights (`MuscleGroup` by its name; cardio is none).
    public func check(in state: WlogState, context: DecideContext) throws(Refusal) {
        let groups = MuscleGroup.allCases.filter { $0 != .cardio }
        guard let named = MuscleGroup(rawValue: group), groups.contains(named) else {
            throw Refusal(field: "group", value: group,
                          allowed: "a muscle group: " + groups.map(\.rawValue).joined(separator: ", "))
        }
    }
}

extension PainReported: RecordedFact {
    public var payload: EventPayload { .painReported(self) }

    /// The most characters a location may have: a place on the body, not a story (that is `note`).
    public static let locationLimit = 60

    /// A location that says where: some text that is not only spaces, at most `locationLimit` characters.
    public func check(in state: WlogState, context: DecideContext) throws(Refusal) {
        guard !location.trimmingWhitespace().isEmpty, location.count <= Self.locationLimit else {
            throw Refusal(field: "location", value: location.isEmpty ? "nothing" : location,
                          allowed: "where it hurts in 1 to \(Self.locationLimit) characters, e.g. left knee")
        }
    }
}
