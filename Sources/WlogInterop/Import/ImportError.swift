/// Why a whole file was refused (nothing of it is imported).
public enum ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is empty or has no header line.
    case empty
    /// The header matches none of the format's layouts; the expected headers are named.
    case unknownLayout(format: ImportFormat, found: String)
    /// The file does not say its weight unit and no `--unit` was given.
    case unitRequired(layout: String)
    /// The time zone text is neither an IANA zone nor `±HH:MM`.
    case badTimeZone(String)
    /// The file's new set rows alone pass the journal's limit for one commit
    /// (`ImportOptions.commitLimit`): `newSets` of them, at least `bytesAtLeast` bytes of lines,
    /// when line `line` was read (the rest of the file was not).
    case overCommitLimit(newSets: Int, bytesAtLeast: Int, line: Int)

    public var description: String {
        switch self {
        case .empty:
            return "the file is empty: expected a CSV export with a header line"
        case let .unknownLayout(format, found):
            return "not a \(format.rawValue) export: the header `\(found)` is none of the known layouts; expected one of:\n"
                + format.expectedHeaders.map { "  " + $0 }.joined(separator: "\n")
        case let .unitRequired(layout):
            return "the file (\(layout)) does not say its weight unit: give it with --unit kg|lb"
        case let .badTimeZone(text):
            return "unknown time zone `\(text)`: give an IANA zone (Europe/Berlin) or an offset (+01:00)"
        case let .overCommitLimit(sets, bytes, line):
            return "the file's new set rows pass the journal's limit for one commit: \(sets) of them by line \(line), "
                + "at least \(bytes) bytes of lines"
        }
    }
}
