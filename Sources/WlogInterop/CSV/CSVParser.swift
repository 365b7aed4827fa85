/// An RFC 4180 CSV parser: a byte-level state machine over a whole file.
///
/// Quoted fields may span lines and hold `""` escapes; records end at LF, CRLF or a lone CR; a
/// leading UTF-8 BOM is dropped; the delimiter (`,` or `;`) is whichever occurs more often in the
/// header line outside quotes. Each record keeps the line it starts on and its original text.
///
/// Why not the mirrored yaslab/CSV.swift 2.5.2: it decodes through `UnicodeScalar` iterators
/// (slower than a byte loop), it does not report the line a
/// record starts on once a quoted field has spanned lines, and it does not hand back a record's
/// original text, which the importer keeps as each set's `source` for audit.
enum CSVParser {
    /// The bytes of `"`, `,`, `;`, LF and CR.
    static let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, semicolon: UInt8 = 0x3B
    static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D

    /// Parses a file's header; the delimiter is detected from its first line unless given. The
    /// data records are parsed one at a time as `records` is iterated (`CSVRecords`), so an
    /// import never holds every record of a big file at once.
    static func parse(_ bytes: [UInt8], delimiter: UInt8? = nil) -> CSVTable {
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
            let delim = delimiter ?? detectDelimiter(buffer, from: start)
            var position = start
            var line = 1
            let header = nextRecord(buffer, at: &position, line: &line, delimiter: delim)
            return CSVTable(delimiter: delim, header: header,
                            records: CSVRecords(bytes: bytes, start: position, line: line, delimiter: delim))
        }
    }

    /// The next record at or after `position` that is not a blank line, or nil at the end.
    static func nextRecord(
        _ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, line: inout Int, delimiter: UInt8
    ) -> CSVRecord? {
        while position < buffer.count {
            let record = parseRecord(buffer, at: &position, line: &line, delimiter: delimiter)
            if record.fields.count == 1 && record.fields[0].isEmpty && !record.unterminatedQuote { continue }
            return record
        }
        return nil
    }

    /// `;` when the first line holds more semicolons than commas outside quotes, else `,`.
    static func detectDelimiter(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var inQuotes = false
        var commas = 0, semicolons = 0
        var i = start
        while i < buffer.count {
            let b = buffer[i]
            if b == quote { inQuotes.toggle() }
            else if !inQuotes {
                if b == lf || b == cr { break }
                if b == comma { commas += 1 } else if b == semicolon { semicolons += 1 }
            }
            i += 1
        }
        return semicolons > commas ? semicolon : comma
    }

    /// Reads one record starting at `position`, advancing it past the line terminator.
    static func parseRecord(
        _ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, line: inout Int, delimiter: UInt8
    ) -> CSVRecord {
        let recordStart = position
        let startLine = line
        var fields: [String] = []
        var fieldStart = position
        var i = position
        var recordEnd = buffer.count
        var open = false
        var finished = false
        while !finished {
            // One field: quoted or plain.
            if i < buffer.count && buffer[i] == quote {
                var bytes: [UInt8] = []
                var segment = i + 1
                i += 1
                var closed = false
                while i < buffer.count {
                    let b = buffer[i]
                    if b == quote {
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[segment..<i]))
                        if i + 1 < buffer.count && buffer[i + 1] == quote {
                            bytes.append(quote)
                            i += 2
                            segment = i
                            continue
                        }
                        i += 1
                        closed = true
                        break
                    }
                    if b == lf { line += 1 } else if b == cr && (i + 1 >= buffer.count || buffer[i + 1] != lf) { line += 1 }
                    i += 1
                }
                if !closed {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[segment..<i]))
                    open = true
                }
                // Lenient: bytes after the closing quote up to the delimiter are kept as text.
                let tailStart = i
                while i < buffer.count, buffer[i] != delimiter, buffer[i] != lf, buffer[i] != cr { i += 1 }
                if i > tailStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[tailStart..<i])) }
                fields.append(String(decoding: bytes, as: UTF8.self))
            } else {
                fieldStart = i
                while i < buffer.count, buffer[i] != delimiter, buffer[i] != lf, buffer[i] != cr { i += 1 }
                fields.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[fieldStart..<i]), as: UTF8.self))
            }
            // After a field: delimiter, line end or end of file.
            if i >= buffer.count {
                recordEnd = buffer.count
                position = buffer.count
                finished = true
            } else if buffer[i] == delimiter {
                i += 1
                if i >= buffer.count { fields.append(""); recordEnd = i; position = i; finished = true }
            } else {
                recordEnd = i
                if buffer[i] == cr && i + 1 < buffer.count && buffer[i + 1] == lf { i += 2 } else { i += 1 }
                line += 1
                position = i
                finished = true
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[recordStart..<recordEnd]), as: UTF8.self)
        return CSVRecord(fields: fields, line: startLine, text: text, unterminatedQuote: open)
    }
}
