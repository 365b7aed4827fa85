import Foundation

/// A JSON value read from a response, compared whole against a literal so that a field too many,
/// a field missing or a value off by one all fail.
enum JSON: Equatable, Sendable, Decodable, CustomStringConvertible,
    ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(nilLiteral: ()) { self = .null }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(stringLiteral value: String) { self = .string(value) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Parses `bytes`; nil when they are not JSON.
    static func parse(_ bytes: some Collection<UInt8>) -> JSON? {
        try? JSONDecoder().decode(JSON.self, from: Data(bytes))
    }

    subscript(key: String) -> JSON? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    subscript(index: Int) -> JSON? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    var string: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    var number: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }

    var array: [JSON]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    var object: [String: JSON]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    /// The same value with `key` set (objects only).
    func with(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }

    /// The same object without `key`.
    func without(_ key: String) -> JSON {
        guard case .object(var object) = self else { return self }
        object[key] = nil
        return .object(object)
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): "\"" + value + "\""
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { "\"\($0)\": " + (object[$0]?.description ?? "") }.joined(separator: ", ") + "}"
        }
    }
}
