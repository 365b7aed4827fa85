import WlogCore

/// A synthetic history of `count` events (`--profile stress`): four workouts a day of 30 sets cycling through
/// the strength exercises of the library, body weight daily, 1 % edits, and nothing else. It is
/// about volume, not realism: the 10,000,000-event journal for bounded-memory replay and verify.
public struct Stress {
    var rng: Xoshiro
    var ids: IDMaker
    let sink: any GeneratedEventSink
    let count: Int

    /// `count` events from `seed`, with ids of `ids` (keyed by `journalID` for `.wlog`), handed to
    /// `sink` by `run(end:)`.
    public init(seed: UInt64, count: Int, ids: IDScheme, journalID: String = IDMaker.noJournal,
                sink: any GeneratedEventSink) {
        rng = Xoshiro(seed: seed)
        self.ids = IDMaker(scheme: ids, seed: seed, journalID: journalID)
        self.sink = sink
        self.count = count
    }

    /// Generates the events into the sink, the last day being `end`.
    public mutating func run(end: LocalDay) throws {
        let exercises = ExerciseLibrary.all.filter { $0.kind == .strength }.map(\.id)
        let days = count / 130 + 1
        var day = end.advanced(by: -days)
        var clock = day.midnight(offsetMinutes: 60)
        var emitted = 0
        func emit(_ payload: EventPayload) throws -> EventID {
            let id = ids.next()
            clock = clock.adding(milliseconds: 90_000)
            try sink.add(Event(envelope: Envelope(id: id, occurred: ZonedInstant(clock, offsetMinutes: 60),
                                                  recorded: clock.adding(milliseconds: 5_000)), payload: payload))
            emitted += 1
            return id
        }
        while emitted < count {
            clock = day.midnight(offsetMinutes: 60).adding(milliseconds: 6 * 3_600_000)
            _ = try emit(.bodyweightRecorded(BodyweightRecorded(weight: Mass(tenThousandths: Int64(800_000 + rng.int(0...100_000)), unit: .kg))))
            // Four sessions a day: a synthetic volume, not a realistic lifter.
            for session in 0..<4 where emitted < count - 1 {
            clock = day.midnight(offsetMinutes: 60).adding(milliseconds: Int64(7 + 4 * session) * 3_600_000)
            let workout = try emit(.workoutStarted(WorkoutStarted(name: "Session")))
            for n in 0..<30 where emitted < count - 1 {
                let slot = (Int(day.daysSince1970) * 20 + session * 6 + n / 5) % exercises.count
                let exercise = exercises[slot < 0 ? slot + exercises.count : slot]
                let weight = Mass(tenThousandths: Int64(rng.int(8...80)) * 25_000, unit: .kg)
                let id = try emit(.setLogged(SetLogged(exercise: exercise, workout: workout, reps: rng.int(1...12),
                                                       weight: weight, rpe: RPE(Double(rng.int(14...20)) / 2))))
                if rng.chance(0.01) && emitted < count - 1 {
                    _ = try emit(.setEdited(SetEdited(set: id, reps: rng.int(1...12))))
                }
            }
            if emitted < count { _ = try emit(.workoutFinished(WorkoutFinished(workout: workout))) }
            }
            day = day.advanced(by: 1)
        }
    }
}
