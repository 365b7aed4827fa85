// wlog-journal-torture — a test helper for WlogJournal's crash, concurrency and size tests.
//
//   wlog-journal-torture append JOURNAL --commits N [--per-commit K] [--start I] [--writer W]
//                        [--reopen-each] [--seal-threshold BYTES] [--relaxed] [--no-sync] [--kill-at POINT[@N]]
//   wlog-journal-torture seal JOURNAL [--kill-at POINT[@N]]
//   wlog-journal-torture open JOURNAL [--kill-at POINT[@N]]
//   wlog-journal-torture measure DIR [--events N]
//
// `append` creates the journal if missing and prints `committed SEQ ID` for every event once its
// commit is durable. `--kill-at` raises SIGKILL at the Nth time (default 1st) the writer reaches
// the named FaultPoint. Events are deterministic: event W,I has id hex((W << 64) | I).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WlogJournal

let arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wlog-journal-torture: \(message)\n".utf8))
    exit(64)
}

func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func intOption(_ name: String, _ fallback: Int) -> Int {
    guard let raw = option(name) else { return fallback }
    guard let value = Int(raw) else { fail("\(name) needs a number, got \(raw)") }
    return value
}

/// Counts arrivals at fault points and kills the process at the chosen one.
final class Killer: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = 0
    let point: FaultPoint
    let nth: Int

    init?(_ spec: String?) {
        guard let spec else { return nil }
        let parts = spec.split(separator: "@")
        guard let p = FaultPoint(rawValue: String(parts[0])) else { fail("unknown fault point \(spec)") }
        point = p
        nth = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    }

    func hit(_ reached: FaultPoint) {
        guard reached == point else { return }
        lock.lock()
        seen += 1
        let now = seen
        lock.unlock()
        if now == nth { kill(getpid(), SIGKILL) }
    }
}

func options() -> JournalOptions {
    var o = JournalOptions(durability: arguments.contains("--relaxed") ? .relaxed : .full,
                           lockTimeout: .seconds(30),
                           sealThreshold: intOption("--seal-threshold", 256 << 10))
    if arguments.contains("--no-sync") { o.sync = { _ in 0 } }  // for lock/sequence tests, not durability
    if let killer = Killer(option("--kill-at")) {
        o.faultHook = { killer.hit($0) }
    }
    return o
}

func openOrCreate(_ path: String, _ options: JournalOptions) throws -> JournalWriter {
    do {
        return try JournalWriter.open(at: path, options: options)
    } catch JournalError.notFound {
        return try JournalWriter.create(at: path, journalID: String(repeating: "ab", count: 16),
                                        createdAt: Date(timeIntervalSince1970: 1_795_000_000), options: options)
    }
}

/// Writes a line to stdout unbuffered, so it is out before any SIGKILL.
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes[done...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if n <= 0 { return }
        done += n
    }
}

func runAppend(_ path: String) throws {
    let commits = intOption("--commits", 10), perCommit = intOption("--per-commit", 1)
    let start = intOption("--start", 0), writer = UInt64(intOption("--writer", 1))
    let reopen = arguments.contains("--reopen-each")
    let opts = options()
    var journal: JournalWriter? = reopen ? nil : try openOrCreate(path, opts)
    for c in 0..<commits {
        let w = try journal ?? openOrCreate(path, opts)
        let lines = (0..<perCommit).map { EventLines.line(writer: writer, index: UInt64(start + c * perCommit + $0)) }
        let receipt = try w.append(lines)
        for event in receipt.appended { say("committed \(event.seq) \(event.id)") }
        if reopen { try w.close() } else { journal = w }
    }
    try journal?.close()
}

guard let command = arguments.first, arguments.count >= 2 else {
    fail("usage: append|seal|open|measure PATH [options]")
}
let path = arguments[1]
do {
    switch command {
    case "append":
        try runAppend(path)
    case "seal":
        let w = try JournalWriter.open(at: path, options: options())
        let report = try w.seal()
        say("sealed \(report.chunksWritten) \(report.sealedThrough)")
        try w.close()
    case "open":
        let w = try JournalWriter.open(at: path, options: options())
        say("opened \(w.lastSequence) \(w.recovered.map { "\($0)" } ?? "clean")")
        try w.close()
    case "measure":
        try Measure.run(directory: path, events: intOption("--events", 100_000))
    default:
        fail("unknown command \(command)")
    }
} catch let error as JournalError {
    FileHandle.standardError.write(Data("wlog-journal-torture: \(error)\n".utf8))
    exit(error.exitCode)
}
