import Foundation
import Testing
@testable import WlogJournal
import WlogTestSupport

/// A fresh temporary directory per test, removed at deinit.
final class TempDir {
    let path: String

    init() throws { path = try ScratchFolder.make("wlog-journal-") }

    deinit { ScratchFolder.remove(path) }

    var journal: String { path + "/journal.wlog" }
}

/// Deterministic realistic events, the same as the torture binary's `EventLines`.
enum Events {
    static let exercises = ["bench-press", "back-squat", "deadlift", "overhead-press", "barbell-row",
                            "pull-up", "romanian-deadlift", "incline-dumbbell-press", "leg-press", "lat-pulldown"]

    static func id(_ writer: UInt64 = 1, _ index: UInt64) -> String { hex16(writer) + hex16(index) }

    static func hex16(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The pending line of event (writer, index).
    static func pending(_ writer: UInt64 = 1, _ index: UInt64) -> String {
        let i = Int(index % 1_000_000)
        let minute = i % 60, second = (i * 7) % 60, day = 1 + (i / 1440) % 28
        func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let at = "2026-11-\(pad(day))T10:\(pad(minute)):\(pad(second)).000Z"
        let exercise = exercises[(i / 15) % exercises.count]
        let weight = 60 + Double((i * 37) % 80) * 2.5
        let reps = 3 + (i * 13) % 8
        let workout = hex16(writer ^ 0x5EED) + hex16(UInt64(i / 20))
        return #"{"id":"\#(id(writer, index))","type":"set.logged","v":1,"at":"\#(at)","#
            + #""tz":"Europe/Berlin","recorded":"\#(at)","actor":"cli","workout":"\#(workout)","#
            + #""exercise":"\#(exercise)","n":\#(i % 5 + 1),"kind":"working","weight":{"kg":\#(weight)},"#
            + #""reps":\#(reps),"rpe":\#(6 + (i % 4))}"#
    }

    /// The committed form of a pending line at `seq` (without `\n`).
    static func committed(_ pending: String, seq: UInt64) -> String {
        #"{"seq":\#(seq),"# + pending.dropFirst()
    }

    /// Committed lines for events 0..<count of `writer`, numbered from 1.
    static func expected(_ count: Int, writer: UInt64 = 1) -> [String] {
        (0..<count).map { committed(pending(writer, UInt64($0)), seq: UInt64($0 + 1)) }
    }
}

/// Journal helpers for tests.
enum J {
    static let fixedDate = Date(timeIntervalSince1970: 1_795_000_000)
    static let journalID = "0123456789abcdef0123456789abcdef"

    static func create(_ path: String, options: JournalOptions = JournalOptions()) throws -> JournalWriter {
        try JournalWriter.create(at: path, journalID: journalID, createdAt: fixedDate, options: options)
    }

    /// A journal of `commits` commits of `perCommit` events each (events numbered from 0), closed.
    static func make(_ path: String, commits: Int, perCommit: Int = 1, seal: Bool = false,
                     options: JournalOptions = JournalOptions()) throws {
        let w = try create(path, options: options)
        for c in 0..<commits {
            _ = try w.append((0..<perCommit).map { Events.pending(1, UInt64(c * perCommit + $0)) })
        }
        if seal { try w.seal() }
        try w.close()
    }

    /// `chunks` sealed chunks of four commits of 3 events, then `tailCommits` commits of 2 (no
    /// syncs); returns the writer, still open.
    static func makeChunked(_ path: String, chunks: Int, tailCommits: Int) throws -> JournalWriter {
        let w = try create(path, options: JournalOptions(sync: { _ in 0 }))
        var i: UInt64 = 0
        for _ in 0..<chunks {
            for _ in 0..<4 {
                _ = try w.append((0..<3).map { Events.pending(1, i + $0) })
                i += 3
            }
            try w.seal()
        }
        for _ in 0..<tailCommits {
            _ = try w.append([Events.pending(1, i), Events.pending(1, i + 1)])
            i += 2
        }
        return w
    }

