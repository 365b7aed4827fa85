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
    /// A whole number (a count, a position, a duration in milliseconds).
    case int
    /// An array of strings.
    case strings = "[string]"
    /// An array of whole numbers.
    case ints = "[int]"
    /// A mass unit: `kg` or `lb`.
    case massUnit = "`kg`/`lb`"
}

/// A type a member's value may have: how a line writes it and reads it back, and its kind.
/// A new kind of member is this conformance and its `PayloadMemberKind`, nothing else.
protocol MemberValue: Sendable {
    static var memberKind: PayloadMemberKind { get }
    /// Appends the value (its key is written already).
    func write(to w: inout LineWriter)
    /// Reads the value at the reader's cursor.
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self
}

extension EventID: MemberValue {
    static var memberKind: PayloadMemberKind { .id }
    func write(to w: inout LineWriter) { w.eventID(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.eventID() }
}

extension String: MemberValue {
    static var memberKind: PayloadMemberKind { .string }
    func write(to w: inout LineWriter) { w.string(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.string() }
}

extension Rating: MemberValue {
    static var memberKind: PayloadMemberKind { .rating }
    func write(to w: inout LineWriter) { w.rating(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.rating() }
}

extension RPE: MemberValue {
    static var memberKind: PayloadMemberKind { .rpe }
    func write(to w: inout LineWriter) { w.rpe(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.rpe() }
}

extension Int: MemberValue {
    static var memberKind: PayloadMemberKind { .int }
    func write(to w: inout LineWriter) { w.int(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.int() }
}

/// Durations in milliseconds (`duration_ms`).
extension Int64: MemberValue {
    static var memberKind: PayloadMemberKind { .int }
    func write(to w: inout LineWriter) { w.int64(self) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { Int64(try r.int()) }
}

extension MassUnit: MemberValue {
    static var memberKind: PayloadMemberKind { .massUnit }
    func write(to w: inout LineWriter) { w.string(rawValue) }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self { try r.massUnit() }
}

/// A value whose arrays are member values too, and the kind of such an array.
protocol MemberElement: MemberValue {
    static var arrayKind: PayloadMemberKind { get }
}

extension String: MemberElement {
    static var arrayKind: PayloadMemberKind { .strings }
}

extension Int: MemberElement {
    static var arrayKind: PayloadMemberKind { .ints }
}

extension Array: MemberValue where Element: MemberElement {
    static var memberKind: PayloadMemberKind { Element.arrayKind }
    func write(to w: inout LineWriter) { w.array(self) { $1.write(to: &$0) } }
    static func read(from r: inout LineReader) throws(EventDecodingError) -> Self {
        try r.array { (r: inout LineReader) throws(EventDecodingError) in try Element.read(from: &r) }
    }
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
    /// A member every line has: `,"key":value`.
    static func required<Value: MemberValue>(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Value,
                                             _ set: @escaping @Sendable (inout Payload, Value) -> Void) -> Self {
        Self(key: key, kind: Value.memberKind, isRequired: true, write: { p, w in w.key(key); get(p).write(to: &w) },
             read: { (p: inout Payload, r: inout LineReader) throws(EventDecodingError) in set(&p, try Value.read(from: &r)) })
    }

    /// A member written only when `get` has a value.
    static func optional<Value: MemberValue>(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Value?,
                                             _ set: @escaping @Sendable (inout Payload, Value) -> Void) -> Self {
        Self(key: key, kind: Value.memberKind, isRequired: false,
             write: { p, w in if let value = get(p) { w.key(key); value.write(to: &w) } },
             read: { (p: inout Payload, r: inout LineReader) throws(EventDecodingError) in set(&p, try Value.read(from: &r)) })
    }

    /// A flag written only when true (`true` is its only value a writer writes).
    static func flag(_ key: CodecKey, _ get: @escaping @Sendable (Payload) -> Bool,
                     _ set: @escaping @Sendable (inout Payload, Bool) -> Void) -> Self {
        Self(key: key, kind: .flag, isRequired: false, write: { p, w in if get(p) { w.key(key); w.bool(true) } },
             read: { (p: inout Payload, r: inout LineReader) throws(EventDecodingError) in set(&p, try r.bool()) })
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
