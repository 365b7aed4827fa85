@testable import WlogCore

/// Random events of every type for the codec's property and fuzz tests.
enum EventSamples {
    /// A deterministic generator (SplitMix64).
    struct SeededRNG: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let tricky: [String] = [
        "", "a", "bench-press", "Heavy \"triple\"", "back\\slash", "line1\nline2", "tab\there", "cr\r",
        "\u{01}\u{1F}\u{7F}", "Übung für Beine", "深蹲", "💪🏋️‍♀️", "\u{2028}sep", "nul\u{0}byte", "/slash/",
        "{\"json\":[1,2]}", "emoji 👍🏽 + quotes \" and \\",
    ]

    static func text<G: RandomNumberGenerator>(_ rng: inout G) -> String {
        if Bool.random(using: &rng) { return tricky.randomElement(using: &rng) ?? "" }
        let pool: [Character] = ["a", "Z", " ", "\"", "\\", "\n", "\t", "é", "ß", "中", "🏋", "\u{08}", "\u{0C}", "1", "-", "."]
        return String((0..<Int.random(in: 0...24, using: &rng)).map { _ in pool.randomElement(using: &rng) ?? "a" })
    }

    static func slug<G: RandomNumberGenerator>(_ rng: inout G) -> String {
        ["bench-press", "squat", "deadlift", "pull-up", "run", "plank", "übung", "overhead-press-dumbbell-seated-incline"]
            .randomElement(using: &rng) ?? "squat"
    }

    static func maybe<T, G: RandomNumberGenerator>(_ rng: inout G, _ make: (inout G) -> T) -> T? {
        Bool.random(using: &rng) ? make(&rng) : nil
    }

    static func id<G: RandomNumberGenerator>(_ rng: inout G) -> EventID { EventID.random(using: &rng) }

    static func instant<G: RandomNumberGenerator>(_ rng: inout G) -> Instant {
        // 1970 … 2199
        Instant(millisecondsSince1970: Int64.random(in: 0...7_258_118_399_999, using: &rng))
    }

    static func zoned<G: RandomNumberGenerator>(_ rng: inout G) -> ZonedInstant {
        ZonedInstant(instant(&rng), offsetMinutes: Int.random(in: -1080...1080, using: &rng))
    }

    static func mass<G: RandomNumberGenerator>(_ rng: inout G) -> Mass {
        let v: Int64 = Int.random(in: 0..<10, using: &rng) == 0
            ? Int64.random(in: -99_999_999_999...99_999_999_999, using: &rng)
            : Int64.random(in: 0...5_000, using: &rng) * 250
        return Mass(tenThousandths: v, unit: Bool.random(using: &rng) ? .kg : .lb)
    }

    static func distance<G: RandomNumberGenerator>(_ rng: inout G) -> Distance {
        Distance(tenThousandths: Int64.random(in: 0...1_000_000_000, using: &rng),
                 unit: DistanceUnit.allCases.randomElement(using: &rng) ?? .km)
    }

