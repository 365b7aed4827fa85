/// Writes CSV text: UTF-8 without BOM, `\n` line endings, RFC 4180 quoting.
package struct CSVWriter {
    /// The delimiter written between fields.
    let delimiter: Character
    /// The text written so far.
    private(set) var text = ""

    /// Makes a writer for `delimiter` (default `,`).
    init(delimiter: Character = ",") { self.delimiter = delimiter }

    /// One field as written: quoted when `always` or when it holds the delimiter, a quote or a line break.
    func field(_ value: String, quoted always: Bool = false) -> String {
        always || Self.needsQuotes(value, delimiter: delimiter) ? Self.quoted(value) : value
    }

    /// Whether `value` has the delimiter, a quote or a line break as a character of its own (RFC
    /// 4180's rule, the one every CSV wlog writes follows). Most fields have none of those bytes,
    /// which one pass over the UTF-8 shows; a field that has one is checked character by character
    /// (a `\r\n`, or a comma followed by a combining mark, is one character).
    package static func needsQuotes(_ value: String, delimiter: Character = ",") -> Bool {
        let delimiterByte = delimiter.asciiValue ?? 0
        guard value.utf8.contains(where: { $0 == delimiterByte || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) || delimiterByte == 0 else {
            return false
        }
        return value.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// `value` in quotes, each `"` doubled.
    package static func quoted(_ value: String) -> String { "\"" + value.replacingQuotes() + "\"" }

    /// Appends one record of already formatted fields and a `\n`.
    mutating func appendRecord(_ fields: [String]) {
        text += fields.joined(separator: String(delimiter))
        text += "\n"
    }
}

extension String {
    /// The text with every `"` doubled, for a quoted CSV field.
    func replacingQuotes() -> String {
        guard contains("\"") else { return self }
        var out = ""
        out.reserveCapacity(count + 4)
        for ch in self {
            if ch == "\"" { out += "\"\"" } else { out.append(ch) }
        }
        return out
    }
}
