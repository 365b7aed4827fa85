/// Every JSON key of the canonical line format, envelope keys first.
///
/// The raw value is the key as written. `unknown` stands for any key the reader does not know;
/// such members are skipped. See `docs/EVENTS.md` for which type uses which key.
enum CodecKey: String, CaseIterable, Sendable {
    // envelope
    case seq, id, type, v, at, tz, recorded, actor
    // sets
    case exercise, workout, reps, weight, unit, distance
    case distanceUnit = "distance_unit", durationMs = "duration_ms"
    case rpe, effort, setType = "set_type", done, notes, source
    case set, performed, performedTz = "performed_tz", reason
    // profile and settings
    case name, timeZone = "time_zone", sex, birthYear = "birth_year", heightCm = "height_cm", experience, goal
    case daysPerWeek = "days_per_week", bodyweightGoal = "bodyweight_goal", bodyweightGoalUnit = "bodyweight_goal_unit"
    case restTimerS = "rest_timer_s", e1rmFormula = "e1rm_formula", prReps = "pr_reps", e1rmMaxReps = "e1rm_max_reps"
    // exercises and equipment
    case kind, group, muscles, secondary, equipment, pattern, pinnedNote = "pinned_note", attachment, custom, aliases, guessed
    case weights, location, available
    // routines and workouts
    case routine, weeks, deloadWeeks = "deload_weeks", days, day, title, exercises
    case sets, repsLow = "reps_low", repsHigh = "reps_high", restS = "rest_s"
    case planned, mobility, position, soreness, sessionRpe = "session_rpe"
    // body
    case entry, measured, measuredTz = "measured_tz", sleep, energy, pain, note
    /// Any key not in this list.
    case unknown = ""

    /// The keys in table order.
    static let all: [CodecKey] = CodecKey.allCases.filter { $0 != .unknown }
    /// The event types in table order.
    static let types: [EventType] = EventType.allCases
    /// The lookup tables, fetched once per line by the reader.
    static let tables = CodecTables()

    /// Whether the key belongs to the envelope.
    var isEnvelope: Bool {
        switch self {
        case .seq, .id, .type, .v, .at, .tz, .recorded, .actor: return true
        default: return false
        }
    }
}

/// The reader's lookup tables in immortal storage: key bytes → `CodecKey`, `type` bytes → `EventType`.
struct CodecTables: @unchecked Sendable {
    let keyTable: ByteStringTable
    let keys: UnsafePointer<CodecKey>
    let typeTable: ByteStringTable
    let types: UnsafePointer<EventType>
    /// Hex digit values by byte (`0`–`9`, `a`–`f`, `A`–`F` → 0…15; any other byte → 0xFF).
    let hex: UnsafePointer<UInt8>

    /// Where the key table's search ends (kept current by `ByteStringTableTests`).
    static let keyPlacement = ByteStringTable.Placement(bits: 9, attempt: 1110)

    init() {
        keyTable = ByteStringTable(CodecKey.all.map(\.rawValue), known: Self.keyPlacement)
        let k = UnsafeMutablePointer<CodecKey>.allocate(capacity: CodecKey.all.count)
        k.initialize(from: CodecKey.all, count: CodecKey.all.count)
        keys = UnsafePointer(k)
        // No known placement: the search over the few type names is short, and a new type needs no
        // number updated.
        typeTable = ByteStringTable(CodecKey.types.map(\.rawValue))
        let t = UnsafeMutablePointer<EventType>.allocate(capacity: CodecKey.types.count)
        t.initialize(from: CodecKey.types, count: CodecKey.types.count)
        types = UnsafePointer(t)
        let h = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for b in 0..<256 { (h + b).initialize(to: hexValue(UInt8(b)) ?? 0xFF) }
        hex = UnsafePointer(h)
    }

    /// The key spelled by `count` bytes at `start`, or `.unknown`.
    @inline(__always)
    func key(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> CodecKey {
        let index = keyTable.lookup(start, count: count, readable: readable)
        return index >= 0 ? keys[index] : .unknown
    }

    /// The event type spelled by `count` bytes at `start`, or `nil`.
    @inline(__always)
    func type(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> EventType? {
        let index = typeTable.lookup(start, count: count, readable: readable)
        return index >= 0 ? types[index] : nil
    }
}
