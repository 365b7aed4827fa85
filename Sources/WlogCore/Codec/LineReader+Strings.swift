extension LineReader {
    /// The raw content of a JSON string at the cursor (without its quotes), whether it holds
    /// escapes and whether it is pure ASCII. Raw control characters are refused.
    @inline(__always)
    mutating func stringSpan() throws(Failure) -> (range: Range<Int>, escaped: Bool, ascii: Bool) {
        if byte != UInt8(ascii: "\"") { try expect(UInt8(ascii: "\""), "a string") } else { pos += 1 }
        let start = pos
        var escaped = false
        var high: UInt8 = 0
        while pos < end {
            let b = base[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return (start..<(pos - 1), escaped, high < 0x80)
            }
            if b == UInt8(ascii: "\\") {
                escaped = true
                pos += 1
                guard pos < end else { break }
            } else if b < 0x20 {
                throw fail(.invalidString, "no raw control character in a string (use \\n, \\t, \\u00XX)")
            }
            high |= base[pos]
            pos += 1
        }
        throw fail(.syntax, "a closing '\"'")
    }

    /// A JSON string value as a `String`; invalid UTF-8 or escapes are refused.
    @inline(__always)
    mutating func string() throws(Failure) -> String {
        try string(span: try stringSpan())
    }

    /// A string value that is often one of `known` (an exercise id of the library): then the
    /// shared `String` of the table, without making a new one.
    @inline(__always)
    mutating func string(oftenIn known: KnownStrings) throws(Failure) -> String {
        let span = try stringSpan()
        if !span.escaped {
            let index = known.index(base + span.range.lowerBound, count: span.range.count, readable: end - span.range.lowerBound)
            if index >= 0 { return known.strings[index] }
        }
        return try string(span: span)
    }

    /// The `String` of a string value whose span was just read (the cursor is after it).
    @inline(__always)
    mutating func string(span: (range: Range<Int>, escaped: Bool, ascii: Bool)) throws(Failure) -> String {
        if !span.escaped {
            let buffer = UnsafeBufferPointer(start: base + span.range.lowerBound, count: span.range.count)
            if span.ascii { return String(decoding: buffer, as: UTF8.self) }
            guard let text = String(validating: buffer, as: UTF8.self) else {
                pos = span.range.lowerBound
                throw fail(.invalidString, "valid UTF-8")
            }
            return text
        }
        pos = span.range.lowerBound - 1
        let bytes = try stringBytes()
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fail(.invalidString, "valid UTF-8")
        }
        return text
    }

    /// A JSON string at the cursor with its escapes resolved, as UTF-8 bytes.
    mutating func stringBytes() throws(Failure) -> [UInt8] {
        try expect(UInt8(ascii: "\""), "a string")
        var out: [UInt8] = []
        while pos < end {
            let b = base[pos]
            pos += 1
            switch b {
            case UInt8(ascii: "\""):
                return out
            case UInt8(ascii: "\\"):
                guard pos < end else { throw fail(.syntax, "an escape after '\\'") }
                let e = base[pos]
                pos += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        guard end - pos >= 6, base[pos] == UInt8(ascii: "\\"), base[pos + 1] == UInt8(ascii: "u") else {
                            throw fail(.invalidString, "a low surrogate escape after a high surrogate")
                        }
                        pos += 2
                        let low = try hex4()
                        guard low >= 0xDC00 && low < 0xE000 else { throw fail(.invalidString, "a low surrogate (\\uDC00–\\uDFFF)") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        throw fail(.invalidString, "no lone low surrogate")
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidString, "a Unicode scalar") }
                    out.append(contentsOf: UTF8.encode(unicode).map { Array($0) } ?? [])
                default:
                    pos -= 1
                    throw fail(.invalidString, "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
                }
            default:
                guard b >= 0x20 else {
                    pos -= 1
                    throw fail(.invalidString, "no raw control character in a string (use \\n, \\t, \\u00XX)")
                }
                out.append(b)
            }
        }
        throw fail(.syntax, "a closing '\"'")
    }

    /// Four hex digits of a `\u` escape.
    private mutating func hex4() throws(Failure) -> UInt32 {
        guard end - pos >= 4 else { throw fail(.invalidString, "four hex digits after \\u") }
        var v: UInt32 = 0
        for i in 0..<4 {
            guard let d = hexValue(base[pos + i]) else { throw fail(.invalidString, "four hex digits after \\u") }
            v = v << 4 | UInt32(d)
        }
        pos += 4
        return v
    }

    /// A string value that must be one of an enumeration's raw values.
    mutating func enumValue<E: RawRepresentable & CaseIterable>(_: E.Type, _ expected: String) throws(Failure) -> E
    where E.RawValue == String {
        let start = pos
        let span = try stringSpan()
        if !span.escaped {
            let n = span.range.count
            let p = base + span.range.lowerBound
            for candidate in E.allCases {
                var raw = candidate.rawValue
                let same = raw.withUTF8 { r in
                    guard r.count == n else { return false }
                    for i in 0..<n where r[i] != p[i] { return false }
                    return true
                }
                if same { return candidate }
            }
        } else {
            pos = start
            let text = try string()
            if let value = E(rawValue: text) { return value }
        }
        pos = start
        throw fail(.invalidValue, expected)
    }

    /// An array of strings.
    mutating func stringArray() throws(Failure) -> [String] {
        try array { (r: inout LineReader) throws(Failure) in try r.string() }
    }

    /// An array of enumeration raw values.
    mutating func enumArray<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ expected: String) throws(Failure) -> [E]
    where E.RawValue == String {
        try array { (r: inout LineReader) throws(Failure) in try r.enumValue(type, expected) }
    }
}
