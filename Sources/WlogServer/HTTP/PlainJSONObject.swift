/// A request body that is one flat JSON object of plain values, read without Foundation: what
/// the API's clients send for a set (`{"reps":5,"weightKg":100,"rpe":8}`). Anything else —
/// nesting, escapes, non-ASCII text, exponents, a repeated key, bad JSON — is not read (nil), and
/// the body goes to `JSONDecoder` as before, which decodes it or names the fault.
struct PlainJSONObject {
    enum Value: Equatable {
        case string(String)
        /// A number as written (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 24 characters).
        case number(String)
        case bool(Bool)
        case null
    }

    private(set) var fields: [(key: String, value: Value)] = []

    /// The object `bytes` hold, nil when they are not one flat object of plain values.
    init?(_ bytes: some Collection<UInt8>) {
        var reader = Reader(bytes: Array(bytes))
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                guard let key = reader.string(), reader.take(UInt8(ascii: ":")), let value = reader.value(),
                      !fields.contains(where: { $0.key == key }) else { return nil }
                fields.append((key, value))
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        guard reader.atEnd else { return nil }
    }

    /// The value of `key`, nil when absent.
    subscript(key: String) -> Value? { fields.first { $0.key == key }?.value }

    /// Whether every key is one of `keys`.
    func hasOnly(_ keys: Set<String>) -> Bool { fields.allSatisfy { keys.contains($0.key) } }

    /// An optional string: nil when absent or null; `.none` for another type.
    func string(_ key: String) -> String?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }

    /// An optional whole number: nil when absent or null; `.none` for another type or a fraction.
    func int(_ key: String) -> Int?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .number(let text)? where !text.contains("."): Int(text).map { .some($0) }
        default: nil
        }
    }

    /// An optional number: nil when absent or null; `.none` for another type.
    func double(_ key: String) -> Double?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .number(let text)?: Double(text).map { .some($0) }
        default: nil
        }
    }

    /// An optional Boolean: nil when absent or null; `.none` for another type.
    func bool(_ key: String) -> Bool?? {
        switch self[key] {
        case nil, .null?: .some(nil)
        case .bool(let value)?: .some(value)
        default: nil
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func take(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for k in 0..<count where bytes[index + k] != word.utf8Start[k] { return false }
            index += count
            return true
        }

        /// A string of printable ASCII without escapes.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                guard (0x20...0x7E).contains(bytes[index]), bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return take("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return take("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return take("null") ? .null : nil
            default: return number()
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 24 characters.
        mutating func number() -> Value? {
            let start = index
            _ = take("-")
            guard let first = digit() else { return nil }
            if first != 0 { while digit() != nil {} }
            if take(".") {
                guard digit() != nil else { return nil }
                while digit() != nil {}
            }
            guard index - start <= 24 else { return nil }
            return .number(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        mutating func digit() -> UInt8? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return bytes[index] - UInt8(ascii: "0")
        }
    }
}

/// A request body type with a reading of `PlainJSONObject`: `JSONBody.decode` tries it first.
protocol PlainJSONDecodable: Decodable {
    /// The value of a plain object, nil when `JSONDecoder` is needed (an unknown key, a type that
    /// does not fit): then `JSONDecoder` decodes the body or names its fault, as for any body.
    init?(plain object: PlainJSONObject)
}
