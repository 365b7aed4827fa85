/// Maps a header's column names to semantic columns through an alias table.
///
/// Names are compared normalised: trimmed of spaces and quotes, lowercased, inner spaces folded.
/// An alias may carry a unit hint (`kg` for `Weight (kg)`, `m` for `Distance (meters)`).
/// Columns are small `Int`-backed enums so a lookup per field is an array access, not a hash.
struct ColumnMap<Column: Hashable & Sendable & RawRepresentable>: Sendable where Column.RawValue == Int {
    /// Column index by semantic column.
    private(set) var index: [Column: Int] = [:]
    /// Column index by the column's raw value (−1 when absent): the fast path of `value`.
    private var slots: [Int] = []
    /// Unit hint by semantic column, from the header name.
    private(set) var hints: [Column: String] = [:]
    /// The number of header fields.
    let count: Int
    /// Header names that matched no alias.
    private(set) var unknown: [String] = []

    /// Maps `header` through `aliases` (normalised name → column and optional unit hint).
    init(header: [String], aliases: [String: (Column, String?)]) {
        count = header.count
        for (i, name) in header.enumerated() {
            let key = ColumnMap.normalise(name)
            if let (column, hint) = aliases[key], index[column] == nil {
                index[column] = i
                while slots.count <= column.rawValue { slots.append(-1) }
                slots[column.rawValue] = i
                if let hint { hints[column] = hint }
            } else if !key.isEmpty {
                unknown.append(name)
            }
        }
    }

    /// Whether every one of `columns` is present.
    func has(_ columns: Column...) -> Bool { columns.allSatisfy { index[$0] != nil } }

    /// The trimmed field of `column` in `fields`, or `""` when absent.
    func value(_ column: Column, in fields: [String]) -> String {
        let slot = column.rawValue
        guard slot < slots.count, case let i = slots[slot], i >= 0, i < fields.count else { return "" }
        return fields[i].trimmingCharacters(inSet: " ")
    }

    /// The untrimmed field of `column` (notes keep their spacing), or `""`.
    func raw(_ column: Column, in fields: [String]) -> String {
        let slot = column.rawValue
        guard slot < slots.count, case let i = slots[slot], i >= 0, i < fields.count else { return "" }
        return fields[i]
    }

    /// Lowercased, trimmed of spaces, tabs and quotes, inner whitespace folded; BOM dropped.
    static func normalise(_ name: String) -> String {
        let stripped = name.unicodeScalars.filter { $0 != "\u{FEFF}" }
        return String(String.UnicodeScalarView(stripped))
            .lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\"" })
            .joined(separator: " ")
    }

    /// Checks a record's field count against the header; extra empty trailing fields are fine.
    func checkWidth(_ fields: [String]) -> String? {
        if fields.count == count { return nil }
        if fields.count > count, fields[count...].allSatisfy({ $0.isEmpty }) { return nil }
        return "the row has \(fields.count) fields, the header \(count)"
    }
}
