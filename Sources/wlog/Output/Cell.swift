import WlogCore

/// One value of an output row: text, a whole number, a decimal rounded for display, or absent.
enum Cell: Sendable, Equatable {
    case text(String)
    case int(Int64)
    /// A decimal in ten-thousandths, printed with at most `digits` decimals (masses: 2).
    case fixed(Int64, digits: Int)
    case bool(Bool)
    case null

    /// A mass in the display unit, 2 decimals.
    static func mass(_ mass: Mass?, in unit: MassUnit) -> Cell {
        guard let mass else { return .null }
        return .fixed(mass.converted(to: unit).tenThousandths, digits: 2)
    }

    /// Optional text; empty becomes absent.
    static func optional(_ text: String?) -> Cell {
        guard let text, !text.isEmpty else { return .null }
        return .text(text)
    }

    /// Optional integer.
    static func optional<I: BinaryInteger>(_ value: I?) -> Cell {
        guard let value else { return .null }
        return .int(Int64(value))
    }

    /// The plain text of the value (CSV and tables); absent is empty.
    var plain: String {
        switch self {
        case .text(let s): return s
        case .int(let i): return String(i)
        case .fixed(let v, let digits): return FixedPoint.format(v, maxFractionDigits: digits)
        case .bool(let b): return b ? "true" : "false"
        case .null: return ""
        }
    }

    /// The JSON text of the value.
    var json: String {
        switch self {
        case .text(let s): return JSONText.quoted(s)
        case .int, .fixed: return plain
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Whether the value is numeric (right-aligned in tables).
    var isNumeric: Bool {
        switch self {
        case .int, .fixed: return true
        default: return false
        }
    }
}

/// Rows with named columns, rendered as a table, CSV, JSON or JSON lines.
struct Rows: Sendable {
    /// Column names: the CSV header and the JSON keys, in order.
    var columns: [String]
    var rows: [[Cell]]

    init(columns: [String], rows: [[Cell]] = []) {
        self.columns = columns
        self.rows = rows
    }

    mutating func append(_ row: [Cell]) {
        assert(row.count == columns.count, "row has \(row.count) cells for \(columns.count) columns")
        rows.append(row)
    }
}
