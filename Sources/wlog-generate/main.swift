// wlog-generate: deterministic, seeded workout histories for benchmarks and size reports.
//
//   wlog-generate --profile lifer  [--years 20] [--seed 1] [--journal PATH] [--jsonl PATH] [--sql PATH]
//   wlog-generate --profile stress --events 10000000 [--seed 1] [--journal PATH] [--jsonl PATH]
//   options: --ids wlog|random|sequential   (default wlog: the ids wlog mints, DecideContext.JournalIDs)
//            --seal-threshold BYTES    (default 256 KiB as wlog; stress: 64 MiB)
//            --end YYYY-MM-DD          (the last day of the history, default 2026-11-15)
//   wlog-generate measure-replay [--events 1000000] [--seed 1] [--profile lifer|stress] [--baseline-events 100000]
//            in-memory decode / decode + evolve / JSONDecoder rates (see Measure.swift)
//
// The journal is written with JournalWriter (relaxed durability, one commit per workout or day,
// at most 1,000 events a commit) and sealed at the end. `--jsonl` writes the same committed
// canonical lines, plain; `--sql` the same events as rows of an SQLite table through the
// `sqlite3` command (Debian package sqlite3), so that the wlog package links no SQLite.
import Foundation
import WlogCore
import WlogGenerator
import WlogJournal

func usage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wlog-generate: error: \(message)\n".utf8))
    exit(64)
}

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "measure-replay" {
    measureReplay(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let key = arguments.popFirst() {
    guard key.hasPrefix("--"), let value = arguments.popFirst() else { usage("expected --option VALUE, got \(key)") }
    options[String(key.dropFirst(2))] = value
}
let known: Set = ["profile", "years", "seed", "journal", "jsonl", "sql", "events", "ids", "seal-threshold", "end"]
if let unknown = options.keys.first(where: { !known.contains($0) }) { usage("unknown option --\(unknown)") }
let profile = options["profile"] ?? "lifer"
guard profile == "lifer" || profile == "stress" else { usage("--profile must be lifer or stress") }
guard let seed = UInt64(options["seed"] ?? "1") else { usage("--seed must be a whole number") }
guard let years = Int(options["years"] ?? "20"), (1...80).contains(years) else { usage("--years must be 1…80") }
guard let scheme = IDScheme(rawValue: options["ids"] ?? "wlog") else { usage("--ids must be wlog, random or sequential") }
guard let end = LocalDay(iso: options["end"] ?? "2026-11-15") else { usage("--end must be YYYY-MM-DD") }
let eventCount = Int((options["events"] ?? "10000000").replacingOccurrences(of: "_", with: "")) ?? -1
guard eventCount > 0 else { usage("--events must be a positive number") }
let threshold = Int(options["seal-threshold"] ?? (profile == "stress" ? "67108864" : "262144")) ?? -1
guard threshold > 0 else { usage("--seal-threshold must be a positive number of bytes") }
guard options["journal"] != nil || options["jsonl"] != nil || options["sql"] != nil else {
    usage("give at least one of --journal PATH, --jsonl PATH, --sql PATH")
}

let journalID = IDMaker.journalID(seed: seed)
let created = Date(timeIntervalSince1970: Double(end.midnight(offsetMinutes: 0).millisecondsSince1970) / 1000 - Double(years) * 365.25 * 86_400)
let started = ContinuousClock.now
do {
    let sink = try EventSink(journal: options["journal"], journalID: journalID, created: created, sealThreshold: threshold,
                             jsonl: options["jsonl"], sql: options["sql"])
    if profile == "lifer" {
        var lifer = Lifer(seed: seed, years: years, end: end, ids: scheme, journalID: journalID, sink: sink)
        try lifer.run()
    } else {
        var stress = Stress(seed: seed, count: eventCount, ids: scheme, journalID: journalID, sink: sink)
        try stress.run(end: end)
    }
    let report = try sink.finish()
    let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18 + Double((ContinuousClock.now - started).components.seconds)
    var summary = "wlog-generate: \(profile), seed \(seed), ids \(scheme.rawValue): \(sink.seq) events in \(String(format: "%.1f", seconds)) s"
    if let report { summary += "; journal \(report.bytesAfter) bytes (\(String(format: "%.2f", Double(report.bytesAfter) / Double(max(sink.seq, 1)))) B/event)" }
    summary += "\n  " + sink.counts.sorted { $0.value > $1.value }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", ")
    FileHandle.standardError.write(Data((summary + "\n").utf8))
} catch {
    FileHandle.standardError.write(Data("wlog-generate: error: \(error)\n".utf8))
    exit(1)
}
