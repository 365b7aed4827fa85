import Foundation
import WlogCore
import WlogGenerator
import WlogJournal

/// Where generated events go: the journal (one commit per `commit()`), plain JSON lines, and an
/// SQLite database (through the system `sqlite3` command, so the root package links no SQLite).
final class EventSink: GeneratedEventSink {
    private var writer: JournalWriter?
    private var jsonl: FileHandle?
    private var sql: SQLWriter?
    private var pending: [[UInt8]] = []
    private var jsonlBuffer: [UInt8] = []
    private(set) var seq: UInt64 = 0
    private(set) var counts: [EventType: Int] = [:]
    /// Commit automatically after this many events (the journal's frames stay bounded).
    let maxCommit = 1_000

    init(journal: String?, journalID: String, created: Date, sealThreshold: Int, jsonl: String?, sql: String?) throws {
        if let journal {
            var options = JournalOptions(durability: .relaxed)
            options.sealThreshold = sealThreshold
            writer = try JournalWriter.create(at: journal, journalID: journalID, createdAt: created,
                                              writer: "wlog-generate", options: options)
        }
        if let jsonl {
            guard FileManager.default.createFile(atPath: jsonl, contents: nil) else {
                throw GenerateError("cannot create \(jsonl)")
            }
            self.jsonl = FileHandle(forWritingAtPath: jsonl)
        }
        if let sql { self.sql = try SQLWriter(path: sql) }
    }

    /// Adds one event to the current commit (its `seq` is the next one: generated ids never repeat).
    func add(_ event: Event) throws {
        seq += 1
        counts[event.type, default: 0] += 1
        if writer != nil { pending.append(EventCodec.encodePending(event)) }
        if jsonl != nil || sql != nil {
            var committed = event
            committed.envelope.seq = seq
            if jsonl != nil {
                jsonlBuffer.append(contentsOf: EventCodec.encode(committed))
                if jsonlBuffer.count > 1 << 20 { flushJSONL() }
            }
            try sql?.insert(committed)
        }
        if pending.count >= maxCommit { try commit() }
    }

    /// Appends the pending events as one commit.
    func commit() throws {
        guard let writer, !pending.isEmpty else { return }
        let receipt = try writer.append(lines: pending)
        precondition(receipt.duplicates.isEmpty && receipt.lastSequence == seq, "generated ids must be unique")
        if let error = receipt.sealError { throw error }
        pending.removeAll(keepingCapacity: true)
    }

    private func flushJSONL() {
        jsonl?.write(Data(jsonlBuffer))
        jsonlBuffer.removeAll(keepingCapacity: true)
    }

    /// Commits what is pending, seals the journal, closes everything.
    func finish() throws -> SealReport? {
        try commit()
        var report: SealReport?
        if let writer {
            report = try writer.seal()
            try writer.close()
        }
        flushJSONL()
        try jsonl?.close()
        try sql?.finish()
        return report
    }
}

struct GenerateError: Error, CustomStringConvertible {
    var description: String
    init(_ text: String) { description = text }
}

/// Writes events as rows of an `events` table by piping SQL text into the `sqlite3` command.
///
/// The table has the envelope's columns plus typed columns for what sets and body weight carry
/// (what an app built on SQLite would store, and what SQL needs to compute records and volume);
/// the payload of any other event is kept whole in `payload` (its canonical JSON line).
final class SQLWriter {
    static let schema = """
        PRAGMA journal_mode=WAL;
        PRAGMA synchronous=OFF;
        CREATE TABLE events(
          seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, v INTEGER NOT NULL,
          at INTEGER NOT NULL, tz INTEGER NOT NULL, recorded INTEGER NOT NULL, actor TEXT NOT NULL,
          exercise TEXT, workout TEXT, target TEXT, reps INTEGER, weight INTEGER, unit TEXT,
          distance INTEGER, distance_unit TEXT, duration_ms INTEGER, rpe REAL, set_type TEXT,
          done INTEGER, notes TEXT, payload TEXT);
        CREATE INDEX events_target ON events(target) WHERE target IS NOT NULL;
        CREATE INDEX events_workout ON events(workout, type) WHERE workout IS NOT NULL;
        CREATE INDEX events_type ON events(type, exercise);
        BEGIN;

        """
    private let process: Process
    private let input: FileHandle
    private var buffer = ""

