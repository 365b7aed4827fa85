import WlogCore

/// The stress corpus: one synthetic history of canonical journal lines with random 128-bit ids,
/// stored back to back in one buffer.
///
/// Mostly `set.logged` (kg and lb, reps, RPE on about half, a note now and then) inside workouts
/// (`workout.started` … `workout.finished`), with edits, deletes and body-weight entries. Unlike
/// the lifer histories (`GeneratedLines`) it is one journal of 1M events whose ids are hashes, so
/// its id table is large and every insert misses in cache.
struct ReplayCorpus: Sendable {
    /// All lines, each ending in `\n`.
    let bytes: [UInt8]
    /// Start offsets of the lines, plus the end.
    let offsets: [Int]
    /// Event count per type.
    let typeCounts: [EventType: Int]

    var count: Int { offsets.count - 1 }

    /// SplitMix64.
    struct RNG: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let exercises = ["bench-press", "back-squat", "deadlift", "overhead-press", "barbell-row", "pull-up",
                            "romanian-deadlift", "incline-dumbbell-press", "lat-pulldown", "dumbbell-curl",
                            "tricep-pushdown", "leg-press", "lateral-raise", "hip-thrust"]
    static let notes = ["felt heavy", "belt on", "paused reps", "left shoulder a bit off", "new shoes, \"flat\" sole", "PR!"]

    /// Generates `count` lines from `seed`.
    init(count: Int, seed: UInt64 = 42) {
        var rng = RNG(state: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 190)
        var offsets: [Int] = [0]
        offsets.reserveCapacity(count + 1)
        var counts: [EventType: Int] = [:]
        var recentSets: [EventID] = []
        var t: Int64 = 1_600_000_000_000
        var seq: UInt64 = 0
        var workout = EventID(high: 0, low: 0)
        var setsLeft = 0
        let offset = 60

        func emit(_ payload: EventPayload, at: Int64, rng: inout RNG) {
            seq += 1
            let id = EventID.random(using: &rng)
            let envelope = Envelope(seq: seq, id: id, occurred: ZonedInstant(Instant(millisecondsSince1970: at), offsetMinutes: offset),
                                    recorded: Instant(millisecondsSince1970: at + Int64.random(in: 200...4_000, using: &rng)))
            bytes.append(contentsOf: EventCodec.encode(Event(envelope: envelope, payload: payload)))
            offsets.append(bytes.count)
            counts[payload.type, default: 0] += 1
            if case .setLogged = payload {
                recentSets.append(id)
                if recentSets.count > 64 { recentSets.removeFirst(32) }
            }
            if case .workoutStarted = payload { workout = id }
        }

        while offsets.count <= count {
            if setsLeft == 0 {
                t += Int64.random(in: 1...3, using: &rng) * 86_400_000
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let kg = Int64.random(in: 780...860, using: &rng) * 1_000
                    emit(.bodyweightRecorded(BodyweightRecorded(weight: Mass(tenThousandths: kg, unit: .kg))), at: t - 36_000_000, rng: &rng)
                    continue
                }
                emit(.workoutStarted(WorkoutStarted(name: Bool.random(using: &rng) ? "Upper" : "Lower")), at: t, rng: &rng)
                setsLeft = Int.random(in: 12...24, using: &rng)
                continue
            }
            t += Int64.random(in: 90_000...300_000, using: &rng)
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 4, let target = recentSets.randomElement(using: &rng) {
                emit(.setEdited(SetEdited(set: target, reps: Int.random(in: 3...12, using: &rng))), at: t, rng: &rng)
            } else if roll < 5, let target = recentSets.randomElement(using: &rng) {
                emit(.setDeleted(SetDeleted(set: target)), at: t, rng: &rng)
            } else {
                let lb = Int.random(in: 0..<10, using: &rng) == 0
                let weight = Mass(tenThousandths: Int64.random(in: 8...90, using: &rng) * 25_000, unit: lb ? .lb : .kg)
                let set = SetLogged(
                    exercise: Self.exercises.randomElement(using: &rng)!, workout: workout,
                    reps: Int.random(in: 1...12, using: &rng), weight: weight,
                    rpe: Bool.random(using: &rng) ? RPE(halfPoints: Int.random(in: 12...20, using: &rng)) : nil,
                    setType: Int.random(in: 0..<8, using: &rng) == 0 ? .warmup : .working,
                    notes: Int.random(in: 0..<12, using: &rng) == 0 ? Self.notes.randomElement(using: &rng) : nil)
                emit(.setLogged(set), at: t, rng: &rng)
                setsLeft -= 1
                if setsLeft == 0 {
                    emit(.workoutFinished(WorkoutFinished(workout: workout, sessionRPE: RPE(8))), at: t + 300_000, rng: &rng)
                }
            }
        }
        offsets.removeLast(offsets.count - count - 1)
        self.bytes = Array(bytes[0..<offsets[count]])
        self.offsets = offsets
        self.typeCounts = counts
    }

    /// Calls `body` with each line (including its `\n`) as the journal reader hands them over.
    @inline(__always)
    func forEachLine(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { all in
            for i in 0..<count {
                try body(UnsafeRawBufferPointer(rebasing: all[offsets[i]..<offsets[i + 1]]))
            }
        }
    }
}
