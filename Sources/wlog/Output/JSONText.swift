import WlogCore
import WlogInterop

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
    /// One field as written (`CSVWriter`'s rule): quoted when it has a comma, quote or line break.
    static func field(_ text: String) -> String {
        CSVWriter.needsQuotes(text) ? CSVWriter.quoted(text) : text
    }

    /// The header and the rows as text.
    static func render(_ rows: Rows) -> String { String(decoding: bytes(rows), as: UTF8.self) }

    /// The header and the rows as UTF-8 bytes, written into one buffer sized for them first: each
    /// cell straight from its value, a text copied unless it needs quotes (appending each field to a
    /// `String`, or making each cell's string first, cost more).
    static func bytes(_ rows: Rows) -> [UInt8] {
        let header = rows.columns.map(Cell.text)
        func room(_ cells: [Cell]) -> Int {
            var room = cells.count  // the commas and the line end
            for cell in cells {
                if case .text(let text) = cell { room += 2 * text.utf8.count + 2 } else { room += cell.maxPlainLength }
            }
            return room
        }
        let capacity = rows.rows.reduce(room(header)) { $0 + room($1) }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            func line(_ cells: [Cell]) {
                for (index, cell) in cells.enumerated() {
                    if index > 0 {
                        buffer[count] = UInt8(ascii: ",")
                        count += 1
                    }
                    guard case .text(var text) = cell else {
                        count = cell.write(into: buffer, at: count)  // numbers, days and ids are never quoted
                        continue
                    }
                    // One pass over the bytes: copied when none is a comma, quote or line break (most),
                    // else written as `field` has it.
                    let copied = text.withUTF8 { bytes in
                        for byte in bytes where byte == 0x2C || byte == 0x22 || byte == 0x0A || byte == 0x0D { return false }
                        UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
                        return true
                    }
                    count = copied ? count + text.utf8.count : Cell.text(field(text)).write(into: buffer, at: count)
                }
                buffer[count] = UInt8(ascii: "\n")
                count += 1
            }
            line(header)
            for cells in rows.rows { line(cells) }
        }
    }
}