    init(path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { throw GenerateError("\(path) exists; remove it first") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-bail", path]
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        input = pipe.fileHandleForWriting
        do { try process.run() } catch { throw GenerateError("cannot run sqlite3 (apt-get install sqlite3): \(error)") }
        buffer = Self.schema
    }

    private static func text(_ s: String?) -> String {
        guard let s else { return "NULL" }
        return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func int<T: BinaryInteger>(_ v: T?) -> String { v.map { String($0) } ?? "NULL" }

    func insert(_ event: Event) throws {
        let e = event.envelope
        var exercise: String?, workout: String?, target: String?, reps: Int?, weight: Int64?, unit: String?
        var distance: Int64?, distanceUnit: String?, duration: Int64?, rpe: String?, setType: String?
        var done: Int?, notes: String?, payload: String?
        switch event.payload {
        case .setLogged(let p):
            exercise = p.exercise; workout = p.workout?.hex; reps = p.reps
            weight = p.weight?.tenThousandths; unit = p.weight?.unit.rawValue
            distance = p.distance?.tenThousandths; distanceUnit = p.distance?.unit.rawValue
            duration = p.durationMilliseconds; rpe = p.rpe.map { String(Double($0.halfPoints) / 2) }
            setType = p.setType.rawValue; done = p.done ? 1 : 0; notes = p.notes
        case .setEdited(let p):
            target = p.set.hex; exercise = p.exercise; workout = p.workout?.hex; reps = p.reps
            weight = p.weight?.tenThousandths; unit = p.weight?.unit.rawValue
            distance = p.distance?.tenThousandths; distanceUnit = p.distance?.unit.rawValue
            duration = p.durationMilliseconds; rpe = p.rpe.map { String(Double($0.halfPoints) / 2) }
            setType = p.setType?.rawValue; done = p.done.map { $0 ? 1 : 0 }; notes = p.notes
            if let performed = p.performed { payload = "{\"performed\":\(performed.instant.millisecondsSince1970)}" }
        case .setDeleted(let p):
            target = p.set.hex; notes = p.reason
        case .workoutDiscarded(let p):
            workout = p.workout.hex
        case .bodyweightRecorded(let p):
            weight = p.weight.tenThousandths; unit = p.weight.unit.rawValue; notes = p.notes
        case .workoutStarted, .workoutFinished:
            workout = e.id.hex
            if case .workoutFinished(let p) = event.payload { workout = p.workout.hex; notes = p.notes }
            payload = EventCodec.encodeString(event)
        default:
            payload = EventCodec.encodeString(event)
        }
        buffer += "INSERT INTO events VALUES(\(e.seq),'\(e.id.hex)','\(event.type.rawValue)',\(e.version),"
            + "\(e.occurred.instant.millisecondsSince1970),\(e.occurred.offsetMinutes),\(e.recorded.millisecondsSince1970),"
            + "\(Self.text(e.actor)),\(Self.text(exercise)),\(Self.text(workout)),\(Self.text(target)),\(Self.int(reps)),"
            + "\(Self.int(weight)),\(Self.text(unit)),\(Self.int(distance)),\(Self.text(distanceUnit)),\(Self.int(duration)),"
            + "\(rpe ?? "NULL"),\(Self.text(setType)),\(Self.int(done)),\(Self.text(notes)),\(Self.text(payload)));\n"
        if buffer.utf8.count > 1 << 20 { flush() }
    }

    private func flush() {
        input.write(Data(buffer.utf8))
        buffer.removeAll(keepingCapacity: true)
    }

    func finish() throws {
        buffer += "COMMIT;\nPRAGMA journal_mode=DELETE;\nVACUUM;\n"
        flush()
        try input.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw GenerateError("sqlite3 failed (exit \(process.terminationStatus))") }
    }
}
