import Foundation
import PropertyBased
import Testing
@testable import WlogCore

/// A bounded fuzz run over every parser that reads text from a lifter, a file or an event (issue
/// 20): the SET grammar, durations, dates, numbers and masses, and event lines — decoded, folded
/// into a state, checked as external events, queried and re-encoded. Inputs are seeds from
/// `fixtures/fuzz/` mutated at random (bytes flipped, inserted, deleted, duplicated, spliced,
/// numbers made extreme). The property: no crash, and what parses obeys its bounds.
///
/// `WLOG_FUZZ_RUNS` sets the inputs per target (default 1,500: a few seconds in the suite);
/// `scripts/fuzz.sh` runs a longer bounded campaign.
@Suite("Parser fuzz")
struct ParserFuzzTests {
    static let runs = ProcessInfo.processInfo.environment["WLOG_FUZZ_RUNS"].flatMap { Int($0) } ?? 1_500
    static let corpusFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/fuzz")

    static func corpus(_ name: String) -> [[UInt8]] {
        let text = (try? String(contentsOf: corpusFolder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map { Array($0.utf8) }
    }

    /// Bytes a mutation inserts: the grammar's own characters, digits, extremes, UTF-8 and controls.
    static let interesting: [[UInt8]] = ["x", ":", ".", ",", "-", "+", "@", "e", "E", "h", "m", "s", "ms", "km", "lb", "kg",
                                         "BW", "T", "Z", "0", "9", "99999999999999999999", "9223372036854775807",
                                         "4294967296", "-9223372036854775808", "1e308", "nan", "inf", "\"", "{", "}", "[", "]",
                                         "null", "\\u0000", "\\", "é", "\u{1B}", "\u{0}", " ", "\n"].map { Array($0.utf8) }

    /// One input: a seed mutated 1–4 times.
    static func mutated(_ seeds: [[UInt8]]) -> Generator<[UInt8], Shrink.None<[UInt8]>> {
        Generator { rng in
            var bytes = seeds.randomElement(using: &rng) ?? []
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<7, using: &rng) {
                case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
                case 1: bytes.insert(contentsOf: interesting.randomElement(using: &rng) ?? [], at: at)
                case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng)))
                case 3 where !bytes.isEmpty: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
                case 4:
                    let other = seeds.randomElement(using: &rng) ?? []
                    bytes = Array(bytes.prefix(at)) + other.suffix(max(0, other.count - at))
                case 5:
                    // A run of digits replaced by an extreme number.
                    if let start = bytes.indices.first(where: { $0 >= at && (0x30...0x39).contains(bytes[$0]) }) {
                        var end = start
                        while end < bytes.count && (0x30...0x39).contains(bytes[end]) { end += 1 }
                        bytes.replaceSubrange(start..<end, with: Array(["0", "99999999999999999999", "9223372036854775807",
                                                                        "18446744073709551616", "4294967296"].randomElement(using: &rng)!.utf8))
                    }
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
                }
            }
            return bytes
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("SET grammar: a spec parses within its bounds or throws SetSpecError")
    func setSpec() async {
        #expect(!Self.corpus("set-spec.txt").isEmpty)
        await propertyCheck(count: Self.runs, input: Self.mutated(Self.corpus("set-spec.txt"))) { bytes in
            guard let spec = try? SetSpec(tokens: [Self.text(bytes)], defaultUnit: .kg) else { return }
            // The grammar bounds the set count; reps are bounded by the set rules (`decide`), not here.
            #expect((spec.reps ?? 0) >= 0 && LogSets.counts.contains(spec.sets))
            #expect((0...DurationText.maxParsed).contains(spec.durationMilliseconds ?? 0))
            // Whatever parsed goes through the set rules without trapping.
            _ = try? SetRules(reps: spec.reps, weight: spec.weight, distance: spec.distance,
                              durationMilliseconds: spec.durationMilliseconds).check(kind: .strength)
        }
    }

    @Test("durations parse to 0…maxParsed ms and print")
    func durations() async {
        await propertyCheck(count: Self.runs, input: Self.mutated(Self.corpus("duration.txt"))) { bytes in
            guard let ms = DurationText.parse(Self.text(bytes)) else { return }
            #expect((0...DurationText.maxParsed).contains(ms))
            #expect(!DurationText.clock(ms).isEmpty && !DurationText.short(ms).isEmpty)
        }
        for extreme in [Int64.max, Int64.min, 0, -1] {
            #expect(!DurationText.clock(extreme).isEmpty && !DurationText.short(extreme).isEmpty)
        }
    }

    @Test("dates and instants parse or return nil; a parsed instant prints and parses back")
    func dates() async {
        await propertyCheck(count: Self.runs, input: Self.mutated(Self.corpus("date.txt"))) { bytes in
            let text = Self.text(bytes)
            if let instant = Instant(iso8601: text) { #expect(Instant(iso8601: instant.iso8601) == instant) }
            if let day = LocalDay(iso: text) { #expect(LocalDay(iso: day.iso) == day) }
        }
    }

    @Test("numbers and masses parse within Int64 ten-thousandths and convert without overflow")
    func numbers() async {
        await propertyCheck(count: Self.runs, input: Self.mutated(Self.corpus("number.txt"))) { bytes in
            let text = Self.text(bytes)
            _ = FixedPoint.parse(text)
            if let mass = Mass(parsing: text, defaultUnit: .lb) {
                _ = mass.kilogramTenThousandths
                _ = mass.converted(to: .kg).formatted(in: .lb)
            }
            if let distance = SetSpec.distance(text.lowercased()) { _ = distance.metreTenThousandths }
        }
    }

    @Test("event lines: decode or throw; what decodes re-encodes, folds, is checked and queried without a crash")
    func eventLines() async {
        let seeds = Self.corpus("events.jsonl")
        #expect(seeds.count >= 10)
        // The corpus journal, folded: mutated lines land on a state that has sets, workouts and exercises.
        var base = WlogState.initial
        for line in seeds { if let event = try? EventCodec.decode(line) { base.apply(event) } }
        let now = Instant(millisecondsSince1970: 1_795_000_000_000)
        let query = QueryContext(now: now, offsetMinutes: 60)
        await propertyCheck(count: Self.runs, input: Self.mutated(seeds)) { bytes in
            guard var event = try? EventCodec.decode(bytes) else { return }
            let line = EventCodec.encode(event)
            #expect((try? EventCodec.decode(line)) == event)
            var state = base
            _ = try? checkExternal([event], state: state, context: DecideContext(now: now))
            event.envelope.seq = state.lastSeq + 1
            state.apply(event)
            _ = state.history(context: query)
            _ = state.volume(context: query)
            for exercise in Set(state.liveSets.map(\.exercise)) { _ = state.personalRecords(ofExercise: exercise) }
        }
    }
}
