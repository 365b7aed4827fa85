/// A generic JSON value, used only on the slow path of reading older schema versions.
///
/// Numbers keep their exact text (`"100"`, `"102.5"`), so an upcaster never goes through
/// floating point. Objects keep their members in order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, as written.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The integer value of a number without fraction or exponent.
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        return Int(text)
    }

    /// The string value.
    public var stringValue: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}

/// A JSON object with its members in order (duplicate keys: the last one counts on lookup).
@PublicInit
public struct JSONObject: Sendable, Hashable {
    /// One member.
    @PublicInit
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
    }

    /// The members in order.
    public var members: [Member] = []

    /// The value of `key`; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key == key })?.value }
        set {
            if let newValue {
                if let i = members.lastIndex(where: { $0.key == key }) { members[i].value = newValue }
                else { members.append(Member(key: key, value: newValue)) }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// Removes `key` and returns its value.
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let value = self[key]
        self[key] = nil
        return value
    }

    /// The compact JSON text of the object (one line, no trailing newline).
    public var bytes: [UInt8] {
        var w = LineWriter()
        JSONValue.object(self).write(into: &w)
        return w.bytes
    }
}

extension JSONValue {
    /// Writes the value as compact JSON.
    func write(into w: inout LineWriter) {
        switch self {
        case .null: w.raw("null")
        case .bool(let b): w.bool(b)
        case .number(let text): w.bytes.append(contentsOf: text.utf8)
        case .string(let text): w.string(text)
        case .array(let values):
            w.bytes.append(UInt8(ascii: "["))
            for (i, v) in values.enumerated() {
                if i > 0 { w.bytes.append(UInt8(ascii: ",")) }
                v.write(into: &w)
            }
            w.bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            w.bytes.append(UInt8(ascii: "{"))
            for (i, m) in object.members.enumerated() {
                if i > 0 { w.bytes.append(UInt8(ascii: ",")) }
                w.string(m.key)
                w.bytes.append(UInt8(ascii: ":"))
                m.value.write(into: &w)
            }
            w.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Parses one JSON document (white space around it allowed).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(EventDecodingError) -> JSONValue {
        guard let start = bytes.baseAddress, bytes.count > 0 else {
            throw EventDecodingError(.syntax, offset: 0, expected: "a JSON value")
        }
        var r = LineReader(base: start.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        r.skipSpace()
        let value = try r.jsonValue()
        try r.finish()
        return value
    }
}

extension LineReader {
    /// A generic JSON value at the cursor.
    mutating func jsonValue() throws(Failure) -> JSONValue {
        skipSpace()
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try bool())
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "["):
            return .array(try array { (r: inout LineReader) throws(Failure) in try r.jsonValue() })
        case UInt8(ascii: "{"):
            try beginObject()
            var object = JSONObject()
            var first = true
            while try nextObjectItem(&first) {
                let name = try string()
                try expect(UInt8(ascii: ":"), "':' after a key")
                object.members.append(JSONObject.Member(key: name, value: try jsonValue()))
            }
            return .object(object)
        default:
            let span = try numberSpan()
            return .number(String(decoding: UnsafeBufferPointer(start: base + span.lowerBound, count: span.count), as: UTF8.self))
        }
    }
}
