import Foundation
import WlogCore
import WlogJournal

/// The generated histories the baselines read: the same 20-year lifer history as a wlog journal,
/// as plain JSON lines and as an SQLite database (`wlog-generate --profile lifer --seed 1`).
///
/// They live in `$WLOG_PERF_DIR` (default `/tmp/wlog-perf`); `scripts/perf/run.sh` makes them. When
/// they are missing, the benchmark runs `wlog-generate` itself, from `$WLOG_GENERATE` or the
/// release build in `.build-perf` or `.build`.
enum Fixtures {
    static let directory = ProcessInfo.processInfo.environment["WLOG_PERF_DIR"] ?? "/tmp/wlog-perf"
    static var journal: String { directory + "/lifer.wlog" }
    static var jsonl: String { directory + "/lifer.jsonl" }
    static var sqlite: String { directory + "/lifer.sqlite" }

    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Makes the fixtures if any is missing.
    static func ensure() {
        let fm = FileManager.default
        guard !(fm.fileExists(atPath: journal) && fm.fileExists(atPath: jsonl) && (!SQLite.isAvailable || fm.fileExists(atPath: sqlite))) else { return }
        let candidates = [ProcessInfo.processInfo.environment["WLOG_GENERATE"],
                          repositoryRoot + "/.build-perf/release/wlog-generate",
                          repositoryRoot + "/.build/release/wlog-generate"].compactMap { $0 }
        guard let generator = candidates.first(where: { fm.isExecutableFile(atPath: $0) }) else {
            fatalError("no fixtures in \(directory) and no wlog-generate: run scripts/perf/run.sh fixtures, "
                       + "or `swift build -c release --product wlog-generate` in the repository first")
        }
        try? fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for path in [journal, jsonl, sqlite] { try? fm.removeItem(atPath: path) }
        var arguments = ["--profile", "lifer", "--seed", "1", "--years", "20", "--journal", journal, "--jsonl", jsonl]
        if SQLite.isAvailable { arguments += ["--sql", sqlite] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: generator)
        process.arguments = arguments
        do { try process.run() } catch { fatalError("cannot run \(generator): \(error)") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fatalError("\(generator) failed") }
    }

    /// The JSON-lines file in memory with the start of every line.
    static func lines() -> (bytes: [UInt8], starts: [Int]) {
        ensure()
        guard let data = FileManager.default.contents(atPath: jsonl) else { fatalError("cannot read \(jsonl)") }
        let bytes = [UInt8](data)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        return (bytes, starts)
    }
}

/// wlog's replay: reader → purpose-built decoder → evolve, as every CLI command does it.
func replayJournal(_ path: String) throws -> WlogState {
    let reader = try JournalReader(at: path)
    var state = WlogState.initial
    try reader.forEachLine { _, line in state.apply(try EventCodec.decode(line)) }
    return state
}

/// The read side every report needs: the PR table of every exercise and the weekly volume.
func prTableAndWeeklyVolume(_ state: WlogState) -> (records: Int, weeks: Int) {
    var byExercise: [String: [LoggedSet]] = [:]
    for set in state.liveSets { byExercise[set.exercise, default: []].append(set) }
    var records = 0
    for (id, sets) in byExercise {
        guard let exercise = state.exercise(id) else { continue }
        records += PersonalRecords(exercise: exercise, sets: sets, repTargets: state.settings.prReps,
                                   maxReps: state.settings.e1rmMaxReps).records.count
    }
    let context = QueryContext(now: Instant(millisecondsSince1970: 1_795_000_000_000), offsetMinutes: 60, unit: .kg)
    let weeks = state.volume(VolumeOptions(by: .week), context: context).count
    return (records, weeks)
}

