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