    static func rpe<G: RandomNumberGenerator>(_ rng: inout G) -> RPE { RPE(halfPoints: Int.random(in: 2...20, using: &rng))! }
    static func rating<G: RandomNumberGenerator>(_ rng: inout G) -> Rating { Rating(Int.random(in: 1...5, using: &rng))! }
    static func int<G: RandomNumberGenerator>(_ rng: inout G) -> Int {
        Bool.random(using: &rng) ? Int.random(in: 0...20, using: &rng) : Int.random(in: Int.min...Int.max, using: &rng)
    }
    static func pick<E: CaseIterable, G: RandomNumberGenerator>(_ rng: inout G, _: E.Type) -> E {
        E.allCases.randomElement(using: &rng)!
    }
    static func picks<E: CaseIterable, G: RandomNumberGenerator>(_ rng: inout G, _: E.Type) -> [E] {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in E.allCases.randomElement(using: &rng)! }
    }

    static func planned<G: RandomNumberGenerator>(_ rng: inout G) -> PlannedExercise {
        PlannedExercise(exercise: slug(&rng), sets: int(&rng), repsLow: int(&rng), repsHigh: int(&rng),
                        rpe: maybe(&rng, rpe), restSeconds: maybe(&rng, int))
    }

    /// A random event of `type` (or of a random type).
    static func event<G: RandomNumberGenerator>(_ rng: inout G, type: EventType? = nil) -> Event {
        let t = type ?? pick(&rng, EventType.self)
        let envelope = Envelope(seq: UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...63, using: &rng),
                                id: id(&rng), version: 1, occurred: zoned(&rng), recorded: instant(&rng),
                                actor: Bool.random(using: &rng) ? "user" : text(&rng))
        return Event(envelope: envelope, payload: payload(&rng, t))
    }

    static func payload<G: RandomNumberGenerator>(_ rng: inout G, _ t: EventType) -> EventPayload {
        if let members = t.described.members { return described(&rng, t, members) }
        switch t {
        case .profileUpdated:
            return .profileUpdated(ProfileUpdated(
                name: maybe(&rng, text), unit: maybe(&rng) { pick(&$0, MassUnit.self) }, timeZone: maybe(&rng, text),
                sex: maybe(&rng) { pick(&$0, Sex.self) }, birthYear: maybe(&rng, int), heightCentimetres: maybe(&rng, int),
                experience: maybe(&rng) { pick(&$0, Experience.self) }, goal: maybe(&rng) { pick(&$0, TrainingGoal.self) },
                daysPerWeek: maybe(&rng, int), bodyweightGoal: maybe(&rng, mass), restTimerSeconds: maybe(&rng, int),
                equipment: maybe(&rng) { pick(&$0, PowerliftingScore.Equipment.self) }))
        case .exerciseCreated:
            return .exerciseCreated(Exercise(
                id: slug(&rng), name: text(&rng), kind: pick(&rng, ExerciseKind.self), group: pick(&rng, MuscleGroup.self),
                muscles: picks(&rng, Muscle.self), secondary: picks(&rng, MuscleGroup.self), equipment: pick(&rng, Equipment.self),
                pattern: pick(&rng, MovementPattern.self), prReps: int(&rng), pinnedNote: maybe(&rng, text),
                attachment: maybe(&rng, text), isCustom: Bool.random(using: &rng),
                aliases: (0..<Int.random(in: 0...2, using: &rng)).map { _ in text(&rng) }, guessed: ExerciseTrait.allCases.filter { _ in Bool.random(using: &rng) }))
        case .exerciseUpdated:
            return .exerciseUpdated(ExerciseUpdated(
                exercise: slug(&rng), name: maybe(&rng, text), kind: maybe(&rng) { pick(&$0, ExerciseKind.self) },
                group: maybe(&rng) { pick(&$0, MuscleGroup.self) }, muscles: maybe(&rng) { picks(&$0, Muscle.self) },
                secondary: maybe(&rng) { picks(&$0, MuscleGroup.self) }, equipment: maybe(&rng) { pick(&$0, Equipment.self) },
                pattern: maybe(&rng) { pick(&$0, MovementPattern.self) }, prReps: maybe(&rng, int), pinnedNote: maybe(&rng, text),
                attachment: maybe(&rng, text), aliases: maybe(&rng) { r in (0..<Int.random(in: 0...2, using: &r)).map { _ in text(&r) } }))
        case .equipmentAdded, .equipmentUpdated:
            let item = EquipmentItem(id: slug(&rng), name: text(&rng), type: pick(&rng, EquipmentType.self),
                                     weights: (0..<Int.random(in: 0...4, using: &rng)).map { _ in mass(&rng) },
                                     location: maybe(&rng) { pick(&$0, EquipmentLocation.self) }, available: Bool.random(using: &rng))
            return t == .equipmentAdded ? .equipmentAdded(item) : .equipmentUpdated(item)
        case .routineCreated, .routineUpdated:
            let days = (0..<Int.random(in: 0...3, using: &rng)).map { i in
                RoutineDay(index: i + 1, title: text(&rng), exercises: (0..<Int.random(in: 0...3, using: &rng)).map { _ in planned(&rng) })
            }
            let routine = Routine(id: slug(&rng), name: text(&rng), weeks: maybe(&rng, int),
                                  deloadWeeks: (0..<Int.random(in: 0...2, using: &rng)).map { _ in int(&rng) }, days: days)
            return t == .routineCreated ? .routineCreated(routine) : .routineUpdated(routine)
        case .workoutStarted:
            return .workoutStarted(WorkoutStarted(
                name: maybe(&rng, text), routine: maybe(&rng, slug), day: maybe(&rng, int),
                planned: (0..<Int.random(in: 0...2, using: &rng)).map { _ in planned(&rng) },
                mobility: maybe(&rng, rating), notes: maybe(&rng, text)))
        case .setLogged:
            return .setLogged(SetLogged(
                exercise: slug(&rng), workout: maybe(&rng, id), reps: maybe(&rng, int), weight: maybe(&rng, mass),
                distance: maybe(&rng, distance), durationMilliseconds: maybe(&rng) { Int64.random(in: 0...Int64.max, using: &$0) },
                rpe: maybe(&rng, rpe), effort: maybe(&rng, rating), setType: pick(&rng, SetType.self),
                done: Bool.random(using: &rng), notes: maybe(&rng, text), source: maybe(&rng, text), entry: maybe(&rng, id)))
        case .setEdited:
            return .setEdited(SetEdited(
                set: id(&rng), exercise: maybe(&rng, slug), workout: maybe(&rng, id), performed: maybe(&rng, zoned),
                reps: maybe(&rng, int), weight: maybe(&rng, mass), distance: maybe(&rng, distance),
                durationMilliseconds: maybe(&rng) { Int64.random(in: 0...Int64.max, using: &$0) }, rpe: maybe(&rng, rpe),
                effort: maybe(&rng, rating), setType: maybe(&rng) { pick(&$0, SetType.self) },
                done: maybe(&rng) { Bool.random(using: &$0) }, notes: maybe(&rng, text)))
        case .bodyweightRecorded: return .bodyweightRecorded(BodyweightRecorded(weight: mass(&rng), notes: maybe(&rng, text)))
        case .bodyweightEdited:
            return .bodyweightEdited(BodyweightEdited(entry: id(&rng), weight: maybe(&rng, mass), at: maybe(&rng, zoned),
                                                      notes: maybe(&rng, text)))
        case .goalSet: return .goalSet(GoalSet(weight: maybe(&rng, mass)))
        default: preconditionFailure("\(t.rawValue) is described: made from its members above")
        }
    }

    /// A random event of a described type: a line with its required members and about half of
    /// the others, each a random value of its kind, read by the codec.
    static func described<G: RandomNumberGenerator>(_ rng: inout G, _ t: EventType,
                                                    _ members: [EventDescription.Member]) -> EventPayload {
        var line = #"{"seq":1,"id":"# + JSONString.quoted(id(&rng).hex) + #","type":"# + JSONString.quoted(t.rawValue)
            + #","v":1,"at":"2026-01-01T00:00:00.000Z","tz":0,"recorded":"2026-01-01T00:00:00.000Z","actor":"user""#
        for member in members where member.isRequired || Bool.random(using: &rng) {
            line += ",\"" + member.key.rawValue + "\":"
            switch member.kind {
            case .id: line += JSONString.quoted(id(&rng).hex)
            case .string: line += JSONString.quoted(Bool.random(using: &rng) ? text(&rng) : slug(&rng))
            case .rating: line += String(Int.random(in: 1...5, using: &rng))
            case .rpe: line += rpe(&rng).text
            case .flag: line += "true"
            case .int: line += String(Int64.random(in: 0...Int64(Int32.max), using: &rng))
            case .massUnit: line += Bool.random(using: &rng) ? "\"kg\"" : "\"lb\""
            case .ints: line += "[" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in String(Int.random(in: 0...100, using: &rng)) }.joined(separator: ",") + "]"
            case .strings: line += "[" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in JSONString.quoted(slug(&rng)) }.joined(separator: ",") + "]"
            }
        }
        return try! EventCodec.decode(line + "}").payload
    }
}
