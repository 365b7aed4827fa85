import WlogCore

/// Generated histories as canonical journal lines in memory, back to back: what `measure-replay`
/// and the replay benchmarks fold into states.
///
/// Lifer: consecutive 20-year histories of seeds `seed`, `seed + 1`, … until `events` lines (the
/// last one cut short), each a separate lifter's journal — its own journal id (the one
/// `wlog-generate --seed N` gives), so with `.wlog` ids every history is byte for byte the
/// `--jsonl` output of `wlog-generate --profile lifer --seed N --years 20`. Stress: one history.
public struct GeneratedLines: Sendable {
    /// Which generator.
    public enum Profile: String, Sendable {
        /// `Lifer`: realistic 20-year histories.
        case lifer
        /// `Stress`: one synthetic history of the given length.
        case stress
    }

    /// Every line, each ending in `\n`.
    public private(set) var bytes: [UInt8] = []
    /// The start of every line, plus the end of the last.
    public private(set) var starts: [Int] = [0]
    /// The index of the first line of every history (each replays into a new state).
    public private(set) var histories: [Int] = []

    /// The number of lines.
    public var count: Int { starts.count - 1 }

    /// Generates `events` lines of `profile` histories from `seed` ending on `end`.
    public init(profile: Profile, events: Int, seed: UInt64, end: LocalDay, ids: IDScheme = .wlog) throws {
        var nextSeed = seed
        while count < events {
            let collector = LineCollector()
            let journalID = IDMaker.journalID(seed: nextSeed)
            switch profile {
            case .lifer:
                var lifer = Lifer(seed: nextSeed, years: 20, end: end, ids: ids, journalID: journalID, sink: collector)
                try lifer.run()
            case .stress:
                var stress = Stress(seed: nextSeed, count: events - count, ids: ids, journalID: journalID, sink: collector)
                try stress.run(end: end)
            }
            append(history: collector.lines, limit: events - count)
            nextSeed &+= 1
        }
    }

    /// Appends up to `limit` lines of one history.
    private mutating func append(history lines: [UInt8], limit: Int) {
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

    /// Calls `body` with each line (its `\n` included) and whether it starts a new history.
    @inlinable
    public func forEachLine(_ body: (UnsafeRawBufferPointer, _ newHistory: Bool) throws -> Void) rethrows {
        try bytes.withUnsafeBytes { raw in
            var next = 0
            for i in 0..<count {
                let first = next < histories.count && histories[next] == i
                if first { next += 1 }
                try body(UnsafeRawBufferPointer(rebasing: raw[starts[i]..<starts[i + 1]]), first)
            }
        }
    }
}

/// Keeps the committed canonical lines of generated events in memory, numbered from 1.
final class LineCollector: GeneratedEventSink {
    /// The lines, each ending in `\n`, back to back.
    private(set) var lines: [UInt8] = []
    private var seq: UInt64 = 0

    func add(_ event: Event) throws {
        seq += 1
        var committed = event
        committed.envelope.seq = seq
        lines.append(contentsOf: EventCodec.encode(committed))
    }

    func commit() {}
}
