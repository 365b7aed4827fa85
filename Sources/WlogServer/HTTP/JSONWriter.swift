import NIOCore
import WlogCore

/// JSON text written straight into one byte buffer, byte for byte as `JSONBody.encoder`
/// (Foundation's `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`) writes the same
/// values: no spaces; strings escaped by WlogCore's `JSONString` rule (the journal's and the
/// command line's: `"` `\` `\b` `\f` `\n` `\r` `\t`, other bytes below 0x20 as `\u00xx`,
/// everything else, `/` and non-ASCII included, as it is); integers
/// in decimal; a `Double` as its `description` without a trailing `.0` (`80`, `82.5`, `1e+16`).
///
/// The caller writes an object's keys in byte order of their UTF-8 (the order `.sortedKeys`
/// gives) and writes each value right after its key; commas are the writer's. A NaN or infinite
/// number, which `JSONEncoder` refuses, is written as `null` and clears `isRepresentable`.
struct JSONWriter {
    private(set) var buffer: ByteBuffer
    /// False once a value JSON cannot hold was met: the text is then not what `JSONEncoder` gives.
    private(set) var isRepresentable = true
    private var needsComma = false

    init(capacity: Int = 4_096) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(buffer.readableBytesView) }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A value's opening bracket, after a comma if a value precedes it.
    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.writeInteger(bracket)
    }

    /// A value's closing bracket; a comma goes before whatever follows.
    private mutating func close(_ bracket: UInt8) {
        buffer.writeInteger(bracket)
        needsComma = true
    }

    /// `"name":`; `name` must need no escaping (the models' keys are ASCII letters and digits).
    private mutating func key(_ name: StaticString) {
        let comma = needsComma ? 1 : 0
        needsComma = false
        let count = name.utf8CodeUnitCount
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: comma + count + 3) { out in
            if comma == 1 { out[0] = UInt8(ascii: ",") }
            out[comma] = UInt8(ascii: "\"")
            UnsafeMutableRawBufferPointer(rebasing: out[(comma + 1)...])
                .copyMemory(from: UnsafeRawBufferPointer(start: name.utf8Start, count: count))
            out[comma + 1 + count] = UInt8(ascii: "\"")
            out[comma + 2 + count] = UInt8(ascii: ":")
            return comma + count + 3
        }
    }

    /// `"name":` for a key known only at run time (PostgREST's columns), escaped as any string.
    mutating func key(text name: String) {
        string(name)
        buffer.writeInteger(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func string(_ value: String) {
        let comma = takeComma()
        var value = value
        value.withUTF8 { utf8 in
            guard utf8.contains(where: JSONString.needsEscape) else {
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: comma + utf8.count + 2) { out in
                    if comma == 1 { out[0] = UInt8(ascii: ",") }
                    out[comma] = UInt8(ascii: "\"")
                    UnsafeMutableRawBufferPointer(rebasing: out[(comma + 1)...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                    out[comma + 1 + utf8.count] = UInt8(ascii: "\"")
                    return comma + utf8.count + 2
                }
                return
            }
            if comma == 1 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeInteger(UInt8(ascii: "\""))
            var mark = 0
            var escaped: [UInt8] = []
            for index in utf8.indices {
                let byte = utf8[index]
                guard JSONString.needsEscape(byte) else { continue }
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[mark..<index])))
                escaped.removeAll(keepingCapacity: true)
                JSONString.appendEscape(of: byte, to: &escaped)
                buffer.writeBytes(escaped)
                mark = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[mark...])))
            buffer.writeInteger(UInt8(ascii: "\""))
        }
    }

    mutating func int(_ value: Int) {
        let comma = takeComma()
        var length = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            length += 1
        }
        let sign = value < 0 ? 1 : 0
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: comma + sign + length) { out in
            if comma == 1 { out[0] = UInt8(ascii: ",") }
            if sign == 1 { out[comma] = UInt8(ascii: "-") }
            var digits = value.magnitude
            for index in stride(from: comma + sign + length - 1, through: comma + sign, by: -1) {
                out[index] = UInt8(ascii: "0") + UInt8(digits % 10)
                digits /= 10
            }
            return comma + sign + length
        }
    }

    mutating func double(_ value: Double) {
        guard value.isFinite else {
            isRepresentable = false
            null()
            return
        }
        // Whole numbers below 1e15 print in full, with `.0`, and so as the integer does.
        if value.rounded(.towardZero) == value, value.magnitude < 1e15, !(value == 0 && value.sign == .minus) {
            int(Int(value))
            return
        }
        if takeComma() == 1 { buffer.writeInteger(UInt8(ascii: ",")) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        buffer.writeString(text)
    }

    mutating func bool(_ value: Bool) {
        separate()
        if value { buffer.writeStaticString("true") } else { buffer.writeStaticString("false") }
        needsComma = true
    }

    /// A value another writer wrote (`isRepresentable` there): its bytes as they are.
    mutating func raw(_ bytes: [UInt8]) {
        separate()
        buffer.writeBytes(bytes)
        needsComma = true
    }

    mutating func null() {
        separate()
        buffer.writeStaticString("null")
        needsComma = true
    }

    // A key and its value; `nil` is `null`.

    mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { int(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Double?) {
        key(name)
        if let value { double(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func field(_ name: StaticString, _ values: [String]) {
        key(name)
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    mutating func field(_ name: StaticString, _ value: (some JSONWritable)?) {
        key(name)
        if let value { value.writeJSON(to: &self) } else { null() }
    }

    /// The key and its value when there is one; nothing at all for `nil` (`encodeIfPresent`).
    mutating func fieldIfPresent(_ name: StaticString, _ value: (some JSONWritable)?) {
        guard let value else { return }
        key(name)
        value.writeJSON(to: &self)
    }

    private mutating func separate() {
        if needsComma { buffer.writeInteger(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// 1 when a comma must come first (the caller writes it), else 0; the value after needs one.
    private mutating func takeComma() -> Int {
        defer { needsComma = true }
        return needsComma ? 1 : 0
    }
}
