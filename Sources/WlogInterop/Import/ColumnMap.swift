/// Maps a header's column names to semantic columns through an alias table.
///
/// Names are compared normalised: trimmed of spaces and quotes, lowercased, inner spaces folded.
/// An alias may carry a unit hint (`kg` for `Weight (kg)`, `m` for `Distance (meters)`).
struct ColumnMap<Column: Hashable & Sendable>: Sendable {
    /// Column index by semantic column.
    private(set) var index: [Column: Int] = [:]
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
        guard let i = index[column], i < fields.count else { return "" }
        return fields[i].trimmingCharacters(inSet: " ")
    }

    /// The untrimmed field of `column` (notes keep their spacing), or `""`.
    func raw(_ column: Column, in fields: [String]) -> String {
        guard let i = index[column], i < fields.count else { return "" }
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
