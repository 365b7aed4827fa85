import Benchmark
import Foundation
import WlogBaselines
import WlogCore
import WlogGenerator

// Issue #3's figure: decode + evolve of 1,000,000 realistic events held in memory, one core.
//
// The events are `wlog-generate measure-replay`'s (`GeneratedLines`): 20-year lifer histories of
// seeds 1, 2, … with the ids `wlog` mints (`DecideContext.JournalIDs`), each replayed into its own
// state as a separate lifter's journal, cut at 1,000,000 lines. Events/s = 1,000,000 / the wall
// (or CPU) time of one iteration; the JSONDecoder baseline folds the same lines in the same run.
// `stress: …` replays one synthetic 1,000,000-event history with random 128-bit ids instead: a
// 1M-entry id table that misses in cache (what one huge imported journal costs).

let eventCount = 1_000_000

/// The lifer histories, generated once (lazily: only when a benchmark that uses them runs).
let liferLines: GeneratedLines = {
    do {
        return try GeneratedLines(profile: .lifer, events: eventCount, seed: 1, end: LocalDay(year: 2026, month: 11, day: 15)!)
    } catch {
        fatalError("cannot generate the lifer histories: \(error)")
    }
}()

/// One synthetic history with random ids (`ReplayCorpus`), generated once.
let stressCorpus = ReplayCorpus(count: eventCount)

/// Folds every line into a new state per history, with `fold`; the events applied. Each state
/// is presized with its history's line count, as a replay of a journal is (`JournalReader.estimatedLineCount`).
@inline(__always)
func replay(_ lines: GeneratedLines, _ fold: (inout WlogState, UnsafeRawBufferPointer) throws -> Void) rethrows -> Int {
    var applied = 0
    var state = WlogState.initial
    var history = 0
    try lines.forEachLine { line, newHistory in
        if newHistory {
            applied += state.eventCount
            state = WlogState.initial
            let end = history + 1 < lines.histories.count ? lines.histories[history + 1] : lines.count
            state.reserveCapacity(events: end - lines.histories[history])
            history += 1
        }
        try fold(&state, line)
    }
    return applied + state.eventCount
}

let benchmarks: @Sendable () -> Void = {
    let wholeReplay = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], scalingFactor: .one,
        maxDuration: .seconds(60), maxIterations: 7, setup: { blackHole(liferLines.count) })

    Benchmark("decode + evolve in one step, apply(line:) (1M lifer events)", configuration: wholeReplay) { _ in
        blackHole(try replay(liferLines) { state, line in try state.apply(line: line) })
    }

    Benchmark("decode + evolve in two steps, apply(EventCodec.decode) (1M lifer events)", configuration: wholeReplay) { _ in
        blackHole(try replay(liferLines) { state, line in state.apply(try EventCodec.decode(line)) })
    }

    var baseline = wholeReplay
    baseline.maxIterations = 3
    baseline.maxDuration = .seconds(90)
    Benchmark("decode + evolve, JSONDecoder baseline (1M lifer events)", configuration: baseline) { _ in
        let decoder = JSONDecoder()
        var skipped = 0
        let applied = replay(liferLines) { state, line in
            if !FoundationLine.apply(line: line, to: &state, decoder: decoder) { skipped += 1 }
        }
        blackHole(applied + skipped)
    }

    Benchmark("EventCodec.decode (1M lifer lines)",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], scalingFactor: .one,
                                   maxDuration: .seconds(60), maxIterations: 5, setup: { blackHole(liferLines.count) })) { _ in
        var check: UInt64 = 0
        try liferLines.forEachLine { line, _ in check &+= try EventCodec.decode(line).seq }
        blackHole(check)
    }

    Benchmark("stress: decode + evolve, apply(line:), one 1M-event history, random ids",
              configuration: .init(metrics: wholeReplay.metrics, scalingFactor: .one, maxDuration: .seconds(60),
                                   maxIterations: 5, setup: { blackHole(stressCorpus.count) })) { _ in
        var state = WlogState.initial
        try stressCorpus.forEachLine { line in try state.apply(line: line) }
        blackHole(state.eventCount)
    }

    Benchmark("EventCodec.encode (1M events)",
              configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxIterations: 5)) { benchmark in
        var events: [Event] = []
        liferLines.forEachLine { line, _ in if events.count < 1_000, let e = try? EventCodec.decode(line) { events.append(e) } }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { blackHole(EventCodec.encode(events[i % events.count])) }
    }
}
