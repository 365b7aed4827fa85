/// A payload described by its members: one list says each member's key, how its value is
/// written and read, and whether a line must have it, and the canonical writer and the reader
/// both go by that list (`LineWriter.payload(_:)`, `LineReader.payload(_:first:env:)`).
///
/// The members are written in list order (the canonical order); a reader accepts them in any
/// order, skips unknown keys and hands envelope keys back, as for every payload.
protocol DescribedPayload: Sendable {
    /// The payload before any member is read: required members get a placeholder the reader
    /// always replaces (a line without one is refused).
    init()
    /// The members in canonical order.
    static var members: [PayloadMember<Self>] { get }
}

/// What a member's value is in a line, as docs/EVENTS.md's JSON column names it.
enum PayloadMemberKind: String, Sendable {
    /// An event id: 32 lowercase hex digits in a string.
    case id
    case string
    /// A whole number 1–5.
    case rating = "rating 1–5"
    /// An RPE: 1–10 in steps of 0.5.
    case rpe = "number"
    /// `true`; absent means false.
    case flag = "bool"
    /// Integer milliseconds.
    case milliseconds = "int"
}

/// One member of a `DescribedPayload`.
struct PayloadMember<Payload>: Sendable {
    /// The member's key.
    let key: CodecKey
    /// What its value is.
    let kind: PayloadMemberKind
    /// Whether a line without it is refused (`missingKey`).
    let isRequired: Bool
    /// Appends `,"key":value`, or nothing when the value is absent or its default.
    let write: @Sendable (Payload, inout LineWriter) -> Void
    /// Reads the value at the reader's cursor into the payload.
    let read: @Sendable (inout Payload, inout LineReader) throws(EventDecodingError) -> Void
}

/// The builders name the member's property twice, as a getter and a setter, rather than by a key
/// path: a key path is built at run time from mangled names the first time it is used, which cost
/// every process that read one of these payloads more than decoding it (perf-log/cli.md,
/// "Session 10: one description per event type, …").
extension PayloadMember {
    /// A required event id: `"set":"<32 hex>"`.
    static func id(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> EventID,
                   _ set: @escaping @Sendable (inout Payload, EventID) -> Void) -> Self {
        required(key, .id, get, set, write: { $0.eventID($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.eventID() })
    }

    /// An optional event id, omitted when absent.
    static func id(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> EventID?,
                   _ set: @escaping @Sendable (inout Payload, EventID) -> Void) -> Self {
        optional(key, .id, get, set, write: { $0.eventID($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.eventID() })
    }

    /// A required string.
    static func string(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> String,
                       _ set: @escaping @Sendable (inout Payload, String) -> Void) -> Self {
        required(key, .string, get, set, write: { $0.string($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.string() })
    }

    /// An optional string, omitted when absent.
    static func string(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> String?,
                       _ set: @escaping @Sendable (inout Payload, String) -> Void) -> Self {
        optional(key, .string, get, set, write: { $0.string($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.string() })
    }

    /// A required rating 1–5.
    static func rating(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Rating,
                       _ set: @escaping @Sendable (inout Payload, Rating) -> Void) -> Self {
        required(key, .rating, get, set, write: { $0.rating($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.rating() })
    }

    /// An optional rating 1–5, omitted when absent.
    static func rating(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Rating?,
                       _ set: @escaping @Sendable (inout Payload, Rating) -> Void) -> Self {
        optional(key, .rating, get, set, write: { $0.rating($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.rating() })
    }

    /// An optional RPE, omitted when absent.
    static func rpe(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> RPE?,
                    _ set: @escaping @Sendable (inout Payload, RPE) -> Void) -> Self {
        optional(key, .rpe, get, set, write: { $0.rpe($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in try r.rpe() })
    }

    /// A flag written only when true (`true` is its only value a writer writes).
    static func flag(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Bool,
                     _ set: @escaping @Sendable (inout Payload, Bool) -> Void) -> Self {
        optional(key, .flag, { get($0) ? true : nil }, set, write: { $0.bool($1) },
                 read: { (r: inout LineReader) throws(EventDecodingError) in try r.bool() })
    }

    /// A required duration in integer milliseconds (`duration_ms`).
    static func milliseconds(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Int64,
                             _ set: @escaping @Sendable (inout Payload, Int64) -> Void) -> Self {
        required(key, .milliseconds, get, set, write: { $0.int64($1) }, read: { (r: inout LineReader) throws(EventDecodingError) in Int64(try r.int()) })
    }

    /// A member every line has: `,"key":value`.
    private static func required<Value>(
        _ key: CodecKey, _ kind: PayloadMemberKind, _ get: @escaping @Sendable (Payload) -> Value, _ set: @escaping @Sendable (inout Payload, Value) -> Void,
        write: @escaping @Sendable (inout LineWriter, Value) -> Void,
        read: @escaping @Sendable (inout LineReader) throws(EventDecodingError) -> Value
    ) -> Self {
        Self(key: key, kind: kind, isRequired: true, write: { p, w in w.key(key); write(&w, get(p)) },
             read: { (p: inout Payload, r: inout LineReader) throws(EventDecodingError) in set(&p, try read(&r)) })
    }

    /// A member written only when `get` has a value.
    private static func optional<Value>(
        _ key: CodecKey, _ kind: PayloadMemberKind, _ get: @escaping @Sendable (Payload) -> Value?, _ set: @escaping @Sendable (inout Payload, Value) -> Void,
        write: @escaping @Sendable (inout LineWriter, Value) -> Void,
        read: @escaping @Sendable (inout LineReader) throws(EventDecodingError) -> Value
    ) -> Self {
        Self(key: key, kind: kind, isRequired: false, write: { p, w in if let value = get(p) { w.key(key); write(&w, value) } },
             read: { (p: inout Payload, r: inout LineReader) throws(EventDecodingError) in set(&p, try read(&r)) })
    }
}

extension LineWriter {
    /// The members of a described payload, in canonical order.
    mutating func payload<P: DescribedPayload>(_ p: P) {
        for member in P.members { member.write(p, &self) }
    }
}

extension LineReader {
    /// Reads a described payload, starting with member `first` (already at its value).
    mutating func payload<P: DescribedPayload>(_: P.Type, first: CodecKey?, env: inout EnvelopeFields) throws(Failure) -> P {
        let members = P.members
        var p = P()
        var seen: UInt64 = 0
        var k = first
        while let key = k {
            if let i = members.firstIndex(where: { $0.key == key }) {
                try members[i].read(&p, &self)
                seen |= 1 << UInt64(i)
            } else {
                try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        for (i, member) in members.enumerated() where member.isRequired && seen & (1 << UInt64(i)) == 0 {
            throw missing(member.key)
        }
        return p
    }
}
