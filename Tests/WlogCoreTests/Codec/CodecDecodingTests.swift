import Testing
import WlogCore

/// Lenient reading (any order, white space, unknown keys, null, escapes) and every error class.
@Suite("Codec: decoding")
struct CodecDecodingTests {
    static let canonical = #"{"seq":12,"id":"3f9a21c000000000000000000000002a","type":"set.logged","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user","exercise":"bench-press","reps":5,"weight":"102.5","unit":"kg","rpe":8.5}"#

    func decodingError(_ line: String) -> EventDecodingError? {
        do {
            _ = try EventCodec.decode(line)
            return nil
        } catch {
            return error
        }
    }

    @Test("canonical line, with or without the trailing newline")
    func canonical() throws {
        let a = try EventCodec.decode(Self.canonical)
        let b = try EventCodec.decode(Self.canonical + "\n")
        #expect(a == b)
        #expect(a.seq == 12)
        #expect(a.envelope.occurred.offsetMinutes == 60)
        guard case .setLogged(let set) = a.payload else { Issue.record("type"); return }
        #expect(set.exercise == "bench-press")
        #expect(set.weight?.tenThousandths == 1_025_000 && set.weight?.unit == .kg)
        #expect(set.rpe == RPE(8.5))
        #expect(set.reps == 5 && set.done && set.setType == .working)
        #expect(EventCodec.encodeString(a) == Self.canonical + "\n")
    }

    @Test("any member order decodes to the same event, payload before type included")
    func anyOrder() throws {
        let expected = try EventCodec.decode(Self.canonical)
        let shuffled = #"{"unit":"kg","rpe":8.5,"actor":"user","weight":"102.5","tz":60,"exercise":"bench-press","recorded":"2026-11-20T17:05:03.120Z","type":"set.logged","reps":5,"v":1,"id":"3f9a21c000000000000000000000002a","at":"2026-11-20T17:05:00.000Z","seq":12}"#
        #expect(try EventCodec.decode(shuffled) == expected)
        #expect(EventCodec.encodeString(try EventCodec.decode(shuffled)) == Self.canonical + "\n")
    }

    @Test("white space, unknown keys, null optionals, escapes and lenient values")
    func lenient() throws {
        let expected = try EventCodec.decode(Self.canonical)
        let hand = """
          { "seq" : 12 , "id":"3F9A21C000000000000000000000002A", "type": "set.logged", "v": 1,
            "at": "2026-11-20T18:05:00+01:00", "recorded": "2026-11-20T17:05:03.120Z",
            "device": {"name": ["x", 1, true, null, {"deep": -1.5e3}]}, "workout": null,
            "exerc\\u0069se": "bench-press", "reps": 5, "weight": 102.50, "unit": "kg", "rpe": 8.50,
            "future_flag": false }\r\n
        """
        #expect(try EventCodec.decode(hand) == expected)
    }

    @Test("escaped strings decode and re-encode canonically")
    func escapes() throws {
        let line = String(Self.canonical.dropLast()) + #","notes":"\u00e9\/\ud83d\udcaa\"\\\b\f\n\r\t\u0001"}"#
        let event = try EventCodec.decode(line)
        guard case .setLogged(let set) = event.payload else { Issue.record("type"); return }
        #expect(set.notes == "é/💪\"\\\u{8}\u{c}\n\r\t\u{1}")
        #expect(EventCodec.encodeString(event).contains(#""notes":"é/💪\"\\\b\f\n\r\t\u0001""#))
    }

    @Test("missing seq is 0, missing actor is user, missing v is current")
    func defaults() throws {
        let line = #"{"id":"3f9a21c000000000000000000000002a","type":"goal.set","at":"2026-11-20T17:05:00.000Z","tz":0,"recorded":"2026-11-20T17:05:03.120Z"}"#
        let event = try EventCodec.decode(line)
        #expect(event.seq == 0 && event.envelope.actor == "user" && event.envelope.version == 1)
        #expect(event.payload == .goalSet(GoalSet(weight: nil)))
    }

