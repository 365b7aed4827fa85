import Foundation
import WlogCore

/// The same per-set information as the canonical lines, through Foundation's `JSONDecoder`
/// (the key names of `docs/EVENTS.md`; unknown keys are parsed and skipped).
///
/// The baseline that wlog's purpose-built `EventCodec` is measured against, in one place for every
/// measurement: `wlog-generate measure-replay` and the `PerfBaselines` and `ReplayBenchmarks`
/// targets of the benchmark package (docs/PERFORMANCE.md).
public struct FoundationLine: Decodable, Sendable {
    public var seq: UInt64
    public var id: String
    public var type: String
    public var v: Int
    public var at: String
    public var tz: Int
    /// Absent when equal to `at` (the canonical writer's rule).
    public var recorded: String?
    public var actor: String
    public var exercise: String?
    public var workout: String?
    public var set: String?
    public var entry: String?
    public var reps: Int?
    public var weight: String?
    public var unit: String?
    public var rpe: Double?
    public var set_type: String?
    public var done: Bool?
    public var notes: String?
    public var name: String?
    public var routine: String?
    public var day: Int?
    public var reason: String?

    /// The event, for the types that carry the sets, workouts and body weight (nearly every line).
    public func event() -> Event? {
        guard let occurred = Instant(iso8601: at), let eventID = EventID(hex: id) else { return nil }
        var recordedAt = occurred
        if let recorded {
            guard let instant = Instant(iso8601: recorded) else { return nil }
            recordedAt = instant
        }
        let envelope = Envelope(seq: seq, id: eventID, version: v, occurred: ZonedInstant(occurred, offsetMinutes: tz),
                                recorded: recordedAt, actor: actor)
        let massUnit = unit.flatMap(MassUnit.init(rawValue:)) ?? .kg
        let mass = weight.flatMap { Mass($0, unit: massUnit) }
        let payload: EventPayload
        switch type {
        case "set.logged":
            payload = .setLogged(SetLogged(exercise: exercise ?? "", workout: workout.flatMap { EventID(hex: $0) }, reps: reps,
                                           weight: mass, rpe: rpe.flatMap { RPE($0) },
                                           setType: set_type.flatMap(SetType.init(rawValue:)) ?? .working,
                                           done: done ?? true, notes: notes))
        case "set.edited":
            guard let target = set.flatMap({ EventID(hex: $0) }) else { return nil }
            payload = .setEdited(SetEdited(set: target, reps: reps, weight: mass, rpe: rpe.flatMap { RPE($0) }, notes: notes))
        case "set.deleted":
            guard let target = set.flatMap({ EventID(hex: $0) }) else { return nil }
            payload = .setDeleted(SetDeleted(set: target, reason: reason))
        case "workout.started":
            payload = .workoutStarted(WorkoutStarted(name: name, routine: routine, day: day, notes: notes))
        case "workout.finished":
            guard let w = workout.flatMap({ EventID(hex: $0) }) else { return nil }
            payload = .workoutFinished(WorkoutFinished(workout: w, notes: notes))
        case "workout.discarded":
            guard let w = workout.flatMap({ EventID(hex: $0) }) else { return nil }
            payload = .workoutDiscarded(WorkoutDiscarded(workout: w))
        case "bodyweight.recorded":
            guard let mass else { return nil }
            payload = .bodyweightRecorded(BodyweightRecorded(weight: mass, notes: notes))
        default:
            return nil
        }
        return Event(envelope: envelope, payload: payload)
    }
}