/// The same per-set information as the canonical lines, through Foundation's `JSONDecoder`
/// (the key names of `docs/EVENTS.md`; unknown keys are parsed and skipped).
struct FoundationLine: Decodable {
    var seq: UInt64
    var id: String
    var type: String
    var v: Int
    var at: String
    var tz: Int
    var recorded: String
    var actor: String
    var exercise: String?
    var workout: String?
    var set: String?
    var entry: String?
    var reps: Int?
    var weight: String?
    var unit: String?
    var rpe: Double?
    var set_type: String?
    var done: Bool?
    var notes: String?
    var name: String?
    var routine: String?
    var day: Int?
    var reason: String?

    /// The event, for the types that carry the sets, workouts and body weight (≈99 % of lines).
    func event() -> Event? {
        guard let occurred = Instant(iso8601: at), let recordedAt = Instant(iso8601: recorded),
              let eventID = EventID(hex: id) else { return nil }
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

/// The SQL a SQLite-backed app would run for the same two reports, over the `events` table that
/// `wlog-generate --sql` writes: each set's current version (latest edit per field, deletes,
/// discarded workouts), then the PR table with the first set reaching each record, and the weekly
/// volume. Masses are compared in kg.
enum SQLReports {
    static let currentSets = """
        WITH cur AS (
          SELECT s.seq, s.id, s.at, s.tz, s.workout, s.done,
            COALESCE((SELECT e.exercise FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.exercise IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.exercise) AS exercise,
            COALESCE((SELECT e.reps FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.reps IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.reps) AS reps,
            COALESCE((SELECT e.weight FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.weight IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.weight) AS weight,
            COALESCE((SELECT e.unit FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.weight IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.unit) AS unit,
            COALESCE((SELECT e.set_type FROM events e WHERE e.target = s.id AND e.type = 'set.edited' AND e.set_type IS NOT NULL ORDER BY e.seq DESC LIMIT 1), s.set_type) AS set_type,
            EXISTS (SELECT 1 FROM events d WHERE d.target = s.id AND d.type = 'set.deleted') AS deleted,
            EXISTS (SELECT 1 FROM events w WHERE w.workout = s.workout AND w.type = 'workout.discarded') AS discarded
          FROM events s WHERE s.type = 'set.logged'),
        q AS (
          SELECT *, (CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END) / 10000.0 AS kg
          FROM cur WHERE NOT deleted AND NOT discarded AND done = 1 AND set_type <> 'warmup' AND weight IS NOT NULL AND reps >= 1)
        """
    static let prTable = currentSets + """
        , ranked AS (
          SELECT exercise, 'heaviest' AS record, kg AS value, id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg DESC, at, seq) AS rn FROM q
          UNION ALL
          SELECT exercise, 'e1rm', kg * (1 + reps / 30.0), id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg * (1 + reps / 30.0) DESC, at, seq) FROM q WHERE reps <= 12
          UNION ALL
          SELECT exercise, 'set_volume', kg * reps, id, at, ROW_NUMBER() OVER (PARTITION BY exercise ORDER BY kg * reps DESC, at, seq) FROM q
          UNION ALL
          SELECT q.exercise, n.r || 'rm', kg, id, at, ROW_NUMBER() OVER (PARTITION BY q.exercise, n.r ORDER BY kg DESC, at, seq)
          FROM q JOIN (SELECT 1 AS r UNION ALL SELECT 3 UNION ALL SELECT 5 UNION ALL SELECT 8 UNION ALL SELECT 10) n ON q.reps >= n.r)
        SELECT exercise, record, value, id, at FROM ranked WHERE rn = 1 ORDER BY exercise, record
        """
    static let weeklyVolume = currentSets + """
        SELECT strftime('%Y-%W', (at + tz * 60000) / 1000, 'unixepoch') AS week, COUNT(*), SUM(reps * kg)
        FROM q GROUP BY week ORDER BY week
        """

    static func run(_ db: SQLite) throws -> (records: Int, weeks: Int) {
        var records = 0, weeks = 0
        let pr = try db.prepare(prTable)
        while try pr.step() { records += 1 }
        let volume = try db.prepare(weeklyVolume)
        while try volume.step() { weeks += 1 }
        return (records, weeks)
    }
}
