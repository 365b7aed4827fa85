#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes read-command output to stdout in the chosen format.
enum Printer {
    /// Prints rows as a table (with optional display headers), CSV, JSON or JSON lines.
    static func emit(_ rows: Rows, format: OutputFormat, tableHeaders: [String]? = nil) {
        switch format {
        case .table: StandardStream.out(TableText.bytes(rows, headers: tableHeaders))
        case .csv: StandardStream.out(CSVText.bytes(rows))
        case .json: write(JSONText.array(rows))
        case .jsonl: write(JSONText.lines(rows))
        }
    }

    /// Writes text to stdout as it is.
    static func write(_ text: String) {
        StandardStream.out(text)
    }
}
