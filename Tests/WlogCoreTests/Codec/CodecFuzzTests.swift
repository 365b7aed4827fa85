import Testing
import WlogCore

/// Hostile input: random bytes and random mutations of valid lines must throw or decode, never trap.
@Suite("Codec: fuzz")
struct CodecFuzzTests {
    /// Decodes and, when it succeeds, checks that the result re-encodes to a line that decodes.
    func survive(_ bytes: [UInt8]) {
        guard let event = try? EventCodec.decode(bytes) else { return }
        let line = EventCodec.encode(event)
        #expect((try? EventCodec.decode(line)) == event)
    }

    @Test("random bytes")
    func randomBytes() {
        var rng = EventSamples.SeededRNG(seed: 1)
        let alphabet = Array(#"{}[]",:0123456789.-+eEtrufalsn\ u"#.utf8) + [0x00, 0x0A, 0xC3, 0xFF, 0xED, 0xA0]
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...96, using: &rng)
            let bytes = (0..<n).map { _ in
                Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            survive(bytes)
        }
    }

    @Test("mutations of valid lines of every type")
    func mutations() {
        var rng = EventSamples.SeededRNG(seed: 2)
        let interesting = Array(#"{}[]",:\0159.-eEu"#.utf8) + [0x00, 0x80, 0xFF, 0x20]
        var decodedSome = 0
        for round in 0..<30_000 {
            let type = EventType.allCases[round % EventType.allCases.count]
            var line = EventCodec.encode(EventSamples.event(&rng, type: type))
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard !line.isEmpty else { break }
                let i = Int.random(in: 0..<line.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: line[i] = interesting.randomElement(using: &rng)!
                case 1: line.remove(at: i)
                case 2: line.insert(interesting.randomElement(using: &rng)!, at: i)
                case 3: line.removeSubrange(i..<line.count)
                default:
                    let j = Int.random(in: 0..<line.count, using: &rng)
                    line.swapAt(i, j)
                }
            }
            if (try? EventCodec.decode(line)) != nil { decodedSome += 1 }
            survive(line)
        }
        #expect(decodedSome > 0)
    }

    @Test("deep nesting and huge numbers are refused, not overflowed")
    func extremes() {
        let deep = #"{"type":"goal.set","x":"# + String(repeating: "[", count: 100_000)
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(deep) }
        let deepObjects = #"{"type":"goal.set","x":"# + String(repeating: #"{"a":"#, count: 50_000)
        #expect(throws: EventDecodingError.self) { try EventCodec.decode(deepObjects) }
        for number in ["18446744073709551616", "-9223372036854775809", "99999999999999999999999999"] {
            #expect(throws: EventDecodingError.self) { try EventCodec.decode(#"{"seq":"# + number + "}") }
            #expect(throws: EventDecodingError.self) {
                try EventCodec.decode(#"{"type":"set.logged","exercise":"x","reps":"# + number + "}")
            }
            #expect(throws: EventDecodingError.self) {
                try EventCodec.decode(#"{"type":"goal.set","unit":"kg","weight":"# + number + "}")
            }
        }
    }
}
