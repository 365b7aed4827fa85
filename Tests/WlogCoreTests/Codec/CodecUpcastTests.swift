import Testing
import WlogCore

/// Old schema versions are upcast on read; the golden pairs pin the v0 → v1 rules.
@Suite("Codec: upcasting")
struct CodecUpcastTests {
    static let v0 = #"{"seq":3,"id":"3f9a21c000000000000000000000002a","type":"set.logged","v":0,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user","exercise":"bench-press","kg":102.5,"reps":5,"rpe":85,"warmup":true}"#
    static let v1 = #"{"seq":3,"id":"3f9a21c000000000000000000000002a","type":"set.logged","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user","exercise":"bench-press","reps":5,"weight":"102.5","unit":"kg","rpe":8.5,"set_type":"warmup"}"#

    @Test("a set.logged v0 line reads as its v1 event")
    func setLoggedV0() throws {
        let event = try EventCodec.decode(Self.v0)
        #expect(event.envelope.version == 1)
        #expect(EventCodec.encodeString(event) == Self.v1 + "\n")
        guard case .setLogged(let set) = event.payload else { Issue.record("type"); return }
        #expect(set.weight?.tenThousandths == 1_025_000 && set.weight?.unit == .kg)
        #expect(set.rpe == RPE(8.5) && set.setType == .warmup)
    }

    @Test("v0 in any member order, v before or after the payload")
    func v0AnyOrder() throws {
        let shuffled = #"{"rpe":80,"kg":100,"exercise":"squat","v":0,"type":"set.logged","id":"3f9a21c000000000000000000000002a","at":"2026-11-20T17:05:00.000Z","tz":0,"recorded":"2026-11-20T17:05:00.000Z"}"#
        let event = try EventCodec.decode(shuffled)
        guard case .setLogged(let set) = event.payload else { Issue.record("type"); return }
        #expect(set.weight == Mass("100", unit: .kg) && set.rpe == RPE(8) && set.setType == .working)
    }

    @Test("a bad v0 value names the old key; a type without upcaster refuses its old version")
    func refusals() {
        let badRPE = Self.v0.replacing(#""rpe":85"#, with: #""rpe":83"#)
        #expect(throws: EventDecodingError(.invalidValue, offset: 0, key: "rpe",
                                           expected: "RPE in tenths, 10 to 100 in steps of 5 (v0)")) {
            try EventCodec.decode(badRPE)
        }
        let oldGoal = #"{"id":"3f9a21c000000000000000000000002a","type":"goal.set","v":0,"at":"2026-11-20T17:05:00.000Z","tz":0,"recorded":"2026-11-20T17:05:00.000Z"}"#
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(oldGoal) }
    }

    @Test("the registry: one upcaster per (type, from), each below the current version")
    func registry() {
        var seen = Set<String>()
        for step in EventCodec.upcasters {
            #expect(step.from < EventCodec.currentVersion(of: step.type))
            #expect(seen.insert("\(step.type.rawValue)@\(step.from)").inserted)
        }
    }

    @Test("golden v0 pairs: each old line upcasts to the canonical line after it")
    func goldenPairs() throws {
        let lines = try GoldenFile.lines("journal-v0-upcast.jsonl")
        #expect(lines.count >= 4 && lines.count % 2 == 0)
        for pair in stride(from: 0, to: lines.count, by: 2) {
            let event = try EventCodec.decode(lines[pair])
            #expect(EventCodec.encodeString(event) == lines[pair + 1] + "\n", "line \(pair + 1)")
            #expect(try EventCodec.decode(lines[pair + 1]) == event)
        }
    }
}
