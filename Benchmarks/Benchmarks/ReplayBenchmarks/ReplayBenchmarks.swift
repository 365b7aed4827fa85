import Benchmark
import Foundation
import WlogBaselines
import WlogCore

let replayLineCount = 1_000_000

let benchmarks: @Sendable () -> Void = {
    let corpus = ReplayCorpus(count: replayLineCount)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .cpuTotal],
        scalingFactor: .mega,
        maxDuration: .seconds(60),
        maxIterations: 5
    )

    Benchmark("EventCodec.decode (1M canonical lines)", configuration: configuration) { benchmark in
        var index = 0
        try corpus.bytes.withUnsafeBytes { all in
            for _ in benchmark.scaledIterations {
                let line = UnsafeRawBufferPointer(rebasing: all[corpus.offsets[index]..<corpus.offsets[index + 1]])
                blackHole(try EventCodec.decode(line))
                index += 1
                if index == corpus.count { index = 0 }
            }
        }
    }

    // Issue #3's figure: decode + evolve of the whole corpus into a new state per iteration.
    // Events/s = 1,000,000 / wall time of one iteration (the JSONDecoder line above is the baseline).
    let wholeReplay = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident], scalingFactor: .one,
        maxDuration: .seconds(60), maxIterations: 5)

    Benchmark("decode + evolve in one step, WlogState.apply(line:) (1M lines)", configuration: wholeReplay) { _ in
        var state = WlogState.initial
        try corpus.bytes.withUnsafeBytes { all in
            for index in 0..<corpus.count {
                try state.apply(line: UnsafeRawBufferPointer(rebasing: all[corpus.offsets[index]..<corpus.offsets[index + 1]]))
            }
        }
        blackHole(state.eventCount)
    }

    Benchmark("decode + evolve in two steps, apply(EventCodec.decode) (1M lines)", configuration: wholeReplay) { _ in
        var state = WlogState.initial
        try corpus.bytes.withUnsafeBytes { all in
            for index in 0..<corpus.count {
                state.apply(try EventCodec.decode(UnsafeRawBufferPointer(rebasing: all[corpus.offsets[index]..<corpus.offsets[index + 1]])))
            }
        }
        blackHole(state.eventCount)
    }

    Benchmark("JSONDecoder baseline (1M canonical lines)",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .mega,
                                   maxDuration: .seconds(60), maxIterations: 2)) { benchmark in
        let decoder = JSONDecoder()
        var index = 0
        for _ in benchmark.scaledIterations {
            let data = Data(corpus.bytes[corpus.offsets[index]..<corpus.offsets[index + 1]])
            blackHole(try decoder.decode(FoundationLine.self, from: data))
            index += 1
            if index == corpus.count { index = 0 }
        }
    }

    Benchmark("EventCodec.encode (1M events)",
              configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxIterations: 5)) { benchmark in
        var events: [Event] = []
        corpus.forEachLine { line in if events.count < 1_000, let e = try? EventCodec.decode(line) { events.append(e) } }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { blackHole(EventCodec.encode(events[i % events.count])) }
    }
}
