import WlogCore

/// A small fixed exercise library so state tests do not depend on the shipped one.
enum FixtureLibrary {
    static let bench = Exercise(id: "bench-press", name: "Bench Press", group: .chest,
                                secondary: [.triceps, .shoulders], equipment: .barbell, pattern: .push, aliases: ["bench"])
    static let incline = Exercise(id: "incline-dumbbell-press", name: "Incline Dumbbell Press", group: .chest, pattern: .push)
    static let squat = Exercise(id: "squat", name: "Squat", group: .legs, pattern: .squat)
    static let legPress = Exercise(id: "leg-press", name: "Leg Press", group: .legs, pattern: .squat)
    static let row = Exercise(id: "barbell-row", name: "Barbell Row", group: .back, secondary: [.biceps], pattern: .pull)
    static let deadlift = Exercise(id: "deadlift", name: "Deadlift", group: .back, secondary: [.legs], pattern: .hinge)
    static let pullUp = Exercise(id: "pull-up", name: "Pull-Up", kind: .bodyweight, group: .back, secondary: [.biceps], pattern: .pull)
    static let assisted = Exercise(id: "assisted-pull-up", name: "Assisted Pull-Up", kind: .assisted, group: .back, pattern: .pull)
    static let press = Exercise(id: "overhead-press", name: "Overhead Press", group: .shoulders, pattern: .push, aliases: ["ohp"])
    static let lateral = Exercise(id: "lateral-raise", name: "Lateral Raise", group: .shoulders, pattern: .push)
    static let curl = Exercise(id: "barbell-curl", name: "Barbell Curl", group: .biceps, pattern: .pull)
    static let pushdown = Exercise(id: "triceps-pushdown", name: "Triceps Pushdown", group: .triceps, pattern: .push)
    static let wristCurl = Exercise(id: "wrist-curl", name: "Wrist Curl", group: .arms, pattern: .pull)
    static let crunch = Exercise(id: "crunch", name: "Crunch", group: .core, pattern: .core)
    static let plank = Exercise(id: "plank", name: "Plank", kind: .timed, group: .core, pattern: .core)
    static let run = Exercise(id: "running", name: "Running", kind: .cardio, group: .cardio, pattern: .cardio, aliases: ["run"])

    static let all: [Exercise] = [bench, incline, squat, legPress, row, deadlift, pullUp, assisted, press, lateral,
                                  curl, pushdown, wristCurl, crunch, plank, run]

    static var state: WlogState { WlogState(builtIns: all) }
}

/// Builds a journal event by event: sequence numbers 1, 2, 3 … and ids 1, 2, 3 ….
struct JournalBuilder {
    var events: [Event] = []
    /// When events are recorded: each event one second after the previous, from `recordedStart`.
    var recordedStart = Clock.at(2026, 1, 5, 0, 0)

    @discardableResult
    mutating func append(_ payload: EventPayload, at occurred: Instant, offset: Int = 0, actor: String = "user",
                         recorded: Instant? = nil) -> EventID {
        let seq = UInt64(events.count + 1)
        let id = EventID(high: 0, low: seq)
        let envelope = Envelope(
            seq: seq, id: id, occurred: ZonedInstant(occurred, offsetMinutes: offset),
            recorded: recorded ?? recordedStart.adding(milliseconds: Int64(seq) * 1000), actor: actor)
        events.append(Event(envelope: envelope, payload: payload))
        return id
    }

    /// Logs a strength set.
    @discardableResult
    mutating func set(_ exercise: String, _ weight: Mass?, _ reps: Int?, at: Instant, offset: Int = 0,
                      workout: EventID? = nil, type: SetType = .working, notes: String? = nil) -> EventID {
        append(.setLogged(SetLogged(exercise: exercise, workout: workout, reps: reps, weight: weight, setType: type, notes: notes)),
               at: at, offset: offset)
    }

    /// The state of everything appended, over the fixture library.
    var state: WlogState { WlogState.replay(events, from: FixtureLibrary.state) }
}

/// Fixed instants for deterministic tests.
enum Clock {
    /// UTC instant of a wall time.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Instant {
        let midnight = LocalDay(year: year, month: month, day: day)!.midnight(offsetMinutes: 0)
        return midnight.adding(milliseconds: Int64(hour) * 3_600_000 + Int64(minute) * 60_000)
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDay { LocalDay(year: year, month: month, day: day)! }

    /// Monday 2026-01-05 at noon UTC.
    static let monday = at(2026, 1, 5, 12)
}

/// An id for tests.
func eid(_ n: UInt64) -> EventID { EventID(high: 0, low: n) }
