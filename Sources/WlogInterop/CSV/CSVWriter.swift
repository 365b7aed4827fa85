/// Writes CSV text: UTF-8 without BOM, `\n` line endings, RFC 4180 quoting.
struct CSVWriter {
    /// The delimiter written between fields.
    let delimiter: Character
    /// The text written so far.
    private(set) var text = ""

    /// Makes a writer for `delimiter` (default `,`).
    init(delimiter: Character = ",") { self.delimiter = delimiter }

    /// One field as written: quoted when `always` or when it holds the delimiter, a quote or a line break.
    func field(_ value: String, quoted always: Bool = false) -> String {
        let needs = always || value.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
        guard needs else { return value }
        return "\"" + value.replacingQuotes() + "\""
    }

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
