import Benchmark
import Foundation
import WlogBaselines
import WlogCore
import WlogJournal

// Each wlog measurement has its baseline beside it, in the same run of the same process:
//   replay of the 20-year lifer history   vs the same lines through Foundation's JSONDecoder
//   replay + PR table + weekly volume      vs SQLite computing both in SQL from the same events
//   durable append of one set              vs an SQLite insert with synchronous=FULL (WAL)
//   snapshot load                          (what a read command pays instead of the full replay)
// Sizes (journal vs SQLite file vs gzip'ed lines) are in scripts/perf/run.sh.

/// State shared by the append benchmarks: one open writer and one open database for the run.
final class AppendTargets: @unchecked Sendable {
    let directory = NSTemporaryDirectory() + "wlog-append-\(getpid())"
    lazy var writer: JournalWriter = {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/append.wlog"
        try? FileManager.default.removeItem(atPath: path)
        return try! JournalWriter.create(at: path, journalID: String(repeating: "ab", count: 16), createdAt: Date())
    }()
    lazy var database: (SQLite, SQLite.Statement) = {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/append.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let db = try! SQLite(path: path)
        try! db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        try! db.exec("""
            CREATE TABLE events(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, v INTEGER NOT NULL,
              at INTEGER NOT NULL, tz INTEGER NOT NULL, recorded INTEGER NOT NULL, actor TEXT NOT NULL, exercise TEXT,
              workout TEXT, target TEXT, reps INTEGER, weight INTEGER, unit TEXT, distance INTEGER, distance_unit TEXT,
              duration_ms INTEGER, rpe REAL, set_type TEXT, done INTEGER, notes TEXT, payload TEXT)
            """)
        let insert = try! db.prepare("""
            INSERT INTO events(id, type, v, at, tz, recorded, actor, exercise, workout, reps, weight, unit, rpe, set_type, done)
            VALUES(?1, 'set.logged', 1, ?2, 60, ?3, 'user', ?4, ?5, ?6, ?7, 'kg', ?8, 'working', 1)
            """)
        return (db, insert)
    }()
    var rng = SystemRandomNumberGenerator()
    let workout = EventID(high: 0x1234, low: 0x5678)

    func nextSet() -> Event {
        let now = Instant(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000))
        return Event(envelope: Envelope(id: EventID.random(using: &rng), occurred: ZonedInstant(now, offsetMinutes: 60), recorded: now),
                     payload: .setLogged(SetLogged(exercise: "bench-press", workout: workout, reps: 5,
                                                   weight: Mass(tenThousandths: 1_000_000, unit: .kg), rpe: RPE(8))))
    }
}

let benchmarks: @Sendable () -> Void = {
    Fixtures.ensure()
    let replay = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .mallocCountTotal],
                                         maxDuration: .seconds(20), maxIterations: 15)
    let slow = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(20), maxIterations: 3)
    let append = Benchmark.Configuration(metrics: [.wallClock, .syscalls], maxDuration: .seconds(10), maxIterations: 500)

    Benchmark("Replay lifer 20y: wlog journal + apply(line:)", configuration: replay) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try replayJournal(Fixtures.journal)) }
    }

    let lines = Fixtures.lines()
    Benchmark("Replay lifer 20y: baseline JSONDecoder (same lines) + evolve", configuration: slow) { benchmark in
        let decoder = JSONDecoder()
        for _ in benchmark.scaledIterations {
            var state = WlogState.initial
            lines.bytes.withUnsafeBytes { raw in
                for i in 0..<(lines.starts.count - 1) where lines.starts[i + 1] - lines.starts[i] > 1 {
                    let data = Data(raw[lines.starts[i]..<(lines.starts[i + 1] - 1)])
                    if let line = try? decoder.decode(FoundationLine.self, from: data), let event = line.event() {
                        state.apply(event)
                    }
                }
            }
            blackHole(state)
        }
    }

    Benchmark("Reports lifer 20y: wlog replay + PR table + weekly volume", configuration: replay) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(prTableAndWeeklyVolume(try replayJournal(Fixtures.journal))) }
    }

    if SQLite.isAvailable {
        Benchmark("Reports lifer 20y: baseline SQLite SQL PR table + weekly volume", configuration: slow) { benchmark in
            for _ in benchmark.scaledIterations {
                let db = try SQLite(path: Fixtures.sqlite, readOnly: true)
                blackHole(try SQLReports.run(db))
            }
        }
    }

    let state = try! replayJournal(Fixtures.journal)
    let snapshot = StateSnapshot.encode(state, stamp: SnapshotStamp(journalID: "bench", lastSeq: state.lastSeq, tailDigest: 0,
                                                                      chainHead: "", sealedThrough: 0))
    Benchmark("Snapshot lifer 20y: decode", configuration: replay) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try StateSnapshot.decode(snapshot)) }
    }
    Benchmark("Snapshot lifer 20y: encode", configuration: replay) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(StateSnapshot.encode(state, stamp: SnapshotStamp(
            journalID: "bench", lastSeq: state.lastSeq, tailDigest: 0, chainHead: "", sealedThrough: 0))) }
    }

    let targets = AppendTargets()
    Benchmark("Append durable: wlog commit of one set (fdatasync)", configuration: append) { benchmark in
        let event = targets.nextSet()
        let line = EventCodec.encodePending(event)
        benchmark.startMeasurement()
        blackHole(try targets.writer.append(lines: [line]))
    }
    if SQLite.isAvailable {
        Benchmark("Append durable: baseline SQLite insert of one set (WAL, synchronous=FULL)", configuration: append) { benchmark in
            let event = targets.nextSet()
            let (_, insert) = targets.database
            benchmark.startMeasurement()
            insert.bind(1, event.id.hex)
            insert.bind(2, event.envelope.occurred.instant.millisecondsSince1970)
            insert.bind(3, event.envelope.recorded.millisecondsSince1970)
            insert.bind(4, "bench-press")
            insert.bind(5, targets.workout.hex)
            insert.bind(6, Int64(5))
            insert.bind(7, Int64(1_000_000))
            insert.bind(8, 8.0)
            _ = try insert.step()
            insert.reset()
        }
    }
}
