/// The envelope members read so far from a line, in whatever order they came.
struct EnvelopeFields {
    var seq: UInt64 = 0
    var id: EventID?
    var type: EventType?
    var version: Int?
    var at: Instant?
    /// The offset stated inside a non-canonical `at` text, used when `tz` is absent.
    var atOffset: Int = 0
    var tz: Int?
    var recorded: Instant?
    var actor: String?

    /// Reads the value of `key` if it is an envelope key; skips any other (unknown) value.
    mutating func read(_ key: CodecKey, _ r: inout LineReader) throws(EventDecodingError) {
        switch key {
        case .seq: seq = try r.uint64()
        case .id: id = try r.eventID()
        case .type: type = try r.eventType()
        case .v:
            let start = r.pos
            let v = try r.int()
            let current = type.map(EventCodec.currentVersion(of:)) ?? EventCodec.currentVersion
            guard v == current else {
                r.pos = start
                throw r.fail(.unsupportedVersion, "schema version \(current) (older versions are upcast, newer ones need a newer wlog)")
            }
            version = v
        case .at:
            let parsed = try r.instant()
            at = parsed.instant
            atOffset = parsed.offset
        case .tz: tz = try r.offset()
        case .recorded: recorded = try r.instant().instant
        case .actor: actor = try r.string()
        default: try r.skipValue()
        }
    }

    /// The envelope, once the object is read; fails on a missing required member.
    func envelope(_ r: LineReader, type: EventType) throws(EventDecodingError) -> Envelope {
        func missing(_ key: String) -> EventDecodingError {
            EventDecodingError(.missingKey, offset: r.pos, key: key, expected: "the envelope member \"\(key)\"")
        }
        guard let id else { throw missing("id") }
        guard let at else { throw missing("at") }
        // `recorded` is omitted when it equals `at` (the canonical writer's rule).
        let recorded = self.recorded ?? at
        let current = EventCodec.currentVersion(of: type)
        if let version, version != current {
            throw EventDecodingError(.unsupportedVersion, offset: r.pos, key: "v", expected: "schema version \(current)")
        }
        return Envelope(seq: seq, id: id, version: current, occurred: ZonedInstant(at, offsetMinutes: tz ?? atOffset),
                        recorded: recorded, actor: actor ?? "user")
    }
}
