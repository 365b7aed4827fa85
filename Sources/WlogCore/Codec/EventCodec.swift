/// The canonical line codec of the journal: one event ⇄ one line of canonical JSON.
///
/// A line is UTF-8 JSON without insignificant white space, ending in `\n`, with its members in a
/// fixed order: the envelope `seq`, `id`, `type`, `v`, `at`, `tz`, `recorded`, `actor`, then the
/// payload's keys in the declaration order of its struct. The same event always has the same
/// bytes. Representations (full catalogue in `docs/EVENTS.md`):
///
/// - ids: 32 lowercase hex digits in a string; `seq` and `v`: integers.
/// - `at`, `recorded` and other instants: `"2026-11-20T17:05:00.000Z"` (UTC, milliseconds);
///   `tz` (and `performed_tz`, `measured_tz`): the UTC offset in minutes in force there.
/// - `recorded` is written only when it differs from `at`: an event logged as it happened (the
///   usual case) reads `recorded` = `at` (`jq '.recorded // .at'`). Written always, it would cost
///   bytes of every event in the compressed journal (docs/EVENTS.md, "Envelope").
/// - masses: the exact decimal as a string and the unit beside it,
///   `"weight":"102.5","unit":"kg"`; distances likewise (`"distance":"5","distance_unit":"km"`).
/// - durations: integer milliseconds (`duration_ms`); RPE: a JSON number (`8`, `8.5`);
///   ratings: integers 1–5; enumerations: their raw strings; arrays: JSON arrays.
/// - absent optionals are omitted; so are `set_type` `working`, `done` `true`, `available`
///   `true`, `pain` `false`, `custom` `false` and empty non-optional arrays.
///
/// The writer always writes the current schema version of each type (`currentVersion(of:)`);
/// the reader upcasts older versions through `upcasters`.
public enum EventCodec {
    /// The newest payload schema version (every type is at 1).
    public static let currentVersion = 1

    /// The newest payload schema version of a type: what the writer writes.
    public static func currentVersion(of type: EventType) -> Int { 1 }

    // MARK: encoding

    /// The canonical line of an event, `seq` included, ending in `\n`.
    public static func encode(_ event: Event) -> [UInt8] { write(event, withSeq: true) }

    /// The canonical line of an event as a `String`.
    public static func encodeString(_ event: Event) -> String {
        String(decoding: encode(event), as: UTF8.self)
    }

    /// The canonical line without the `seq` member (it begins `{"id":"`), as handed to the
    /// journal writer, which splices `"seq":N,` in after the `{`.
    public static func encodePending(_ event: Event) -> [UInt8] { write(event, withSeq: false) }

    /// Writes the line into a fresh buffer.
    static func write(_ event: Event, withSeq: Bool) -> [UInt8] {
        var w = LineWriter()
        let e = event.envelope
        if withSeq {
            w.raw("{\"seq\":")
            w.uint64(e.seq)
            w.raw(",\"id\":")
        } else {
            w.raw("{\"id\":")
        }
        w.eventID(e.id)
        w.raw(",\"type\":\"")
        w.bytes.append(contentsOf: event.type.rawValue.utf8)
        w.raw("\",\"v\":")
        w.int(currentVersion(of: event.type))
        w.raw(",\"at\":")
        w.instant(e.occurred.instant)
        w.raw(",\"tz\":")
        w.int(e.occurred.offsetMinutes)
        if e.recorded != e.occurred.instant {
            w.raw(",\"recorded\":")
            w.instant(e.recorded)
        }
        w.raw(",\"actor\":")
        w.string(e.actor)
        w.payload(event.payload)
        w.raw("}\n")
        return w.bytes
    }

    // MARK: decoding

    /// Reads one line (a trailing `\n` and surrounding white space are allowed).
    ///
    /// Canonical lines take the fast path; any member order, white space between tokens,
    /// `null` for an absent optional and unknown keys (skipped) are accepted too. A line whose
    /// `v` is older than its type's current version is upcast (see `upcasters`).
    public static func decode(_ line: UnsafeRawBufferPointer) throws(EventDecodingError) -> Event {
        guard let start = line.baseAddress, line.count > 0 else {
            throw EventDecodingError(.syntax, offset: 0, expected: "'{' opening the event object")
        }
        let base = start.assumingMemoryBound(to: UInt8.self)
        do {
            var reader = LineReader(base: base, count: line.count)
            return try reader.event()
        } catch {
            if let upcast = try upcastIfOlder(line, failure: error) { return upcast }
            throw error
        }
    }

    /// Reads one line from bytes.
    public static func decode(_ line: [UInt8]) throws(EventDecodingError) -> Event {
        try line.withUnsafeBytes { buffer in
            Result { () throws(EventDecodingError) -> Event in try decode(buffer) }
        }.get()
    }

    /// Reads one line from text.
    public static func decode(_ line: String) throws(EventDecodingError) -> Event {
        var text = line
        return try text.withUTF8 { buffer in
            Result { () throws(EventDecodingError) -> Event in try decode(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }
}
