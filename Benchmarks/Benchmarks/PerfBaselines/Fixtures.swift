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

/// wlog's replay: reader → decode + evolve in one step (`apply(line:)`), as every CLI command does it,
/// into a state presized from the journal's line count.
func replayJournal(_ path: String) throws -> WlogState {
    let reader = try JournalReader(at: path)
    var state = WlogState.initial
    state.reserveCapacity(events: reader.estimatedLineCount())
    try reader.forEachLine { _, line in try state.apply(line: line) }
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