    /// Every line the reader yields, and its status (`prefetched`: read on a second thread).
    static func read(_ path: String, after: UInt64 = 0, prefetched: Bool = false) throws -> (lines: [String], status: JournalStatus) {
        var lines: [String] = []
        var seqs: [UInt64] = []
        let reader = try JournalReader(at: path)
        let status = try (prefetched ? reader.forEachLinePrefetched : reader.forEachLine)(after) { seq, line in
            seqs.append(seq)
            lines.append(String(decoding: line, as: UTF8.self))
        }
        #expect(seqs == Array((after + 1)..<(after + 1 + UInt64(seqs.count))))
        return (lines, status)
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Replaces the file's bytes (plain write, no fsync: Foundation's `Data.write` syncs, slowly).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw JournalError.posix("open", path) }
        defer { close(fd) }
        try bytes.withUnsafeBytes { try FileIO.pwriteAll(fd, $0, at: 0, path: path) }
    }

    /// Writes `bytes` as a torn write leaves them: the journal's acknowledgement record goes too
    /// (`Acknowledgement`), as a commit cut short was never acknowledged.
    static func tear(_ bytes: [UInt8], to path: String) throws {
        try write(bytes, to: path)
        unlink(path + ".acked")
    }

    /// A unit of a journal file as the tests see it.
    struct Unit {
        var kind: ScannedUnit.Kind
        var range: Range<Int>
        /// End of the LZ4 frame (for a chunk: where its trailer starts).
        var frameEnd: Int
        var lastSeq: UInt64
    }

    /// Units of a journal file (uses the internal scanner).
    static func units(_ path: String) throws -> [Unit] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let scanner = try JournalScanner(fd: fd, path: path, size: try FileIO.size(fd, path: path))
        #expect(try scanner.readHeader())
        var out: [Unit] = []
        while let unit = try scanner.next() {
            var frameEnd = unit.range.upperBound
            if unit.kind == .chunk, case let .success(frame) = try Frame.parse(scanner.file, at: unit.range.lowerBound) {
                frameEnd = unit.range.lowerBound + frame.length
            }
            out.append(Unit(kind: unit.kind, range: unit.range, frameEnd: frameEnd, lastSeq: unit.lastSeq))
        }
        return out
    }

    /// Removes quarantine files so a test can count new ones.
    static func quarantine(_ path: String) -> [String] {
        let dir = path + ".quarantine"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().map { dir + "/" + $0 }
    }
}

/// Running the stock `lz4` and the torture binary.
enum Tool {
    typealias Run = ChildOutput

    /// Runs `executable ARGUMENTS` on a thread of its own (`ChildProcess.run`): a torture run
    /// waited for on the pool (40 s at load) stalled every server test beside it.
    static func run(_ executable: String, _ arguments: [String]) async throws -> Run {
        try await ChildProcess.run(URL(fileURLWithPath: executable), arguments)
    }

    /// `run`, waiting on the calling thread (for `checkLZ4`'s short `lz4` runs).
    static func runWaiting(_ executable: String, _ arguments: [String]) throws -> Run {
        try ChildProcess.runWaiting(URL(fileURLWithPath: executable), arguments)
    }

    /// `lz4 -dc` output lines and `lz4 -t` status of the journal; asserts both succeed.
    static func checkLZ4(_ path: String, equals expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let test = try runWaiting("/usr/bin/lz4", ["-t", path])
        #expect(test.status == 0, "lz4 -t: \(test.stderr)", sourceLocation: sourceLocation)
        let decoded = try runWaiting("/usr/bin/lz4", ["-dc", path])
        #expect(decoded.status == 0, sourceLocation: sourceLocation)
        let want = expected.isEmpty ? "" : expected.joined(separator: "\n") + "\n"
        #expect(decoded.stdout == want, "lz4 -dc differs", sourceLocation: sourceLocation)
    }

    /// The torture binary, built beside the test bundle.
    static var torture: String { BuiltProducts.executable("wlog-journal-torture").path }

    /// Sequence numbers and ids the torture process reported as committed.
    static func committed(_ run: Run) -> [(seq: UInt64, id: String)] {
        run.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "committed", let seq = UInt64(parts[1]) else { return nil }
            return (seq, String(parts[2]))
        }
    }
}
