import WlogCore
import WlogStore

/// Seed 000's ids and units: what the Plates tables show of the engine's values.
///
/// Ids are stable UUIDs on every replica: a set or body-weight log is its event's id; an exercise
/// (a slug in the engine) is a UUID hashed from its slug (a base exercise: the same for every
/// user) or from the lifter and its slug (a custom one); a profile is hashed from the lifter.
enum PlatesValues {
    static func uuid(_ id: EventID) -> RESTValue { .text(APIID.text(id)) }

    /// A UUID (version 8: custom, RFC 9562) hashed from `name`.
    static func hashed(_ name: String) -> String {
        var hasher = StableHasher()
        hasher.feed(("wlog-plates:" + name).utf8)
        var id = hasher.id
        id.high = (id.high & ~0xF000) | 0x8000
        id.low = (id.low & ~(0xC000_0000_0000_0000 as UInt64)) | 0x8000_0000_0000_0000
        return APIID.text(id)
    }

    /// The id of an exercise as `lifter` sees it. A custom exercise whose engine id is a UUID
    /// (one `wlog import plates` brought along, `PlatesPlan`) keeps it: the app's ids resolve.
    static func exerciseID(_ exercise: Exercise, lifter: LifterID?) -> String {
        guard exercise.isCustom, let lifter else { return hashed("exercise:" + exercise.id) }
        if LifterID(exercise.id)?.uuid == exercise.id { return exercise.id }
        return hashed("exercise:" + lifter.uuid + ":" + exercise.id)
    }

    static func profileID(_ lifter: LifterID) -> String { hashed("profile:" + lifter.uuid) }

    /// The library's exercises by their Plates id (the same for every user): a base row's id
    /// found without hashing every exercise again.
    static let libraryIDs: [String: String] = Dictionary(ExerciseLibrary.all.map { (exerciseID($0, lifter: nil), $0.id) },
                                                         uniquingKeysWith: { first, _ in first })

    /// The lifter's exercise whose Plates id is `id`, retired ones included: a custom exercise's
    /// own UUID or a library id is one lookup, any other id the scan of every exercise.
    static func exercise(id: String, view: LifterView) -> Exercise? {
        let matches = { (exercise: Exercise) in exerciseID(exercise, lifter: view.lifter) == id }
        if let known = view.state.exercise(id) ?? libraryIDs[id].flatMap { view.state.exercise($0) }, matches(known) { return known }
        return view.state.allExercises.first(where: matches)
    }

    /// The link of a lifter to one of their exercises (`user_exercises.id`).
    static func linkID(_ exercise: Exercise, lifter: LifterID) -> String {
        hashed("user-exercise:" + lifter.uuid + ":" + exercise.id)
    }

    /// A mass in pounds (`numeric`, exact to 1e-4 lb).
    static func pounds(_ mass: Mass?) -> RESTValue {
        guard let mass else { return .null }
        return .number(Double(mass.converted(to: .lb).tenThousandths) / 10_000)
    }

    /// A distance in miles (`numeric`, exact to 1e-4 mi).
    static func miles(_ distance: Distance?) -> RESTValue {
        guard let distance else { return .null }
        if distance.unit == .mi { return .number(Double(distance.tenThousandths) / 10_000) }
        return .number((Double(distance.metreTenThousandths) / 1609.344).rounded() / 10_000)
    }

    /// Whole minutes (`integer`), rounded.
    static func minutes(_ milliseconds: Int64?) -> RESTValue {
        guard let milliseconds else { return .null }
        return .number((Double(milliseconds) / 60_000).rounded())
    }

    static func mass(_ value: RESTValue?) -> Mass? {
        guard let n = value?.number else { return nil }
        return Mass(tenThousandths: Int64((n * 10_000).rounded()), unit: .lb)
    }

    static func distance(_ value: RESTValue?) -> Distance? {
        guard let n = value?.number else { return nil }
        return Distance(tenThousandths: Int64((n * 10_000).rounded()), unit: .mi)
    }

    static func milliseconds(_ value: RESTValue?) -> Int64? {
        guard let n = value?.number else { return nil }
        return Int64(n) * 60_000
    }

    /// A `timestamptz` written as the lifter's zoned instant (the offset of the lifter's zone, as
    /// every writer records it); `nil` for none.
    static func zoned(_ value: RESTValue?, view: LifterView) -> ZonedInstant? {
        guard case .time(let z) = value else { return nil }
        return ZonedInstant(z.instant, offsetMinutes: view.zone.offsetMinutes(at: z.instant))
    }

    static func time(_ milliseconds: Int64) -> RESTValue {
        .time(ZonedInstant(Instant(millisecondsSince1970: milliseconds), offsetMinutes: 0))
    }

    /// Seed 000's names of its 21 base exercises, by the library id they resolve to (the library
    /// knows each by that name or an alias); every other library exercise keeps its own name.
    static let baseNames: [String: String] = {
        let seed = ["Bench Press", "Incline Dumbbell Press", "Cable Flyes", "Deadlift", "Barbell Row", "Pull-ups", "Squat",
                    "Romanian Deadlift", "Leg Press", "Overhead Press", "Lateral Raises", "Face Pulls", "Barbell Curl",
                    "Tricep Pushdown", "Hammer Curls", "Plank", "Cable Crunches", "Hanging Leg Raises", "Running", "Cycling", "Rowing"]
        let state = WlogState(builtIns: ExerciseLibrary.all)
        var names: [String: String] = [:]
        for name in seed {
            if let exercise = state.exercises(named: name).first { names[exercise.id] = name }
        }
        return names
    }()
}
