/// Turns a command into the events of one atomic commit, or refuses it naming the field.
///
/// Reads only `state` and `context`; never appends. An empty result means "nothing to record"
/// (e.g. creating an exercise that already exists links to it).
public func decide(_ command: Command, state: WlogState, context: DecideContext) throws(Refusal) -> [Event] {
    try Decider(state: state, context: context).decide(command)
}

/// The decider's working set: the state read and the context the events are stamped with.
struct Decider {
    let state: WlogState
    let context: DecideContext

    /// How long after `now` an occurred-at may be (clock skew between devices, time zones).
    static let futureTolerance: Int64 = 86_400_000

    // MARK: shared checks

    /// The occurred-at to use: the given one, refused when more than a day after now.
    func occurred(_ at: ZonedInstant?, field: String) throws(Refusal) -> ZonedInstant {
        guard let at else { return context.zonedNow }
        let latest = context.now.adding(milliseconds: Decider.futureTolerance)
        guard at.instant <= latest else {
            throw Refusal(field: field, value: at.iso8601WithOffset,
                          allowed: "it is more than a day after now (" + context.zonedNow.iso8601WithOffset + ")")
        }
        return at
    }

    /// An RPE from what the lifter typed.
    func rpe(_ value: Double?, field: String) throws(Refusal) -> RPE? {
        guard let value else { return nil }
        guard let rpe = RPE(value) else {
            throw Refusal(field: field, value: Decider.number(value), allowed: "RPE is " + RPE.allowedText)
        }
        return rpe
    }

    /// A 1–5 rating from what the lifter typed.
    func rating(_ value: Int?, field: String, name: String) throws(Refusal) -> Rating? {
        guard let value else { return nil }
        guard let rating = Rating(value) else {
            throw Refusal(field: field, value: String(value), allowed: name + " is " + Rating.allowedText)
        }
        return rating
    }

    /// Default PR reps, 1–50.
    func prReps(_ value: Int?, field: String) throws(Refusal) -> Int? {
        guard let value else { return nil }
        guard (1...50).contains(value) else {
            throw Refusal(field: field, value: String(value), allowed: "default PR reps are 1 to 50")
        }
        return value
    }

    /// The heaviest body weight (or goal) accepted: 1,000 kg (docs/DOMAIN-DECISIONS.md, "Ranges").
    static let maxBodyweight = Mass.kg(1_000)

    /// A positive mass (body weight, goal) of at most `maxBodyweight`.
    func positive(_ mass: Mass, field: String, what: String) throws(Refusal) {
        guard mass.tenThousandths > 0 else {
            throw Refusal(field: field, value: mass.formatted(), allowed: what + " must be more than 0")
        }
        guard mass.kilogramTenThousandths <= Self.maxBodyweight.kilogramTenThousandths else {
            throw Refusal(field: field, value: mass.formatted(), allowed: what + " is at most 1000 kg (2204 lb)")
        }
    }

    /// `found` (the thing with id `id`) when it exists and is not deleted; else the refusal under
    /// `field`: "is unknown" with `unknown` as what would work, or "is already deleted".
    func undeleted<Thing>(_ found: Thing?, _ id: EventID, field: String, noun: String, unknown: String,
                          isDeleted: (Thing) -> Bool) throws(Refusal) -> Thing {
        guard let found else {
            throw Refusal(field: field, value: id.short, problem: "is unknown", allowed: unknown)
        }
        guard !isDeleted(found) else {
            throw Refusal(field: field, value: id.short, problem: "is already deleted",
                          allowed: "a deleted \(noun) cannot be edited or deleted again")
        }
        return found
    }

    /// A workout that exists and was not discarded.
    func liveWorkout(_ id: EventID, field: String) throws(Refusal) -> WorkoutRecord {
        guard let record = state.workout(id) else {
            throw Refusal(field: field, value: id.short, problem: "is unknown",
                          allowed: "no workout has this id; see `wlog history`")
        }
        guard !record.isDiscarded else {
            throw Refusal(field: field, value: id.short, allowed: "that workout was discarded")
        }
        return record
    }

    /// `8`, `8.5`, `11`.
    static func number(_ value: Double) -> String {
        let doubled = value * 2
        if doubled == doubled.rounded(), abs(value) < 1e9 {
            let half = Int(doubled)
            return half % 2 == 0 ? String(half / 2) : String(value)
        }
        return String(value)
    }
}
