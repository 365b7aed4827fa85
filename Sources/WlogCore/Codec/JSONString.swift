/// JSON string literals for text output (routine files, CLI JSON): RFC 8259 minimal escaping.
///
/// The canonical line writer (`LineWriter`) escapes the same way straight into its byte buffer;
/// this is the `String` form for everything that is not a journal line.
public enum JSONString {
    /// `text` as a JSON string literal: `"`, `\`, `\n`, `\r`, `\t` escaped, other control
    /// characters as `\u00XX`, everything else (non-ASCII included) as it is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
