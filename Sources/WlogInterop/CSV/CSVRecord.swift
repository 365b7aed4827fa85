/// One record of a CSV file: its fields, the line it starts on and its original text.
struct CSVRecord: Sendable, Hashable {
    /// The decoded fields (quotes removed, `""` unescaped).
    var fields: [String]
    /// The 1-based line number of the record's first byte (the header is line 1).
    var line: Int
    /// The record's bytes as they stood in the file, without the line terminator.
    var text: String
    /// Whether the record ended inside an open quote (the file was cut or damaged).
    var unterminatedQuote: Bool

    /// The field at `index`, or `""` when the record is shorter.
    @inlinable
    subscript(safe index: Int) -> String {
        index >= 0 && index < fields.count ? fields[index] : ""
    }
}

/// A CSV file: its delimiter, header record and data records.
struct CSVTable: Sendable {
    /// The delimiter found in the header line: `,` or `;`.
    var delimiter: UInt8
    /// The header record (line 1), or `nil` for an empty file.
    var header: CSVRecord?
    /// The data records after the header, blank lines left out, parsed as they are iterated.
    var records: CSVRecords
}

/// The data records of a file, parsed one at a time as they are iterated: a reader holds one
/// record at a time, never the whole table (a big file's records took several times its size).
struct CSVRecords: Sequence, Sendable {
    /// The whole file (shared, not copied).
    let bytes: [UInt8]
    /// Where the first data record starts, and its line.
    let start: Int, line: Int
    let delimiter: UInt8

    func makeIterator() -> Iterator { Iterator(records: self, position: start, line: line) }

    /// Parses the next record on each `next()`.
    struct Iterator: IteratorProtocol {
        let records: CSVRecords
        var position: Int, line: Int

        mutating func next() -> CSVRecord? {
            records.bytes.withUnsafeBufferPointer { buffer in
                CSVParser.nextRecord(buffer, at: &position, line: &line, delimiter: records.delimiter)
            }
        }
    }
}
