import Foundation
import WlogCore

/// The PostgreSQL types of the tables wlog serves, as PostgREST reads and writes them.
enum RESTType: String, Sendable {
    case uuid, text, integer, numeric, boolean, timestamptz

    /// The largest magnitude a `numeric` takes (`22003` beyond): far above any weight or distance,
    /// and far below what the engine's fixed point (1e-4 in an Int64) holds.
    static let numericLimit = 1e9

    /// A filter operand (`eq.225`, `in.(a,b)`'s items) as a value of this type, or `22P02`.
    func value(filter text: String, column: String) throws(RESTError) -> RESTValue {
        if text == "null" { return .null }
        switch self {
        case .text: return .text(text)
        case .uuid:
            guard let uuid = RESTValue.canonicalUUID(text) else { throw .invalidValue(column, text, type: rawValue) }
            return .text(uuid)
        case .integer:
            // PostgreSQL's `integer` (32 bits): digits past its range are out of range, not bad syntax.
            if let n = Int32(text) { return .number(Double(n)) }
            let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            guard text.utf8.count - digits.count <= 1, !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw .invalidValue(column, text, type: rawValue)
            }
            throw .integerOutOfRange(column, text)
        case .numeric:
            guard let n = Double(text), n.isFinite, text.utf8.count <= 40 else { throw .invalidValue(column, text, type: rawValue) }
            guard abs(n) <= RESTType.numericLimit else { throw .outOfRange(column, text) }
            return .number(n)
        case .boolean:
            switch text.lowercased() {
            case "true", "t", "yes", "on", "1": return .bool(true)
            case "false", "f", "no", "off", "0": return .bool(false)
            default: throw .invalidValue(column, text, type: rawValue)
            }
        case .timestamptz:
            guard let instant = RESTValue.instant(text) else { throw .invalidValue(column, text, type: "timestamp with time zone") }
            return .time(ZonedInstant(instant.instant, offsetMinutes: instant.offsetMinutes))
        }
    }

    /// A JSON body's value as a value of this type, or `22P02` (a number may come as a string,
    /// as PostgreSQL casts it; a bool only as a JSON bool).
    func value(json: JSONValue, column: String) throws(RESTError) -> RESTValue {
        switch (self, json) {
        case (_, .null): return .null
        case (.text, .string(let t)), (.uuid, .string(let t)), (.timestamptz, .string(let t)),
             (.integer, .string(let t)), (.numeric, .string(let t)):
            return try value(filter: t, column: column)
        case (.integer, .number(let t)), (.numeric, .number(let t)):
            return try value(filter: t, column: column)
        case (.boolean, .bool(let b)): return .bool(b)
        default:
            throw .invalidValue(column, String(decoding: JSONObject(members: [.init(key: "v", value: json)]).bytes, as: UTF8.self)
                .dropFirst(5).dropLast().description, type: rawValue)
        }
    }
}

/// One value of a row: what PostgREST writes as JSON.
enum RESTValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// `integer` and `numeric` (weights in lb, distances in miles: exact to 1e-4).
    case number(Double)
    /// `text` and `uuid` (canonical lower case).
    case text(String)
    /// `timestamptz`, written with its offset.
    case time(ZonedInstant)

    var isNull: Bool { self == .null }

    var text: String? {
        if case .text(let t) = self { return t }
        return nil
    }

    var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// The value as a filter's text sees it (`like` matches this).
    var filterText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .text(let t): return t
        case .time(let z): return z.iso8601WithOffset
        }
    }

    /// PostgreSQL's order of two non-null values of one type (nil: not comparable).
    static func compare(_ a: RESTValue, _ b: RESTValue) -> ComparisonResult? {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y ? .orderedSame : (!x ? .orderedAscending : .orderedDescending)
        case (.number(let x), .number(let y)): return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        case (.text(let x), .text(let y)): return x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
        case (.time(let x), .time(let y)):
            return x.instant == y.instant ? .orderedSame : (x.instant < y.instant ? .orderedAscending : .orderedDescending)
        default: return nil
        }
    }

    func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let b): json.bool(b)
        case .number(let n): json.double(n)
        case .text(let t): json.string(t)
        case .time(let z): json.string(RESTValue.timestampText(z))
        }
    }

    /// `2026-01-15T09:30:00+01:00` (`.sss` only when not whole seconds), as PostgREST writes a timestamptz.
    static func timestampText(_ z: ZonedInstant) -> String { z.iso8601WithOffset }

    /// An instant with its offset from PostgreSQL's timestamptz input: ISO 8601 with `T` or a
    /// space, an offset or `Z` (none: UTC), and `now()`/`now` (nil here: the caller's clock).
    static func instant(_ text: String) -> ZonedInstant? {
        var t = text.trimmingCharacters(in: .whitespaces)
        if t.utf8.count > 10, t.utf8[t.utf8.index(t.utf8.startIndex, offsetBy: 10)] == UInt8(ascii: " ") {
            t = String(t.prefix(10)) + "T" + String(t.dropFirst(11))
        }
        if t.hasSuffix("+00") || t.hasSuffix("-00") { t += ":00" }
        guard t.utf8.count <= 40, let parsed = Instant.parseISO8601(t) else { return nil }
        let offset = parsed.offsetMinutes ?? 0
        let instant = Instant(millisecondsSince1970: parsed.local - Int64(offset) * 60_000)
        return ZonedInstant(instant, offsetMinutes: offset)
    }

    /// `text` as a canonical lower-case UUID (`8-4-4-4-12`), or nil.
    static func canonicalUUID(_ text: String) -> String? {
        guard text.utf8.count == 36 || text.utf8.count == 32 else { return nil }
        let hex = text.utf8.count == 36 ? text.replacingOccurrences(of: "-", with: "") : text
        guard hex.utf8.count == 32, let id = EventID(hex: hex.lowercased()) else { return nil }
        if text.utf8.count == 36 {
            let dashes = [8, 13, 18, 23].map { text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0)] }
            guard dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
        }
        return APIID.text(id)
    }
}
