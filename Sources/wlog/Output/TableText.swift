/// Terminal tables: columns padded to their widest cell, numbers right-aligned, a rule under the header.
///
/// Written here rather than with a table package: the mirrored TextTable measures width with
/// `String.count` and pads every column on both sides, which wastes the 80 columns a terminal has.
enum TableText {
    /// Display width of a string: one column per Unicode scalar, except combining marks (0).
    static func width(_ text: String) -> Int {
        // ASCII (nearly every cell) is one column a byte, without looking up scalar properties.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        // Below U+0300 there are no combining marks: no property lookup (a costly one, which a cell
        // with `×` paid).
        return text.unicodeScalars.reduce(0) {
            $0 + ($1.value < 0x300 || $1.properties.generalCategory != .nonspacingMark ? 1 : 0)
        }
    }

    static func render(_ rows: Rows, headers: [String]? = nil) -> String {
        String(decoding: bytes(rows, headers: headers), as: UTF8.self)
    }

    /// The table as UTF-8 bytes: each cell's text and width found once, the lines written into one
    /// buffer (padding and joining strings per cell cost much more).
    static func bytes(_ rows: Rows, headers: [String]? = nil) -> [UInt8] {
        let titles = headers ?? rows.columns
        let columnCount = titles.count
        var texts = titles
        texts.reserveCapacity(columnCount * (rows.rows.count + 1))
        for cells in rows.rows { texts.append(contentsOf: cells.lazy.map(\.plain)) }
        let textWidths = texts.map(width)
        var widths = Array(textWidths[..<columnCount])
        for (index, cellWidth) in textWidths.enumerated().dropFirst(columnCount) {
            widths[index % columnCount] = max(widths[index % columnCount], cellWidth)
        }
        let numeric = (0..<columnCount).map { index in
            rows.rows.contains { $0[index].isNumeric } && !rows.rows.contains { !$0[index].isNumeric && $0[index] != .null }
        }
        var out: [UInt8] = []
        out.reserveCapacity(texts.count * 12)
        func spaces(_ count: Int) {
            for _ in 0..<max(0, count) { out.append(UInt8(ascii: " ")) }
        }
        /// One line: numbers right-aligned, other cells padded (the last one not), trailing spaces cut.
        func line(_ cells: (Int) -> (text: String, width: Int)) {
            for index in 0..<columnCount {
                if index > 0 { spaces(2) }
                var (text, textWidth) = cells(index)
                let padding = widths[index] - textWidth
                if numeric[index] { spaces(padding) }
                text.withUTF8 { out.append(contentsOf: $0) }
                if !numeric[index] && index < columnCount - 1 { spaces(padding) }
            }
            while out.last == UInt8(ascii: " ") { out.removeLast() }
            out.append(UInt8(ascii: "\n"))
        }
        line { (texts[$0], textWidths[$0]) }
        line { (String(repeating: "─", count: widths[$0]), widths[$0]) }
        for row in 0..<rows.rows.count {
            let start = (row + 1) * columnCount
            line { (texts[start + $0], textWidths[start + $0]) }
        }
        return out
    }
}
