import WlogCore

/// JSON output of rows: one array document, or one object per line.
enum JSONText {
    /// A JSON string literal with minimal escaping (RFC 8259).
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// One object: `{"a":1,"b":"x"}`.
    static func object(columns: [String], cells: [Cell]) -> String {
        var out = "{"
        for (index, column) in columns.enumerated() {
            if index > 0 { out += "," }
            out += quoted(column) + ":" + cells[index].json
        }
        return out + "}"
    }

    /// An array document, one object per line for readable diffs, ending in a newline.
    static func array(_ rows: Rows) -> String {
        if rows.rows.isEmpty { return "[]\n" }
        var out = "[\n"
        for (index, cells) in rows.rows.enumerated() {
            out += object(columns: rows.columns, cells: cells)
            out += index + 1 < rows.rows.count ? ",\n" : "\n"
        }
        return out + "]\n"
    }

    /// JSON lines: one object per line.
    static func lines(_ rows: Rows) -> String {
        rows.rows.map { object(columns: rows.columns, cells: $0) + "\n" }.joined()
    }
}

/// CSV output of rows: RFC 4180, `\n` line endings, quoting only where needed.
enum CSVText {
    static func field(_ text: String) -> String {
        guard needsQuotes(text) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `text` has a comma, quote or line break as a character of its own.
    ///
    /// Most fields have none of those bytes, which one pass over the UTF-8 shows (iterating
    /// characters cost ≈ 40 % of `prs --format csv`); a field that has one is checked character by
    /// character as before (a `\r\n` or a comma followed by a combining mark is one character).
    static func needsQuotes(_ text: String) -> Bool {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return false }
        return text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
    }

    /// The header and the rows, as UTF-8 bytes put together and made a string once (appending
    /// each field to a `String` cost ≈ 900 instructions a field).
    static func render(_ rows: Rows) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(96 * (rows.rows.count + 1))
        line(rows.columns, into: &out)
        for cells in rows.rows { line(cells.map(\.plain), into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends one record: the fields, comma-separated, then `\n`.
    private static func line(_ fields: [String], into out: inout [UInt8]) {
        for (index, text) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: field(text).utf8)
        }
        out.append(UInt8(ascii: "\n"))
    }
}

extension String {
    /// Replaces every occurrence of `target` (pure Swift, no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
