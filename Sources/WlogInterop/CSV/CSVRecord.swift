/// One record of a CSV file: its fields, the line it starts on and its original text.
public struct CSVRecord: Sendable, Hashable {
    /// The decoded fields (quotes removed, `""` unescaped).
    public var fields: [String]
    /// The 1-based line number of the record's first byte (the header is line 1).
    public var line: Int
    /// The record's bytes as they stood in the file, without the line terminator.
    public var text: String
    /// Whether the record ended inside an open quote (the file was cut or damaged).
    public var unterminatedQuote: Bool

    /// Makes a record.
    public init(fields: [String], line: Int, text: String, unterminatedQuote: Bool = false) {
        self.fields = fields
        self.line = line
        self.text = text
        self.unterminatedQuote = unterminatedQuote
    }

    /// The field at `index`, or `""` when the record is shorter.
    @inlinable
    public subscript(safe index: Int) -> String {
        index >= 0 && index < fields.count ? fields[index] : ""
    }
}

/// A parsed CSV file: its delimiter, header record and data records.
public struct CSVTable: Sendable {
    /// The delimiter found in the header line: `,` or `;`.
    public var delimiter: UInt8
    /// The header record (line 1), or `nil` for an empty file.
    public var header: CSVRecord?
    /// The data records after the header, blank lines left out.
    public var records: [CSVRecord]
}
