/// Events from outside wlog's commands (`append events`, a salvage file): held to the rules
/// `decide` applies to the commands that make them, so that a line written by hand or by another
/// tool cannot put into the journal what `append set` would refuse (a weight of −1000 kg, an
/// unknown exercise, a set 30 years long).
///
/// Each event is checked against the state after the ones before it; the first broken rule is
/// refused, naming the event (its position, type and id) and the field.
///
/// An event whose id the journal already holds is not checked: the append skips it as a duplicate
/// (a salvage file appended twice).
public func checkExternal(_ events: [Event], state: WlogState, context: DecideContext) throws(Refusal) {
    let sorted = partitionExternal(events, state: state, context: context)
    if let first = sorted.rejected.first { throw first.refusal }
}

/// `checkExternal` that takes what it can (a salvage file after `wlog repair`): the events that
/// pass, in order, each checked against the state after the ones taken before it, and those that
/// do not, with their position (0-based) and why, named as `checkExternal` names them (`name`
/// names the event at a position: `event 3` unless the caller numbers its input otherwise).
public func partitionExternal(_ events: [Event], state: WlogState, context: DecideContext,
                              name: (Int) -> String = { "event \($0 + 1)" })
    -> (accepted: [Event], rejected: [(index: Int, event: Event, refusal: Refusal)]) {
    var scratch = state
    var accepted: [Event] = [], rejected: [(index: Int, event: Event, refusal: Refusal)] = []
    for (index, event) in events.enumerated() {
        if state.contains(eventID: event.id) {
            accepted.append(event)
            continue
        }
        do {
            try Decider(state: scratch, context: context).checkExternal(event)
        } catch {
            var refusal = error
            refusal.field = name(index) + " (\(event.type.rawValue) \(event.id.short)) " + refusal.field
            rejected.append((index, event, refusal))
            continue
        }
        scratch.apply(event)
        accepted.append(event)
    }
    return (accepted, rejected)
}

extension Decider {
    /// The rules of the commands behind `event`, against `state`.
    func checkExternal(_ event: Event) throws(Refusal) {
        _ = try occurred(event.envelope.occurred, field: "at")
        switch event.payload {
        case .setLogged(let set):
            guard let exercise = state.exercise(set.exercise) else {
                throw Refusal(field: "set.exercise", value: set.exercise, problem: "is unknown",
                              allowed: "create it first with an exercise.created event")
            }
            try SetRules(reps: set.reps, weight: set.weight, distance: set.distance,
                         durationMilliseconds: set.durationMilliseconds).check(kind: exercise.kind)
        case .setEdited(let edit):
            let current = try knownSet(edit.set)
            let id = edit.exercise ?? current.exercise
            guard let exercise = state.exercise(id) else {
                throw Refusal(field: "set.exercise", value: id, problem: "is unknown",
                              allowed: "create it first with an exercise.created event")
            }
            if edit.performed != nil { _ = try occurred(edit.performed, field: "set.at") }
            try SetRules(current, after: edit).check(kind: exercise.kind)
        case .setDeleted(let delete):
            _ = try knownSet(delete.set)
        case .workoutFinished(let finish):
            try knownWorkout(finish.workout)
        case .workoutDiscarded(let discard):
            try knownWorkout(discard.workout)
        case .bodyweightRecorded(let entry):
            try positive(entry.weight, field: "bodyweight.weight", what: "a body weight")
        case .bodyweightEdited(let edit):
            try knownEntry(edit.entry)
            if let weight = edit.weight { try positive(weight, field: "bodyweight.weight", what: "a body weight") }
            if edit.at != nil { _ = try occurred(edit.at, field: "bodyweight.at") }
        case .bodyweightDeleted(let delete):
            try knownEntry(delete.entry)
        case .goalSet(let goal):
            if let weight = goal.weight { try positive(weight, field: "goal.weight", what: "a goal weight") }
        default:
            // A fact recorded as stated carries its own rule (`RecordedFact.check`), the one
            // `decide` runs for `Command.record`: every such type is held to it here too.
            if let fact = event.payload.value as? any RecordedFact {
                try fact.check(in: state, context: context)
            }
        }
    }

    /// A set the journal knows, deleted or discarded ones included: another replica may have
    /// edited or deleted it before it learnt of this one's delete or discard (docs/SYNC.md); the
    /// change then applies to the set's versions and the set stays deleted.
    private func knownSet(_ id: EventID) throws(Refusal) -> LoggedSet {
        guard let set = state.set(id) else {
            throw Refusal(field: "set", value: id.short, problem: "is unknown",
                          allowed: "no set has this id; its set.logged event must come first")
        }
        return set
    }

    /// A body-weight entry the journal knows, deleted ones included (as `knownSet`).
    private func knownEntry(_ id: EventID) throws(Refusal) {
        guard state.bodyweight(id) != nil else {
            throw Refusal(field: "bodyweight", value: id.short, problem: "is unknown",
                          allowed: "no body-weight entry has this id; its bodyweight.recorded event must come first")
        }
    }

    /// A workout the journal knows (finished or discarded ones included: a retried finish is a
    /// duplicate, not an error).
    private func knownWorkout(_ id: EventID) throws(Refusal) {
        guard state.workout(id) != nil else {
            throw Refusal(field: "workout", value: id.short, problem: "is unknown",
                          allowed: "no workout has this id; its workout.started event must come first")
        }
    }
}
