import Testing
import WlogCore

/// The canonical fast paths of the decoder (envelope, `set.logged`, hex ids, instants) give the
/// same events and the same errors as the general reader, which a leading space forces.
@Suite("Codec: canonical fast paths")
struct CodecFastPathTests {
    /// The outcome of decoding: the event or the error.
    func outcome(_ line: String) -> Result<Event, EventDecodingError> {
        Result { () throws(EventDecodingError) -> Event in try EventCodec.decode(line) }
    }

    /// Decodes `line` canonically and through the general reader (a leading space shifts every
    /// error offset by one, so errors are compared with the offset corrected).
    func expectSameAsGeneral(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = outcome(line)
        let general = outcome(" " + line)
        switch (fast, general) {
        case (.success(let a), .success(let b)):
            #expect(a == b, sourceLocation: sourceLocation)
        case (.failure(let a), .failure(let b)):
            #expect(a.kind == b.kind && a.key == b.key && a.expected == b.expected && a.offset + 1 == b.offset,
                    "\(a) vs \(b)", sourceLocation: sourceLocation)
        default:
            Issue.record("fast \(fast) vs general \(general)", sourceLocation: sourceLocation)
        }
    }

    static let envelope = #"{"seq":7,"id":"3f9a21c000000000000000000000002a","type":"set.logged","v":1,"at":"2026-11-20T17:05:00.123Z","tz":60,"recorded":"2026-11-20T17:05:03.120Z","actor":"user""#

    @Test("every optional member of set.logged, in the writer's order")
    func fullSet() throws {
        let line = Self.envelope + #","exercise":"romanian-deadlift","workout":"00000000000000010000000000000002","reps":5,"weight":"102.5","unit":"lb","distance":"5","distance_unit":"km","duration_ms":61000,"rpe":8.5,"effort":3,"set_type":"amrap","done":false,"notes":"grind\n","source":"watch"}"#
        expectSameAsGeneral(line)
        let event = try EventCodec.decode(line)
        #expect(EventCodec.encodeString(event) == line + "\n")
        #expect(event.envelope.occurred.instant.millisecondsSince1970 == 1_795_194_300_123)
    }

    @Test("lines the fast path hands to the general reader decode the same")
    func fallbacks() {
        for tail in [
            #","exercise":"squat","reps":5}"#,
            #","exercise":"squat","reps":null}"#,                      // null: an absent optional
            #","exercise":"squat","extra":[1,2],"reps":5}"#,           // unknown key
            #","reps":5,"exercise":"squat"}"#,                         // other order
            #","exercise":"squat","weight":"100"}"#,                   // weight without unit
            #","exercise":"squat","unit":"kg","weight":"100"}"#,
            #","exercise":"squat","reps":5,"seq":9}"#,                 // envelope member after the payload
            #","exercise":"squat","reps":5.5}"#,                       // invalid value
            #","exercise":"squat","set_type":"bogus"}"#,
            #","exercise":"squat"} x"#,                                // trailing data
            #","exercise":"sq\u0075at"}"#,                             // escape
        ] {
            expectSameAsGeneral(Self.envelope + tail)
        }
    }

    @Test("ids: upper-case hex reads, any other digit fails the same way")
    func ids() {
        let id = "3f9a21c000000000000000000000002a"
        for other in ["3F9A21C000000000000000000000002A", "3f9a21c00000000000000000000000g2",
                      "g f9a21c000000000000000000000002", "3f9a21c000000000000000000000002"] {
            expectSameAsGeneral(Self.envelope.replacingOccurrences(of: id, with: other) + #","exercise":"squat"}"#)
        }
    }

    @Test("instants: the canonical form and anything else read as the general parser reads them")
    func instants() {
        let at = "2026-11-20T17:05:00.123Z"
        for other in ["2024-02-29T23:59:59.999Z", "2023-02-29T10:00:00.000Z", "2026-13-01T10:00:00.000Z",
                      "2026-11-20T24:00:00.000Z", "2026-11-20T17:60:00.000Z", "2026-11-20T17:05:60.000Z",
                      "2026-11-20 17:05:00.000Z", "2026-11-20T17:05:00.00aZ", "2026-11-2OT17:05:00.000Z",
                      "2026-11-20T17:05:00.000+01:00", "2026-11-20T17:05:00Z", "0000-01-01T00:00:00.000Z",
                      "2026/11/20T17:05:00.000Z", "2026-11-20T17-05:00.000Z", "2026-11-20T17:05:00,000Z"] {
            expectSameAsGeneral(Self.envelope.replacingOccurrences(of: at, with: other) + #","exercise":"squat"}"#)
        }
    }

    @Test("recorded on the day of at reads only its time; anything else as the general parser reads it")
    func sameDay() {
        let recorded = "2026-11-20T17:05:03.120Z"
        for other in ["2026-11-20T24:00:00.000Z", "2026-11-20T17:60:00.000Z", "2026-11-20T00:00:00.000Z",
                      "2026-11-20T23:59:59.999Z", "2026-11-20T17:05:0x.000Z", "2026-11-21T00:00:00.000Z",
                      "2026-11-20T17:05:03.120+01:00", "2026-11-20T17:05:03Z"] {
            expectSameAsGeneral(Self.envelope.replacingOccurrences(of: recorded, with: other) + #","exercise":"squat"}"#)
        }
        let before1970 = Self.envelope.replacingOccurrences(of: "2026-11-20T17:05:00.123Z", with: "1969-12-31T23:00:00.000Z")
            .replacingOccurrences(of: recorded, with: "1969-12-31T01:02:03.004Z") + #","exercise":"squat"}"#
        expectSameAsGeneral(before1970)
        #expect((try? EventCodec.decode(before1970))?.envelope.recorded.millisecondsSince1970 == -86_400_000 + 3_723_004)
    }

    @Test("planned exercises in the writer's order, and any other form, read as the general reader reads them")
    func planned() {
        let start = Self.envelope.replacingOccurrences(of: "set.logged", with: "workout.started") + #","planned":"#
        for planned in [
            #"[{"exercise":"bench-press","sets":4,"reps_low":5,"reps_high":8,"rpe":8,"rest_s":180},{"exercise":"my-lift","sets":3,"reps_low":8,"reps_high":12}]"#,
            #"[{"sets":4,"exercise":"bench-press","reps_low":5,"reps_high":8}]"#,
            #"[{"exercise":"bench-press","sets":4,"reps_low":5}]"#,
            #"[{"exercise":"bench-press","sets":4.5,"reps_low":5,"reps_high":8}]"#,
            #"[{"exercise":"bench-press","sets":4,"reps_low":5,"reps_high":8,"x":1}]"#,
            #"[{"exercise":"bench-press","sets":4,"reps_low":5,"reps_high":8,"rpe":11}]"#,
            #"[{"exercise":"bench-press","sets":4,"reps_low":5,"reps_high":8} ]"#,
        ] {
            // A space after each `{` sends the objects to the general reader (errors then differ
            // in offset only).
            let fast = outcome(start + planned + "}")
            let general = outcome(start + planned.replacingOccurrences(of: "{", with: "{ ") + "}")
            switch (fast, general) {
            case (.success(let a), .success(let b)): #expect(a == b)
            case (.failure(let a), .failure(let b)): #expect(a.kind == b.kind && a.key == b.key && a.expected == b.expected, "\(a) vs \(b)")
            default: Issue.record("fast \(fast) vs general \(general)")
            }
        }
    }

    @Test("other event types and envelopes out of order")
    func others() {
        expectSameAsGeneral(#"{"seq":3,"id":"3f9a21c000000000000000000000002b","type":"workout.started","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:00.000Z","actor":"user","name":"Push"}"#)
        expectSameAsGeneral(#"{"id":"3f9a21c000000000000000000000002b","seq":3,"type":"set.logged","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:00.000Z","actor":"user","exercise":"squat"}"#)
        expectSameAsGeneral(#"{"seq":3,"id":"3f9a21c000000000000000000000002b","type":"set.logged","v":2,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:00.000Z","actor":"user","exercise":"squat"}"#)
        expectSameAsGeneral(#"{"seq":3,"id":"3f9a21c000000000000000000000002b","type":"set.logged","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"recorded":"2026-11-20T17:05:00.000Z","exercise":"squat"}"#)
    }

    @Test("a line without recorded (equal to at) reads as the general reader and the long form read it")
    func recordedOmitted() throws {
        let short = #"{"seq":3,"id":"3f9a21c000000000000000000000002b","type":"set.logged","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"actor":"user","exercise":"squat","reps":5,"weight":"100","unit":"kg"}"#
        let long = short.replacingOccurrences(of: #""tz":60,"#, with: #""tz":60,"recorded":"2026-11-20T17:05:00.000Z","#)
        expectSameAsGeneral(short)
        expectSameAsGeneral(#"{"seq":3,"id":"3f9a21c000000000000000000000002b","type":"workout.started","v":1,"at":"2026-11-20T17:05:00.000Z","tz":60,"actor":"user","name":"Push"}"#)
        let event = try EventCodec.decode(Array(short.utf8))
        #expect(event.envelope.recorded == event.envelope.occurred.instant)
        #expect(try EventCodec.decode(Array(long.utf8)) == event)
        // The writer writes the short form, whichever form was read.
        #expect(EventCodec.encodeString(event) == short + "\n")
    }
}
