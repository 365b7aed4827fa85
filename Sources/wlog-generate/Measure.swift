import Foundation
import WlogBaselines
import WlogCore

// `wlog-generate measure-replay`: how fast the domain core replays realistic events held in RAM.
//
//   wlog-generate measure-replay [--events 1000000] [--seed 1] [--profile lifer|stress]
//                                [--baseline-events 100000] [--runs 3]
//
// The lines are generated in memory (lifer: consecutive 20-year histories of seeds seed, seed+1, …
// until `--events` lines, the last one cut short; each history is replayed into its own state, as
// separate users' journals; stress: one history), then timed — best of `--runs`, wall time with
// `ContinuousClock` and CPU time of the thread with `CLOCK_THREAD_CPUTIME_ID`:
//   1. `EventCodec.decode` alone;
//   2. `EventCodec.decode` + `WlogState.apply` (evolve);
//   2b. the same in one step, `WlogState.apply(line:)` (what a replay calls);
//   3. the baseline: Foundation's `JSONDecoder` into an equivalent `Decodable` (`FoundationLine`)
//      + the same evolve, over the first `--baseline-events` lines.
// No journal I/O is involved: this is the codec and the state only.

/// The canonical lines in memory: the bytes and the start of every line (one extra at the end).
struct MemoryLines {
    var bytes: [UInt8] = []
    var starts: [Int] = [0]
    /// Indices into `starts` where a new, independent history begins.
    var histories: [Int] = []

    var count: Int { starts.count - 1 }

    mutating func append(history lines: [UInt8], limit: Int) {
        histories.append(count)
        var taken = 0
        var i = 0
        while i < lines.count, taken < limit {
            var j = i
            while j < lines.count, lines[j] != UInt8(ascii: "\n") { j += 1 }
            bytes.append(contentsOf: lines[i...min(j, lines.count - 1)])
            starts.append(bytes.count)
            taken += 1
            i = j + 1
        }
    }
}

/// CPU time of the calling thread, in seconds.
func threadCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// One timed measurement: the best wall and best CPU time over the runs.
struct Timing {
    var wall = Double.infinity
    var cpu = Double.infinity
    var check = 0

    static func best(runs: Int, _ body: () -> Int) -> Timing {
        var timing = Timing()
        for _ in 0..<runs {
            let cpu0 = threadCPUSeconds()
            let t0 = ContinuousClock.now
            timing.check = body()
            let elapsed = ContinuousClock.now - t0
            let cpu = threadCPUSeconds() - cpu0
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            timing.wall = min(timing.wall, wall)
            timing.cpu = min(timing.cpu, cpu)
        }
        return timing
    }

    func line(_ name: String, events: Int) -> String {
        let rateWall = Double(events) / wall, rateCPU = Double(events) / cpu
        return name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(format: "%9d events  wall %8.1f ms  %10.0f ev/s   cpu %8.1f ms  %10.0f ev/s  (%.0f ns/ev cpu)",
                     events, wall * 1e3, rateWall, cpu * 1e3, rateCPU, cpu * 1e9 / Double(events))
    }
}

/// Generates the lines of `events` realistic events in memory.
func generateLines(profile: String, events: Int, seed: UInt64, end: LocalDay) throws -> MemoryLines {
    var lines = MemoryLines()
    var nextSeed = seed
    while lines.count < events {
        let sink = try EventSink(journal: nil, journalID: String(repeating: "0", count: 32), created: Date(),
                                 sealThreshold: 1 << 20, jsonl: nil, sql: nil, keepLines: true)
        if profile == "stress" {
            var stress = Stress(seed: nextSeed, count: events - lines.count, ids: .random, sink: sink)
            try stress.run(end: end)
        } else {
            var lifer = Lifer(seed: nextSeed, years: 20, end: end, ids: .random, sink: sink)
            try lifer.run()
        }
        _ = try sink.finish()
        lines.append(history: sink.lines, limit: events - lines.count)
        nextSeed &+= 1
    }
    return lines
}

/// Times folding every line into a state (a new state at each history boundary) with `fold`.
func timeReplay(_ lines: MemoryLines, runs: Int, boundaries: Set<Int>,
                _ fold: (inout WlogState, UnsafeRawBufferPointer) throws(EventDecodingError) -> Void) -> Timing {
    lines.bytes.withUnsafeBytes { raw in
        Timing.best(runs: runs) {
            var check = 0
            var state = WlogState.initial
            for i in 0..<lines.count {
                if boundaries.contains(i), i > 0 {
                    check &+= state.eventCount
                    state = WlogState.initial
                }
                let line = UnsafeRawBufferPointer(rebasing: raw[lines.starts[i]..<lines.starts[i + 1]])
                do { try fold(&state, line) } catch { check &-= 1 }
            }
            return check &+ state.eventCount
        }
    }
}

