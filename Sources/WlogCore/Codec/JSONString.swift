/// The one escaping rule of every JSON string wlog writes — the journal's canonical lines
/// (`LineWriter`), the command line's JSON and routine files (`quoted`), the API's answers
/// (WlogServer's `JSONWriter`): `"` and `\` after a backslash, the short forms `\b \f \n \r \t`,
/// every other control byte as `\u00XX` (lower-case hex), and every other byte, non-ASCII UTF-8
/// included, as it is. That is RFC 8259's minimal escaping, and Foundation's `JSONEncoder`'s
/// without its escaped `/`, so the API's bytes equal the encoder's it replaced.
public enum JSONString {
    /// Whether `byte` of a string's UTF-8 is written escaped.
    @inline(__always)
    public static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends the escape of a byte that needs one (`needsEscape`).
    public static func appendEscape(of byte: UInt8, to out: inout [UInt8]) {
        assert(needsEscape(byte), "only a byte that needs an escape has one")
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        }
    }

    /// Appends `text` as a JSON string literal, quotes included.
    public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if needsEscape(byte) { appendEscape(of: byte, to: &out) } else { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
