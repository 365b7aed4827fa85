/// A command that records one fact as the lifter states it: the command is the event's payload,
/// and `decide` appends it once its rule, declared in the `Decider+` file of its concept, allows
/// it (`Command.record`). A new event type of this kind adds no case to `Command`.
public protocol RecordedFact: Sendable {
    /// The event the fact becomes.
    var payload: EventPayload { get }
    /// Refuses the fact, naming the field, when the state does not allow it.
    func check(in state: WlogState, context: DecideContext) throws(Refusal)
}
