#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogSnapshotFile

/// Rendering helpers of the read commands: rows to text in any format, single objects, nested
/// JSON documents, key/value blocks, and writing to stdout or a file.
enum ReadOutput {
    /// Rows as text in `format` (what `Printer.emit` prints, as a string).
    static func render(_ rows: Rows, format: OutputFormat, tableHeaders: [String]? = nil) -> String {
        switch format {
        case .table: return TableText.render(rows, headers: tableHeaders)
        case .csv: return CSVText.render(rows)
        case .json: return JSONText.array(rows)
        case .jsonl: return JSONText.lines(rows)
        }
    }

    /// One record (a single-value command): an object in JSON, one line in JSON lines, a header
    /// and one row in CSV, a field/value table otherwise.
    static func single(_ rows: Rows, format: OutputFormat) -> String {
        guard let cells = rows.rows.first else { return render(rows, format: format) }
        switch format {
        case .json, .jsonl: return JSONText.object(columns: rows.columns, cells: cells) + "\n"
        case .csv: return CSVText.render(rows)
        case .table: return FieldsText.render(zip(rows.columns, cells.map(\.plain)).map { ($0, $1) })
        }
    }

    /// A JSON object whose values are raw JSON texts (for nesting arrays in objects).
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JSONText.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// The flat fields of the first row of `rows`, as (key, raw JSON) pairs.
    static func fields(_ rows: Rows) -> [(String, String)] {
        guard let cells = rows.rows.first else { return [] }
        return zip(rows.columns, cells.map(\.json)).map { ($0, $1) }
    }

    /// A JSON array of the rows' objects: one per line when `multiline` (JSON), else on one line (JSON lines).
    static func array(_ rows: Rows, multiline: Bool) -> String {
        let objects = rows.rows.map { JSONText.object(columns: rows.columns, cells: $0) }
        if objects.isEmpty { return "[]" }
        return multiline ? "[\n" + objects.joined(separator: ",\n") + "\n]" : "[" + objects.joined(separator: ",") + "]"
    }

    /// Writes to stdout, or to `path` (`AtomicFile`: a regular file replaced atomically, keeping its
    /// mode) with a note on stderr.
    static func write(_ text: String, to path: String?, rowCount: Int? = nil) throws {
        try write(Array(text.utf8), to: path, rowCount: rowCount)
    }

    /// Writes bytes to stdout, or to `path` (`AtomicFile`) with a note on stderr.
    static func write(_ bytes: [UInt8], to path: String?, rowCount: Int? = nil) throws {
        guard let path else {
            StandardStream.out(bytes)
            return
        }
        try AtomicFile.write(bytes, to: path, what: "the output")
        printError("wlog: wrote " + (rowCount.map { "\($0) row" + ($0 == 1 ? "" : "s") } ?? "output") + " to \(path)")
    }
}

/// Aligned `field  value` lines for the terminal; empty values are left out.
enum FieldsText {
    static func render(_ pairs: [(String, String)], indent: String = "") -> String {
        let shown = pairs.filter { !$0.1.isEmpty }
        let width = shown.map { TableText.width($0.0) }.max() ?? 0
        return shown.map { field, value in
            indent + field + String(repeating: " ", count: width - TableText.width(field) + 2) + value + "\n"
        }.joined()
    }
}

/// Text of masses and records for tables: `116.67 kg`.
enum MassCellText {
    static func text(_ mass: Mass?, unit: MassUnit) -> String {
        guard let mass else { return "" }
        return FixedPoint.format(mass.converted(to: unit).tenThousandths) + " " + unit.rawValue
    }
}

/// Local wall time in the display zone: `2026-11-20 19:05` (tables) or ISO 8601 with offset.
extension Instant {
    func zoned(_ zone: Zone) -> ZonedInstant { ZonedInstant(self, offsetMinutes: zone.offsetMinutes(at: self)) }
}

extension ZonedInstant {
    /// `2026-11-20 19:05`.
    var shortLocalText: String {
        let text = iso8601WithOffset  // 2026-11-20T19:05:00+01:00 (or with milliseconds)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }
}

/// Fitting tables into a terminal's width.
enum TableFit {
    /// Shortens the text cells of `column` (with `…`) so that the table is at most `width` columns wide.
    static func fit(_ rows: Rows, column: Int, headers: [String], width: Int = 80) -> Rows {
        var widths = headers.map(TableText.width)
        for cells in rows.rows {
            for (index, cell) in cells.enumerated() { widths[index] = max(widths[index], TableText.width(cell.plain)) }
        }
        let others = widths.enumerated().filter { $0.offset != column }.reduce(0) { $0 + $1.element } + 2 * (widths.count - 1)
        let room = max(TableText.width(headers[column]), width - others)
        var fitted = rows
        for (r, cells) in rows.rows.enumerated() {
            guard case .text(let text) = cells[column], TableText.width(text) > room else { continue }
            var shortened = ""
            for scalar in text.unicodeScalars {
                if TableText.width(shortened) + 2 > room { break }
                shortened.unicodeScalars.append(scalar)
            }
            fitted.rows[r][column] = .text(shortened + "…")
        }
        return fitted
    }
}
