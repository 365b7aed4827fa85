import WlogCore

/// One table of a Plates export (a CSV file with a header of column names): its rows, each
/// read by column name and PostgreSQL type as the table editor writes them (`NULL` is empty,
/// booleans `true|false`, `timestamptz` `2024-03-05 14:22:31.123+00`).
struct PlatesTable {
    let rows: [Row]

    init(_ bytes: [UInt8], file: String) throws(PlatesExportError) {
        let table = CSVParser.parse(bytes, delimiter: UInt8(ascii: ","))
        var columns: [String: Int] = [:]
        for (index, name) in (table.header?.fields ?? []).enumerated() {
            columns[name.trimmingCharacters(inSet: " ").lowercased()] = index
        }
        rows = table.records.map { Row(record: $0, columns: columns, file: file) }
    }

    /// A row: its fields by column name, typed on reading; a bad value names the file, line and column.
    struct Row {
        let record: CSVRecord
        let columns: [String: Int]
        let file: String

        /// The refusal of `column`'s value as not `expected`.
        func bad(_ column: String, _ expected: String) -> PlatesExportError {
            .value(file: file, line: record.line, column: column, value: columns[column].map { record[safe: $0] } ?? "", expected: expected)
        }

        func optionalText(_ column: String) throws(PlatesExportError) -> String? {
            guard let index = columns[column] else { throw .column(file: file, column: column) }
            let text = record[safe: index]
            return text.isEmpty ? nil : text
        }

        func text(_ column: String) throws(PlatesExportError) -> String {
            guard let text = try optionalText(column) else { throw bad(column, "present (the column is not null)") }
            return text
        }

        /// A `uuid`, canonical lower case.
        func uuid(_ column: String) throws(PlatesExportError) -> String {
            let text = try text(column).lowercased()
            let ok = text.utf8.count == 36 && text.utf8.enumerated().allSatisfy { index, byte in
                [8, 13, 18, 23].contains(index) ? byte == UInt8(ascii: "-")
                    : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            }
            guard ok else { throw bad(column, "a UUID (8-4-4-4-12 hex digits)") }
            return text
        }

        func integer(_ column: String) throws(PlatesExportError) -> Int? {
            guard let text = try optionalText(column) else { return nil }
            guard let n = Int(text), n.magnitude < 1_000_000_000 else { throw bad(column, "a whole number") }
            return n
        }

        func bool(_ column: String) throws(PlatesExportError) -> Bool? {
            switch try optionalText(column)?.lowercased() {
            case nil: return nil
            case "true", "t": return true
            case "false", "f": return false
            default: throw bad(column, "true or false")
            }
        }

        /// One of `values` (the first when empty).
        func choice(_ column: String, _ values: [String]) throws(PlatesExportError) -> String {
            guard let text = try optionalText(column) else { return values[0] }
            guard values.contains(text) else { throw bad(column, values.joined(separator: " or ")) }
            return text
        }

        func group(_ column: String) throws(PlatesExportError) -> MuscleGroup {
            guard let group = MuscleGroup(rawValue: try text(column)) else {
                throw bad(column, "one of seed 000's groups (" + MuscleGroup.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            return group
        }

        /// A decimal in 1e-4 units (`numeric`); exact for up to four decimals.
        private func scaled(_ column: String, _ what: String) throws(PlatesExportError) -> Int64? {
            guard let text = try optionalText(column) else { return nil }
            guard let value = NumberText.scaled(text), value >= 0, !text.contains(",") else { throw bad(column, what) }
            return value
        }

        func mass(_ column: String) throws(PlatesExportError) -> Mass? {
            try scaled(column, "a weight in lb (a number ≥ 0)").map { Mass(tenThousandths: $0, unit: .lb) }
        }

        func distance(_ column: String) throws(PlatesExportError) -> Distance? {
            try scaled(column, "a distance in miles (a number ≥ 0)").map { Distance(tenThousandths: $0, unit: .mi) }
        }

        func optionalTime(_ column: String) throws(PlatesExportError) -> ZonedInstant? {
            guard let text = try optionalText(column) else { return nil }
            guard let parsed = Instant.parseISO8601(text), let offset = parsed.offsetMinutes else {
                throw bad(column, "a timestamptz with its offset (2024-03-05 14:22:31+00)")
            }
            return ZonedInstant(Instant(millisecondsSince1970: parsed.local - Int64(offset) * 60_000), offsetMinutes: offset)
        }

        func time(_ column: String) throws(PlatesExportError) -> ZonedInstant {
            guard let time = try optionalTime(column) else { throw bad(column, "present (a timestamptz)") }
            return time
        }
    }
}
