/// A cursor over one journal line's bytes: the structural part of the canonical-line decoder.
///
/// It never reads outside `0 ..< end`, never traps on hostile input, and reports every problem
/// as an `EventDecodingError` naming the byte offset and the key being read. Values are read by
/// the `LineReader+Values.swift` extension; white space between tokens is accepted (canonical lines
/// have none) so that hand-written lines decode too.
struct LineReader {
    typealias Failure = EventDecodingError

    /// Deepest nesting of arrays and objects accepted.
    static let maxDepth = 32

    let base: UnsafePointer<UInt8>
    let end: Int
    var pos: Int = 0
    var depth: Int = 0
    /// Whether the next top-level member is the object's first.
    var topFirst = true
    /// The key whose value is being read, for error messages.
    var key: CodecKey = .unknown
    /// The lookup tables (fetched once, not per key).
    let tables: CodecTables
    /// The last canonical date read (a replay carries it from line to line).
    var lastDay = DayMemo()
    /// The set fields among the members skipped as `null` (`set.edited` clears them).
    var nulls: SetEdited.Cleared = []

    /// A reader of `count` bytes at `base`.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.end = count
        self.tables = CodecKey.tables
    }

    /// The byte at the cursor, or 0 at the end.
    @inline(__always)
    var byte: UInt8 { pos < end ? base[pos] : 0 }

    /// An error at the cursor about the current key.
    func fail(_ kind: Failure.Kind, _ expected: String) -> Failure {
        Failure(kind, offset: pos, key: key == .unknown ? nil : key.rawValue, expected: expected)
    }

    /// Skips JSON white space.
    @inline(__always)
    mutating func skipSpace() {
        while pos < end {
            let b = base[pos]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            pos += 1
        }
    }

    /// Consumes `b` (after optional white space) or fails with `expected`.
    @inline(__always)
    mutating func expect(_ b: UInt8, _ expected: String) throws(Failure) {
        if byte != b {
            skipSpace()
            guard byte == b else { throw fail(.syntax, expected) }
        }
        pos += 1
    }

    /// Opens the line's top-level object.
    mutating func beginTopObject() throws(Failure) {
        skipSpace()
        try expect(UInt8(ascii: "{"), "'{' opening the event object")
        topFirst = true
        depth = 1
    }

    /// After the top-level object: only white space may follow.
    mutating func finish() throws(Failure) {
        skipSpace()
        key = .unknown
        guard pos == end else { throw fail(.trailingData, "the end of the line after the event object") }
    }

    /// The next member of the top-level object (positioned at its value), or `nil` at its `}`.
    @inline(__always)
    mutating func nextTopMember() throws(Failure) -> CodecKey? {
        var first = topFirst
        let k = try nextMember(&first)
        topFirst = first
        return k
    }

    /// The next member's key of the object being read, or `nil` after its closing `}`.
    ///
    /// `first` tracks whether a `,` is due. Members whose value is `null` are skipped (an absent
    /// optional; a set field's is noted in `nulls`); the cursor is left at the start of the returned key's value.
    mutating func nextMember(_ first: inout Bool) throws(Failure) -> CodecKey? {
        while true {
            guard try nextObjectItem(&first) else { return nil }
            guard byte == UInt8(ascii: "\"") else {
                key = .unknown
                throw fail(.syntax, "a quoted key")
            }
            pos += 1
            let start = pos
            while pos < end, base[pos] != UInt8(ascii: "\""), base[pos] != UInt8(ascii: "\\") { pos += 1 }
            let found: CodecKey
            if pos < end, base[pos] == UInt8(ascii: "\"") {
                found = tables.key(base + start, count: pos - start, readable: end - start)
                pos += 1
            } else {
                pos = start - 1
                key = .unknown
                let bytes = try stringBytes()
                let tables = self.tables
                found = bytes.withUnsafeBufferPointer { buffer -> CodecKey in
                    guard let p = buffer.baseAddress else { return .unknown }
                    return tables.key(p, count: buffer.count, readable: buffer.count)
                }
            }
            key = found
            if byte != UInt8(ascii: ":") { try expect(UInt8(ascii: ":"), "':' after a key") } else { pos += 1 }
            skipSpace()
            if byte == UInt8(ascii: "n") {
                try literal("null")
                nulls.formUnion(SetEdited.Cleared(key: found))
                continue
            }
            return found
        }
    }

    /// Opens an object value.
    mutating func beginObject() throws(Failure) {
        try expect(UInt8(ascii: "{"), "an object")
        depth += 1
        guard depth <= LineReader.maxDepth else { throw fail(.tooDeep, "at most \(LineReader.maxDepth) levels of nesting") }
    }

    /// Opens an array value.
    mutating func beginArray() throws(Failure) {
        try expect(UInt8(ascii: "["), "an array")
        depth += 1
        guard depth <= LineReader.maxDepth else { throw fail(.tooDeep, "at most \(LineReader.maxDepth) levels of nesting") }
    }

    /// An array value whose elements `element` reads, each at the cursor; room for `reserving`
    /// elements is made up front when the array is not empty.
    @inline(__always)
    mutating func array<Element>(reserving: Int = 0, _ element: (inout LineReader) throws(Failure) -> Element) throws(Failure) -> [Element] {
        try beginArray()
        var out: [Element] = []
        if reserving > 0, byte != UInt8(ascii: "]") { out.reserveCapacity(reserving) }
        var first = true
        while try nextElement(&first) { out.append(try element(&self)) }
        return out
    }

    /// Whether another element follows in the array being read; consumes `,` or the closing `]`.
    @inline(__always)
    mutating func nextElement(_ first: inout Bool) throws(Failure) -> Bool {
        try nextItem(&first, close: UInt8(ascii: "]"), "',' or ']' after an element")
    }

    /// Whether another member follows in the object being read; consumes `,` or the closing `}`
    /// and leaves the cursor at the member's key.
    @inline(__always)
    mutating func nextObjectItem(_ first: inout Bool) throws(Failure) -> Bool {
        try nextItem(&first, close: UInt8(ascii: "}"), "',' or '}' after a value")
    }

    /// The step between the items of an array or object: `false` after consuming its closing
    /// byte `close`, else `true` with the `,` before any item but the first consumed (`first`
    /// tracks that) and the cursor at the item.
    @inline(__always)
    private mutating func nextItem(_ first: inout Bool, close: UInt8, _ expected: String) throws(Failure) -> Bool {
        skipSpace()
        if byte == close {
            pos += 1
            depth -= 1
            return false
        }
        if !first {
            guard byte == UInt8(ascii: ",") else { throw fail(.syntax, expected) }
            pos += 1
            skipSpace()
        }
        first = false
        return true
    }

    /// Consumes the exact literal `true`, `false` or `null`.
    mutating func literal(_ text: StaticString) throws(Failure) {
        let n = text.utf8CodeUnitCount
        guard end - pos >= n else { throw fail(.syntax, "'\(text)'") }
        let p = text.utf8Start
        for i in 0..<n where base[pos + i] != p[i] { throw fail(.syntax, "'\(text)'") }
        pos += n
    }

    /// Skips one value of any type (an unknown key's), checking its syntax.
    mutating func skipValue() throws(Failure) {
        skipSpace()
        switch byte {
        case UInt8(ascii: "\""):
            _ = try stringSpan()
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            let saved = key
            while try nextMember(&first) != nil { try skipValue() }
            key = saved
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            _ = try numberSpan()
        }
    }

    /// The bytes of a JSON number at the cursor (validated loosely: sign, digits, `.`, exponent).
    mutating func numberSpan() throws(Failure) -> Range<Int> {
        let start = pos
        if byte == UInt8(ascii: "-") { pos += 1 }
        var digits = 0
        while pos < end {
            let b = base[pos]
            if b >= 0x30 && b <= 0x39 { digits += 1 }
            else if !(b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
                      || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")) { break }
            pos += 1
        }
        guard digits > 0 else {
            pos = start
            throw fail(.syntax, "a value")
        }
        return start..<pos
    }
}
