import PropertyBased
import Testing
import WlogCore

/// decode(encode(e)) == e and encode(decode(line)) == line over generated events of every type.
@Suite("Codec: round trips")
struct CodecRoundTripTests {
    static func generator(_ type: EventType?) -> Generator<Event, Shrink.None<Event>> {
        Generator { rng in EventSamples.event(&rng, type: type) }
    }

    @Test("decode ∘ encode is the identity, and the line is stable", arguments: EventType.allCases)
    func roundTrip(type: EventType) async {
        await propertyCheck(count: 200, input: Self.generator(type)) { event in
            let line = EventCodec.encode(event)
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
            let decoded = try EventCodec.decode(line)
            #expect(decoded == event)
            #expect(EventCodec.encode(decoded) == line)
            // exactness beyond Mass's cross-unit equality: units and values survive
            if case .setLogged(let a) = event.payload, case .setLogged(let b) = decoded.payload {
                #expect(a.weight?.unit == b.weight?.unit && a.weight?.tenThousandths == b.weight?.tenThousandths)
                #expect(a.distance?.unit == b.distance?.unit && a.distance?.tenThousandths == b.distance?.tenThousandths)
            }
        }
    }

    @Test("pending lines decode with seq 0 and splice into the full line")
    func pendingRoundTrip() async {
        await propertyCheck(count: 300, input: Self.generator(nil)) { event in
            let pending = EventCodec.encodePending(event)
            #expect(Array(pending.prefix(7)) == Array(#"{"id":""#.utf8))
            var expected = event
            expected.envelope.seq = 0
            let decoded = try EventCodec.decode(pending)
            #expect(decoded == expected)
            let spliced = Array("{\"seq\":\(event.seq),".utf8) + pending.dropFirst()
            #expect(spliced == EventCodec.encode(event))
        }
    }

    @Test("the line is valid JSON text without raw control characters")
    func jsonShape() async {
        await propertyCheck(count: 300, input: Self.generator(nil)) { event in
            let line = EventCodec.encode(event).dropLast()
            #expect(!line.contains { $0 < 0x20 })
            #expect(line.first == UInt8(ascii: "{") && line.last == UInt8(ascii: "}"))
            let parsed = try Array(line).withUnsafeBytes { try JSONValue.parse($0) }
            guard case .object(let object) = parsed else { Issue.record("not an object"); return }
            #expect(object.members.first?.key == "seq")
        }
    }
}
