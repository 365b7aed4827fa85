/// The lines of a file that are not valid UTF-8: the CSV parser decodes their bad bytes as U+FFFD
/// (`�`), which an import must not do without a word (docs/IMPORT.md).
public enum UTF8Lines {
    /// The 1-based numbers of the lines (split at LF) holding bytes that are not valid UTF-8.
    public static func invalid(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var number = 1
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            // ASCII lines (most) need no decoding.
            if line.contains(where: { $0 >= 0x80 }), String(validating: line, as: UTF8.self) == nil { lines.append(number) }
            number += 1
        }
        return lines
    }
}
