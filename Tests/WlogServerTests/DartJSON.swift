import Foundation

/// A JSON value as Dart's `jsonDecode` gives it: a number written without `.`, `e` or `E` is an
/// `int`, any other a `double` — the distinction `int rpe = json['rpe']` throws on. (Foundation's
/// decoders read `8.0` and `8` alike, so they cannot stand in for the app.)
enum DartJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([DartJSON])
    case map([String: DartJSON])

    /// Parses `text` as `jsonDecode` does; throws on anything that is not JSON.
    static func decode(_ text: String) throws -> DartJSON {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw DartError.format("trailing bytes at \(parser.index)") }
        return value
    }

    /// `json[key]` of a `Map<String, dynamic>`: null when absent; throws when `self` is not a map.
    subscript(key: String) -> DartJSON {
        get throws {
            guard case .map(let map) = self else { throw DartError.type("\(self) is not a Map<String, dynamic>") }
            return map[key] ?? .null
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value() throws -> DartJSON {
            skipSpace()
            guard index < bytes.count else { throw DartError.format("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var map: [String: DartJSON] = [:]
                skipSpace()
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .map(map) }
                while true {
                    skipSpace()
                    guard case .string(let key) = try value() else { throw DartError.format("a key is not a string") }
                    skipSpace()
                    try expect(":")
                    map[key] = try value()
                    skipSpace()
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect("}")
                    return .map(map)
                }
            case UInt8(ascii: "["):
                index += 1
                var list: [DartJSON] = []
                skipSpace()
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .list(list) }
                while true {
                    list.append(try value())
                    skipSpace()
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect("]")
                    return .list(list)
                }
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index += 1
                let literal = Data(bytes[start..<index])
                guard let text = try JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String else {
                    throw DartError.format("bad string at \(start)")
                }
                return .string(text)
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                let literal = String(decoding: bytes[start..<index], as: UTF8.self)
                if !literal.contains(where: { ".eE".contains($0) }), let int = Int(literal) { return .int(int) }
                guard let double = Double(literal) else { throw DartError.format("bad number \(literal)") }
                return .double(double)
            }
        }

        mutating func expect(_ character: Character) throws {
            guard index < bytes.count, bytes[index] == character.asciiValue else { throw DartError.format("expected \(character) at \(index)") }
            index += 1
        }

        mutating func word(_ text: String) throws {
            guard bytes[index...].starts(with: text.utf8) else { throw DartError.format("bad literal at \(index)") }
            index += text.utf8.count
        }
    }
}

/// What Dart throws where §6's `fromJson` meets a value its declared type does not hold.
enum DartError: Error, CustomStringConvertible {
    /// A `TypeError`: `int x = 8.5`, `String x = null`, `json['x'] as List` on a map …
    case type(String)
    /// A `FormatException`: `DateTime.parse("2026-01-14")` … (also malformed JSON).
    case format(String)

    var description: String {
        switch self {
        case .type(let text): "TypeError: " + text
        case .format(let text): "FormatException: " + text
        }
    }
}

/// The implicit casts of Dart's sound null safety, one per declared type of §6.
extension DartJSON {
    /// `String x = json['k']`.
    func string(_ name: String) throws -> String {
        guard case .string(let value) = self else { throw DartError.type("\(name): \(self) is not a String") }
        return value
    }

    /// `String? x = json['k']`.
    func optionalString(_ name: String) throws -> String? { self == .null ? nil : try string(name) }

    /// `int x = json['k']` (an `8.0` or `8.5` is a `double`: it throws).
    func int(_ name: String) throws -> Int {
        guard case .int(let value) = self else { throw DartError.type("\(name): \(self) is not an int") }
        return value
    }

    /// `int? x = json['k']`.
    func optionalInt(_ name: String) throws -> Int? { self == .null ? nil : try int(name) }

    /// `json['k']?.toDouble()` (int or double).
    func optionalDouble(_ name: String) throws -> Double? {
        switch self {
        case .null: nil
        case .int(let value): Double(value)
        case .double(let value): value
        default: throw DartError.type("\(name): \(self) has no toDouble()")
        }
    }

    /// `bool x = json['k'] ?? false`.
    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        switch self {
        case .null: fallback
        case .bool(let value): value
        default: throw DartError.type("\(name): \(self) is not a bool")
        }
    }

    /// `json['k'] as List` (throws on null).
    func list(_ name: String) throws -> [DartJSON] {
        guard case .list(let value) = self else { throw DartError.type("\(name): \(self) is not a List") }
        return value
    }

    /// `DateTime.parse(json['k'])`, for the instants the API writes (`2026-01-15T09:30:00Z`, with
    /// or without a fraction, any offset); anything else throws.
    func dateTime(_ name: String) throws -> Date {
        let text = try string(name)
        let full = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = full.date(from: text) ?? fractional.date(from: text) else {
            throw DartError.format("\(name): Invalid date format \(text)")
        }
        return date
    }
}
