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
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func render(_ rows: Rows) -> String {
        var out = rows.columns.map(field).joined(separator: ",") + "\n"
        for cells in rows.rows {
            out += cells.map { field($0.plain) }.joined(separator: ",") + "\n"
        }
        return out
    }
}

extension String {
    /// Replaces every occurrence of `target` (pure Swift, no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