    /// (line, kind, key, offset) for each error class.
    static let failures: [(String, EventDecodingError.Kind, String?, Int)] = [
        ("", .syntax, nil, 0),
        ("[1]", .syntax, nil, 0),
        (#"{"seq":1,}"#, .syntax, nil, 9),
        (#"{"seq" 1}"#, .syntax, "seq", 7),
        (#"{"type":"set.logged","exercise":"a"#, .syntax, "exercise", 34),
        (#"{"type":"set.logged","notes":"a"#, .syntax, "notes", 31),
        (#"{"type":"set.logged","notes":"bad \u12"}"#, .invalidString, "notes", 36),
        (#"{"type":"set.logged","notes":"\ud800x"}"#, .invalidString, "notes", 36),
        (#"{"type":"set.logged","notes":"\q"}"#, .invalidString, "notes", 31),
        ("{\"type\":\"set.logged\",\"notes\":\"tab\there\"}", .invalidString, "notes", 33),
        (#"{"type":"set.logged","id":"3f9a21c000000000000000000000002a","at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z"}"#,
         .missingKey, "exercise", 139),
        (#"{"type":"set.logged","exercise":"x"}"#, .missingKey, "id", 36),
        (#"{"type":"set.logged","exercise":"x","unit":"kg"}"#, .missingKey, "weight", 48),
        (#"{"type":"set.logged","exercise":"x","weight":"1"}"#, .missingKey, "unit", 49),
        (#"{"exercise":"x"}"#, .missingKey, "type", 16),
        (#"{"type":"set.logged","reps":5.5}"#, .invalidValue, "reps", 28),
        (#"{"type":"set.logged","reps":99999999999999999999}"#, .invalidValue, "reps", 28),
        (#"{"type":"set.logged","weight":"1.00001"}"#, .invalidValue, "weight", 30),
        (#"{"type":"set.logged","weight":"1e3"}"#, .invalidValue, "weight", 30),
        (#"{"type":"set.logged","unit":"stone"}"#, .invalidValue, "unit", 28),
        (#"{"type":"set.logged","rpe":8.3}"#, .invalidValue, "rpe", 27),
        (#"{"type":"set.logged","rpe":11}"#, .invalidValue, "rpe", 27),
        (#"{"type":"set.logged","effort":6}"#, .invalidValue, "effort", 30),
        (#"{"type":"set.logged","set_type":"heavy"}"#, .invalidValue, "set_type", 32),
        (#"{"type":"set.logged","done":1}"#, .invalidValue, "done", 28),
        (#"{"type":"set.logged","workout":"xyz"}"#, .invalidValue, "workout", 31),
        (#"{"id":"3f9a21c000000000000000000000002g"}"#, .invalidValue, "id", 6),
        (#"{"at":"2026-02-30T17:05:00.000Z"}"#, .invalidValue, "at", 6),
        (#"{"at":"2026-02-20T17:05:00.000"}"#, .invalidValue, "at", 6),
        (#"{"tz":2000}"#, .invalidValue, "tz", 6),
        (#"{"type":"set.lifted"}"#, .unknownType, "type", 8),
        (#"{"type":"set.logged","v":2}"#, .unsupportedVersion, "v", 25),
        (#"{"type":"goal.set","v":0}"#, .unsupportedVersion, "v", 0),
        (#"{"type":"goal.set"} x"#, .trailingData, nil, 20),
        (#"{"type":"goal.set","x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}", .tooDeep, nil, 55),
    ]

    @Test("every error names its class, key and byte offset", arguments: 0..<failures.count)
    func failure(index: Int) throws {
        let (line, kind, key, offset) = Self.failures[index]
        let error = try #require(decodingError(line), "line \(index) should fail: \(line)")
        #expect(error.kind == kind, "\(error)")
        #expect(error.key == key, "\(error)")
        #expect(error.offset == offset, "\(error)")
        #expect(!error.expected.isEmpty)
        #expect(error.description.hasPrefix("byte \(offset)"))
    }

    @Test("invalid UTF-8 in a string is refused with its offset")
    func invalidUTF8() {
        let line = Array(#"{"type":"set.logged","notes":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: EventDecodingError(.invalidString, offset: 30, key: "notes", expected: "valid UTF-8")) {
            try EventCodec.decode(line)
        }
    }

    @Test("every error class is exercised")
    func allKindsCovered() {
        #expect(Set(Self.failures.map(\.1)) == Set(EventDecodingError.Kind.allCases))
    }
}
