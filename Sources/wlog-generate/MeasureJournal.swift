import Foundation
import WlogCore
import WlogJournal

// `wlog-generate measure-replay --journal PATH`: how fast a whole journal replays (issue #7).
//
//   wlog-generate measure-replay --journal PATH [--runs 5] [--only read,replay]
//
// Times, best of `--runs` (wall and thread CPU): `read` — `JournalReader.forEachLine` with an empty
// body (LZ4, the XXH32 frame checksums, the line and chain checks); `replay` — the same with
// `WlogState.apply(line:)`, what every command's full replay does (PerfBaselines' `Replay lifer
// 20y`). Made for `perf record` and callgrind of the read path.

/// The `--journal` mode of `measure-replay`.
func measureJournal(_ path: String, runs: Int, only: Set<String>) {
    var events = 0
    do {
        try JournalReader(at: path).forEachLine { _, _ in events += 1 }
    } catch {
        usage("cannot read \(path): \(error)")
    }
    print("measure-replay: \(path): \(events) events")
    var checks: [Int] = []
    if only.contains("read") {
        let read = Timing.best(runs: runs) {
            var bytes = 0
            _ = try? JournalReader(at: path).forEachLine { _, line in bytes &+= line.count }
            return bytes
        }
        print(read.line("journal read (LZ4, XXH32, lines)", events: events))
        checks.append(read.check)
    }
    if only.contains("replay") {
        let replay = Timing.best(runs: runs) {
            var state = WlogState.initial
            do {
                let reader = try JournalReader(at: path)
                state.reserveCapacity(events: reader.estimatedLineCount())
                try reader.forEachLine { _, line in try state.apply(line: line) }
            } catch {
                return -1
            }
            return state.eventCount
        }
        print(replay.line("journal read + apply(line:)", events: events))
        checks.append(replay.check)
    }
    print("checks: \(checks.map(String.init).joined(separator: " "))")
}
