// Journal benchmarks: durable and relaxed appends, sealing, and full replay throughput.
import Benchmark
import Foundation
import WlogJournal

/// A realistic pending `set.logged` line for event `index`.
func eventLine(_ index: Int) -> String {
    let id = String(format: "%016llx%016llx", 0xBE4C, index)
    let exercises = ["bench-press", "back-squat", "deadlift", "overhead-press", "barbell-row", "pull-up"]
    return #"{"id":"\#(id)","type":"set.logged","v":1,"at":"2026-11-20T10:\#(String(format: "%02d", index % 60)):00.000Z","#
        + #""tz":"Europe/Berlin","recorded":"2026-11-20T10:00:00.000Z","actor":"cli","workout":"\#(String(format: "%032x", index / 20))","#
        + #""exercise":"\#(exercises[(index / 15) % exercises.count])","n":\#(index % 5 + 1),"kind":"working","#
        + #""weight":{"kg":\#(60 + Double((index * 37) % 80) * 2.5)},"reps":\#(3 + (index * 13) % 8),"rpe":\#(6 + index % 4)}"#
}

/// A fresh journal in a new temporary directory.
func freshJournal(_ options: JournalOptions) throws -> (JournalWriter, String) {
    let dir = NSTemporaryDirectory() + "wlog-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let writer = try JournalWriter.create(at: dir + "/journal.wlog", journalID: String(repeating: "be", count: 16),
                                          createdAt: Date(), options: options)
    return (writer, dir)
}

let replayDirectory = NSTemporaryDirectory() + "wlog-bench-replay"
let replayJournal = replayDirectory + "/journal.wlog"
let replayEvents = 100_000

/// Writes the 100,000-event sealed journal the replay benchmark reads (once).
@Sendable func makeReplayJournal() throws {
    guard !FileManager.default.fileExists(atPath: replayJournal) else { return }
    try FileManager.default.createDirectory(atPath: replayDirectory, withIntermediateDirectories: true)
    let w = try JournalWriter.create(at: replayJournal, journalID: String(repeating: "ee", count: 16), createdAt: Date(),
                                     options: JournalOptions(durability: .relaxed))
    for start in stride(from: 0, to: replayEvents, by: 100) {
        _ = try w.append((start..<(start + 100)).map(eventLine))
    }
    try w.seal()
    try w.close()
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                           maxDuration: .seconds(5), maxIterations: 1_000)

    Benchmark("Append durable (1 event per commit, fdatasync)") { benchmark in
        guard let (w, dir) = try? freshJournal(JournalOptions()) else { return }
        defer { try? w.close(); try? FileManager.default.removeItem(atPath: dir) }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations { blackHole(try? w.append([eventLine(i)])) }
        benchmark.stopMeasurement()
    }

    Benchmark("Append relaxed (1 event per commit)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        guard let (w, dir) = try? freshJournal(JournalOptions(durability: .relaxed, sealThreshold: .max)) else { return }
        defer { try? w.close(); try? FileManager.default.removeItem(atPath: dir) }
        let lines = benchmark.scaledIterations.map { [eventLine($0)] }
        benchmark.startMeasurement()
        for batch in lines { blackHole(try? w.append(batch)) }
        benchmark.stopMeasurement()
    }

    Benchmark("Seal a 256 KiB hot tail", configuration: .init(maxIterations: 50)) { benchmark in
        guard let (w, dir) = try? freshJournal(JournalOptions(durability: .relaxed, sealThreshold: .max)) else { return }
        defer { try? w.close(); try? FileManager.default.removeItem(atPath: dir) }
        for start in stride(from: 0, to: 2_000, by: 10) { _ = try? w.append((start..<(start + 10)).map(eventLine)) }
        benchmark.startMeasurement()
        blackHole(try? w.seal())
        benchmark.stopMeasurement()
    }

    Benchmark(
        "Replay 100k sealed events (all checks)",
        configuration: .init(
            metrics: [.wallClock, .custom("lines/s", polarity: .prefersLarger, useScalingFactor: false),
                      .custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)],
            maxIterations: 50, setup: { try makeReplayJournal() })
    ) { benchmark in
        var lines = 0, bytes = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard let reader = try? JournalReader(at: replayJournal) else { return }
        _ = try? reader.forEachLine { _, line in
            lines += 1
            bytes += line.count + 1
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        benchmark.measurement(.custom("lines/s", polarity: .prefersLarger, useScalingFactor: false), Int(Double(lines) / seconds))
        benchmark.measurement(.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false), Int(Double(bytes) / seconds / 1e6))
    }
}
