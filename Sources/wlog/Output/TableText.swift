/// Terminal tables: columns padded to their widest cell, numbers right-aligned, a rule under the header.
///
/// Written here rather than with a table package: the mirrored TextTable measures width with
/// `String.count` and pads every column on both sides, which wastes the 80 columns a terminal has.
enum TableText {
    /// Display width of a string: one column per Unicode scalar, except combining marks (0).
    static func width(_ text: String) -> Int {
        // ASCII (nearly every cell) is one column a byte, without looking up scalar properties.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + ($1.properties.generalCategory == .nonspacingMark ? 0 : 1) }
    }

    static func render(_ rows: Rows, headers: [String]? = nil) -> String {
        let titles = headers ?? rows.columns
        var widths = titles.map(width)
        for cells in rows.rows {
            for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], width(cell.plain)) }
        }
        let numeric = (0..<titles.count).map { index in
            rows.rows.contains { $0[index].isNumeric } && !rows.rows.contains { !$0[index].isNumeric && $0[index] != .null }
        }
        func line(_ texts: [String]) -> String {
            var parts: [String] = []
            for (index, text) in texts.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[index] - width(text)))
                let isLast = index == texts.count - 1
                parts.append(numeric[index] ? padding + text : (isLast ? text : text + padding))
            }
            var joined = parts.joined(separator: "  ")
            while joined.hasSuffix(" ") { joined.removeLast() }
            return joined + "\n"
        }
        var out = line(titles)
        out += line(widths.map { String(repeating: "─", count: $0) })
        for cells in rows.rows { out += line(cells.map(\.plain)) }
        return out
    }
}
