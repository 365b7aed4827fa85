import Testing
import WlogCore
@testable import wlog

/// Table widths: one column a scalar, none for a combining mark, whatever the scalar's block.
@Suite struct TableTextWidthTests {
    @Test(arguments: ["", "Bench", "60 kg × 9", "Bankdrücken", "e\u{301}", "日本", "\u{1F3CB}\u{FE0F}", "a\u{0300}\u{0301}b", "─"])
    func widthCountsScalarsButMarks(text: String) {
        let reference = text.unicodeScalars.reduce(0) { $0 + ($1.properties.generalCategory == .nonspacingMark ? 0 : 1) }
        #expect(TableText.width(text) == reference)
    }

    /// The string-joining table of before, as the reference for the byte-writing one.
    static func reference(_ rows: Rows, headers: [String]? = nil) -> String {
        let titles = headers ?? rows.columns
        var widths = titles.map(TableText.width)
        for cells in rows.rows {
            for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], TableText.width(cell.plain)) }
        }
        let numeric = (0..<titles.count).map { index in
            rows.rows.contains { $0[index].isNumeric } && !rows.rows.contains { !$0[index].isNumeric && $0[index] != .null }
        }
        func line(_ texts: [String]) -> String {
            var parts: [String] = []
            for (index, text) in texts.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[index] - TableText.width(text)))
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

    @Test func tablesAsBefore() {
        let id = EventID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        let rows = Rows(columns: ["Name", "Best", "Note", "Day"], rows: [
            [.text("Bench"), .fixed(1_025_000, digits: 2), .text(""), .null],
            [.text("Bankdrücken"), .int(7), .text("60 kg × 9 "), .text("e\u{301}")],
            [.day(LocalDay(daysSince1970: 20_779)), .null, .eventID(id), .bool(true)],
        ])
        #expect(TableText.render(rows) == Self.reference(rows))
        #expect(TableText.render(rows, headers: ["N", "Bestes", "Notiz", ""]) == Self.reference(rows, headers: ["N", "Bestes", "Notiz", ""]))
        let empty = Rows(columns: ["A", "B"])
        #expect(TableText.render(empty) == Self.reference(empty))
        #expect(TableText.render(rows).hasPrefix("Name" + String(repeating: " ", count: 10) + "Best  Note"))
    }
}