/// The `measure-replay` subcommand.
func measureReplay(_ arguments: [String]) {
    var options: [String: String] = [:]
    var rest = arguments[...]
    while let key = rest.popFirst() {
        guard key.hasPrefix("--"), let value = rest.popFirst() else { usage("expected --option VALUE, got \(key)") }
        options[String(key.dropFirst(2))] = value
    }
    let known: Set = ["events", "seed", "profile", "baseline-events", "runs", "end"]
    if let unknown = options.keys.first(where: { !known.contains($0) }) { usage("unknown option --\(unknown)") }
    guard let events = Int((options["events"] ?? "1000000").replacingOccurrences(of: "_", with: "")), events > 0 else {
        usage("--events must be a positive number")
    }
    guard let seed = UInt64(options["seed"] ?? "1") else { usage("--seed must be a whole number") }
    let profile = options["profile"] ?? "lifer"
    guard profile == "lifer" || profile == "stress" else { usage("--profile must be lifer or stress") }
    guard let baselineEvents = Int(options["baseline-events"] ?? "100000"), baselineEvents > 0 else {
        usage("--baseline-events must be a positive number")
    }
    guard let runs = Int(options["runs"] ?? "3"), runs > 0 else { usage("--runs must be a positive number") }
    guard let end = LocalDay(iso: options["end"] ?? "2026-11-15") else { usage("--end must be YYYY-MM-DD") }

    let generated = ContinuousClock.now
    let lines: MemoryLines
    do { lines = try generateLines(profile: profile, events: events, seed: seed, end: end) } catch {
        usage("cannot generate: \(error)")
    }
    let n = lines.count
    print("measure-replay: \(profile), seed \(seed): \(n) events, \(lines.bytes.count) bytes "
          + "(\(lines.bytes.count / max(n, 1)) B/line), \(lines.histories.count) histories, generated in \(ContinuousClock.now - generated)")
    let boundaries = Set(lines.histories)

    let decode = lines.bytes.withUnsafeBytes { raw in
        Timing.best(runs: runs) {
            var check = 0
            for i in 0..<n {
                let line = UnsafeRawBufferPointer(rebasing: raw[lines.starts[i]..<lines.starts[i + 1]])
                do { check &+= Int(try EventCodec.decode(line).envelope.seq) } catch { check &-= 1 }
            }
            return check
        }
    }
    print(decode.line("EventCodec.decode", events: n))

    let replay = timeReplay(lines, runs: runs, boundaries: boundaries) { state, line throws(EventDecodingError) in
        state.apply(try EventCodec.decode(line))
    }
    print(replay.line("EventCodec.decode + evolve", events: n))

    let oneStep = timeReplay(lines, runs: runs, boundaries: boundaries) { state, line throws(EventDecodingError) in
        try state.apply(line: line)
    }
    print(oneStep.line("decode + evolve, apply(line:)", events: n))

    let m = min(baselineEvents, n)
    let decoder = JSONDecoder()
    let baseline = lines.bytes.withUnsafeBytes { raw in
        Timing.best(runs: runs) {
            var state = WlogState.initial
            var check = 0
            for i in 0..<m {
                if boundaries.contains(i), i > 0 {
                    check &+= state.eventCount
                    state = WlogState.initial
                }
                let data = Data(raw[lines.starts[i]..<(lines.starts[i + 1] - 1)])
                if let line = try? decoder.decode(FoundationLine.self, from: data), let event = line.event() {
                    state.apply(event)
                } else {
                    check &+= 1_000_000
                }
            }
            return check &+ state.eventCount
        }
    }
    print(baseline.line("JSONDecoder + evolve (baseline)", events: m))
    let ratioCPU = (baseline.cpu / Double(m)) / (replay.cpu / Double(n))
    let ratioWall = (baseline.wall / Double(m)) / (replay.wall / Double(n))
    print(String(format: "decode + evolve vs JSONDecoder + evolve: %.1fx faster (cpu), %.1fx (wall); target 2,000,000 ev/s cpu: %@ (apply(decode)), %@ (apply(line:))",
                 ratioCPU, ratioWall, Double(n) / replay.cpu >= 2_000_000 ? "met" : "missed",
                 Double(n) / oneStep.cpu >= 2_000_000 ? "met" : "missed"))
    print("checks: \(decode.check) \(replay.check) \(oneStep.check) \(baseline.check)")
}
