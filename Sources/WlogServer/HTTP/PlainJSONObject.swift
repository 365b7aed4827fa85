/// A request body in the plain shape apps send: one JSON object whose values are all scalars
/// (a number, a string, `true`, `false`, `null`), no string holding an escape, each key once.
/// Read in one pass without `JSONDecoder`, which was 5–7 % of a `POST …/sets`'s CPU.
///
/// Only a fast path: `init?(_:)` is nil for anything else — nested values, an escape, a
/// duplicate key, white space JSON does not allow, invalid UTF-8, a malformed number, anything
/// after the object — and the body then goes to `JSONDecoder` (`JSONBody.decode`), whose
/// answers and errors stay the API's. What this reads, it reads as `JSONDecoder` does
/// (`PlainJSONObjectTests` holds each `PlainJSONBody` to it).
struct PlainJSONObject {
    /// A member's value.
    enum Scalar {
        case null
        case bool(Bool)
        /// A number as written, checked against JSON's grammar.
        case number(String)
        case string(String)
    }

    /// The members in the order written.
    private(set) var members: [(key: String, value: Scalar)] = []

    init?(_ bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes)
        guard let members = reader.object() else { return nil }
        self.members = members
    }

    /// The scanner: a cursor over the bytes, every method nil (or false) where the plain shape ends.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 0

        var byte: UInt8? { at < bytes.count ? bytes[at] : nil }

        mutating func skipSpace() {
            while let byte, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
        }

        mutating func take(_ expected: UInt8) -> Bool {
            guard byte == expected else { return false }
            at += 1
            return true
        }

        mutating func object() -> [(key: String, value: Scalar)]? {
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            var members: [(key: String, value: Scalar)] = []
            skipSpace()
            if !take(UInt8(ascii: "}")) {
                repeat {
                    skipSpace()
                    guard let key = string(), !members.contains(where: { $0.key == key }) else { return nil }
                    skipSpace()
                    guard take(UInt8(ascii: ":")) else { return nil }
                    skipSpace()
                    guard let value = scalar() else { return nil }
                    members.append((key, value))
                    skipSpace()
                } while take(UInt8(ascii: ","))
                guard take(UInt8(ascii: "}")) else { return nil }
            }
            skipSpace()
            return at == bytes.count ? members : nil
        }

        mutating func scalar() -> Scalar? {
            switch byte {
            case UInt8(ascii: "\""): return string().map(Scalar.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number().map(Scalar.number)
            }
        }

        /// A string with no escape and no control character, as valid UTF-8.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while let byte, byte != UInt8(ascii: "\"") {
                guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
                at += 1
            }
            guard byte != nil else { return nil }
            let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
            at += 1
            return text
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[at + offset] != word.utf8Start[offset] { return false }
            at += count
            return true
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() -> String? {
            let start = at
            _ = take(UInt8(ascii: "-"))
            if !take(UInt8(ascii: "0")) {
                guard let first = byte, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first) else { return nil }
                skipDigits()
            }
            if take(UInt8(ascii: ".")) {
                guard skipDigits() else { return nil }
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard skipDigits() else { return nil }
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        }

        /// Skips digits; whether there was one.
        @discardableResult
        mutating func skipDigits() -> Bool {
            let start = at
            while let byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { at += 1 }
            return at > start
        }
    }
}

/// A body type that reads the plain shape itself (`PlainJSONObject`): nil leaves the body to
/// `JSONDecoder`, so a value read here must be the one `JSONDecoder` would give.
protocol PlainJSONBody: Decodable {
    init?(plain: PlainJSONObject)
}

extension PlainJSONObject.Scalar {
    /// A number written without fraction or exponent that fits an `Int`; nil for anything else
    /// (which `JSONDecoder` then reads, or refuses naming the field).
    var wholeNumber: Int? {
        guard case .number(let text) = self, !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") })
        else { return nil }
        return Int(text)
    }

    /// A number that is finite as a `Double`.
    var finiteNumber: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
