import Foundation
import WlogBaselines
import WlogCore
import WlogGenerator

// `wlog-generate measure-replay`: how fast the domain core replays realistic events held in RAM.
//
//   wlog-generate measure-replay [--events 1000000] [--seed 1] [--profile lifer|stress]
//                                [--ids wlog|random|sequential] [--baseline-events 100000] [--runs 3]
//                                [--only decode,two-step,line,baseline]
//   wlog-generate measure-replay --journal PATH [--runs 3] [--only read,replay]   (MeasureJournal.swift)
//
// The lines are generated in memory by `GeneratedLines` (WlogGenerator; lifer: consecutive 20-year
// histories of seeds seed, seed+1, … until `--events` lines, the last one cut short, each with the
// ids `wlog` mints in its own journal and replayed into its own state, as separate users'
// journals; stress: one history; the benchmark package's ReplayBenchmarks use the same), then timed — best of `--runs`, wall time with
// `ContinuousClock` and CPU time of the thread with `CLOCK_THREAD_CPUTIME_ID`:
//   1. `EventCodec.decode` alone;
//   2. `EventCodec.decode` + `WlogState.apply` (evolve);
//   2b. the same in one step, `WlogState.apply(line:)` (what a replay calls);
//   3. the baseline: Foundation's `JSONDecoder` into an equivalent `Decodable` (`FoundationLine`)
//      + the same evolve, over the first `--baseline-events` lines.
// No journal I/O is involved: this is the codec and the state only.

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

/// Times folding every line into a state (a new state at each history boundary) with `fold`.
func timeReplay(_ lines: GeneratedLines, runs: Int,
                _ fold: (inout WlogState, UnsafeRawBufferPointer) throws(EventDecodingError) -> Void) -> Timing {
    Timing.best(runs: runs) {
        var check = 0
        var state = WlogState.initial
        lines.forEachLine { line, newHistory in
            if newHistory {
                check &+= state.eventCount
                state = WlogState.initial
            }
            do { try fold(&state, line) } catch { check &-= 1 }
        }
        return check &+ state.eventCount
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
    let known: Set = ["events", "seed", "profile", "baseline-events", "runs", "end", "ids", "only", "journal"]
    if let unknown = options.keys.first(where: { !known.contains($0) }) { usage("unknown option --\(unknown)") }
    guard let events = Int((options["events"] ?? "1000000").replacingOccurrences(of: "_", with: "")), events > 0 else {
        usage("--events must be a positive number")
    }
    guard let seed = UInt64(options["seed"] ?? "1") else { usage("--seed must be a whole number") }
    guard let profile = GeneratedLines.Profile(rawValue: options["profile"] ?? "lifer") else {
        usage("--profile must be lifer or stress")
    }
    guard let ids = IDScheme(rawValue: options["ids"] ?? "wlog") else { usage("--ids must be wlog, random or sequential") }
    guard let baselineEvents = Int(options["baseline-events"] ?? "100000"), baselineEvents > 0 else {
        usage("--baseline-events must be a positive number")
    }
    guard let runs = Int(options["runs"] ?? "3"), runs > 0 else { usage("--runs must be a positive number") }
    if let journal = options["journal"] {
        let ways: Set<String> = ["read", "replay"]
        let only = Set((options["only"] ?? "read,replay").split(separator: ",").map(String.init))
        guard only.isSubset(of: ways) else { usage("--only takes read, replay or both with --journal") }
        measureJournal(journal, runs: runs, only: only)
        return
    }
    guard let end = LocalDay(iso: options["end"] ?? "2026-11-15") else { usage("--end must be YYYY-MM-DD") }
    let ways: Set<String> = ["decode", "two-step", "line", "baseline"]
    let only = Set((options["only"] ?? ways.sorted().joined(separator: ",")).split(separator: ",").map(String.init))
    guard only.isSubset(of: ways) else { usage("--only takes a comma-separated list of decode, two-step, line, baseline") }

    let generated = ContinuousClock.now
    let lines: GeneratedLines
    do { lines = try GeneratedLines(profile: profile, events: events, seed: seed, end: end, ids: ids) } catch {
        usage("cannot generate: \(error)")
    }
    let n = lines.count
    print("measure-replay: \(profile.rawValue), seed \(seed), ids \(ids.rawValue): \(n) events, \(lines.bytes.count) bytes "
          + "(\(lines.bytes.count / max(n, 1)) B/line), \(lines.histories.count) histories, generated in \(ContinuousClock.now - generated)")

    var checks: [Int] = []
    if only.contains("decode") {
        let decode = Timing.best(runs: runs) {
            var check = 0
            lines.forEachLine { line, _ in
                do { check &+= Int(try EventCodec.decode(line).envelope.seq) } catch { check &-= 1 }
            }
            return check
        }
        print(decode.line("EventCodec.decode", events: n))
        checks.append(decode.check)
    }
    var replay: Timing?
    if only.contains("two-step") {
        let timing = timeReplay(lines, runs: runs) { state, line throws(EventDecodingError) in
            state.apply(try EventCodec.decode(line))
        }
        print(timing.line("EventCodec.decode + evolve", events: n))
        checks.append(timing.check)
        replay = timing
    }
    var oneStep: Timing?
    if only.contains("line") {
        let timing = timeReplay(lines, runs: runs) { state, line throws(EventDecodingError) in
            try state.apply(line: line)
        }
        print(timing.line("decode + evolve, apply(line:)", events: n))
        checks.append(timing.check)
        oneStep = timing
    }
    guard only.contains("baseline") else {
        print("checks: \(checks.map(String.init).joined(separator: " "))")
        return
    }

    let m = min(baselineEvents, n)
    let decoder = JSONDecoder()
    let baseline = Timing.best(runs: runs) {
        var state = WlogState.initial
        var check = 0
        var index = 0
        lines.forEachLine { line, newHistory in
            guard index < m else { return }
            index += 1
            if newHistory {
                check &+= state.eventCount
                state = WlogState.initial
            }
            if !FoundationLine.apply(line: line, to: &state, decoder: decoder) { check &+= 1_000_000 }
        }
        return check &+ state.eventCount
    }
    print(baseline.line("JSONDecoder + evolve (baseline)", events: m))
    checks.append(baseline.check)
    for (name, timing) in [("apply(decode)", replay), ("apply(line:)", oneStep)] {
        guard let timing else { continue }
        let ratioCPU = (baseline.cpu / Double(m)) / (timing.cpu / Double(n))
        let ratioWall = (baseline.wall / Double(m)) / (timing.wall / Double(n))
        print(String(format: "%@ vs JSONDecoder + evolve: %.1fx faster (cpu), %.1fx (wall); target 2,000,000 ev/s cpu: %@",
                     name, ratioCPU, ratioWall, Double(n) / timing.cpu >= 2_000_000 ? "met" : "missed"))
    }
    print("checks: \(checks.map(String.init).joined(separator: " "))")
}
