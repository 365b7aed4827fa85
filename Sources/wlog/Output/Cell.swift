import WlogCore

/// One value of an output row: text, a whole number, a decimal rounded for display, or absent.
enum Cell: Sendable, Equatable {
    case text(String)
    case int(Int64)
    /// A decimal in ten-thousandths, printed with at most `digits` decimals (masses: 2).
    case fixed(Int64, digits: Int)
    case bool(Bool)
    /// A local day, `YYYY-MM-DD`: written straight into the output (no string per cell).
    case day(LocalDay)
    /// An event id, 32 hex digits: written straight into the output (no string per cell).
    case eventID(EventID)
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
        case .day(let day): return day.iso
        case .eventID(let id): return id.hex
        case .null: return ""
        }
    }

    /// The most bytes `write(into:at:)` writes for this cell.
    var maxPlainLength: Int {
        switch self {
        case .text(let s): return s.utf8.count
        case .int: return 20
        case .fixed: return FixedPoint.maxTextLength
        case .bool: return 5
        case .day: return LocalDay.maxISOLength
        case .eventID: return 32
        case .null: return 0
        }
    }

    /// Writes the plain text of the value at `buffer[start...]` (room for `maxPlainLength` bytes);
    /// returns the index after it. Numbers, days and ids go straight in, without a string.
    func write(into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        switch self {
        case .int(let i): return ASCIIDigits.write(i, into: buffer, at: start)
        case .fixed(let v, let digits): return FixedPoint.write(v, maxFractionDigits: digits, into: buffer, at: start)
        case .day(let day): return day.writeISO(into: buffer, at: start)
        case .eventID(let id): return id.writeHex(into: buffer, at: start)
        case .null: return start
        case .text, .bool:
            var text = plain
            return text.withUTF8 { bytes in
                UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start...]).copyMemory(from: UnsafeRawBufferPointer(bytes))
                return start + bytes.count
            }
        }
    }

    /// The JSON text of the value.
    var json: String {
        switch self {
        case .text(let s): return JSONText.quoted(s)
        case .day, .eventID: return "\"" + plain + "\""  // digits, `-` and hex: nothing to escape
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
    var rows: [[Cell]] = []

    mutating func append(_ row: [Cell]) {
        assert(row.count == columns.count, "row has \(row.count) cells for \(columns.count) columns")
        rows.append(row)
    }
}
