/// Reads another app's export into an `ImportPlan`: the events to append in one commit, and a report.
///
/// The CLI's `wlog import strong|hevy|fitnotes FILE [--unit] [--tz] [--dry-run]` calls
/// `Importer.plan(data:format:options:)`, prints `plan.report`, and (unless dry-running)
/// appends `plan.events`. A malformed row is skipped and reported; a file of none of the format's
/// layouts, or one whose unit is unknown without `--unit`, is refused as a whole.
public enum Importer {
    /// Plans the import of `data` (the file's bytes) as `format`.
    public static func plan(data: [UInt8], format: ImportFormat, options: ImportOptions) throws -> ImportPlan {
        let table = CSVParser.parse(data)
        guard table.header != nil else { throw ImportError.empty }
        let file: ImportedFile
        switch format {
        case .strong: file = try StrongReader.read(table, options: options)
        case .hevy: file = try HevyReader.read(table, options: options)
        case .fitnotes: file = try FitNotesReader.read(table, options: options)
        case .plates: throw ImportError.unknownLayout(format: .plates, found: table.header?.text ?? "")
        }
        var builder = PlanBuilder(format: format, options: options, file: file)
        return builder.build(file)
    }

    /// The format whose layouts the header of `data` matches, or `nil` (for a CLI that guesses).
    public static func detectFormat(data: [UInt8]) -> ImportFormat? {
        let table = CSVParser.parse(Array(data.prefix(upTo: headerEnd(data))))
        guard let header = table.header?.fields else { return nil }
        if ColumnMap(header: header, aliases: HevyColumn.aliases).has(.title, .start, .exercise, .setType) { return .hevy }
        let strong = ColumnMap(header: header, aliases: StrongColumn.aliases)
        if strong.has(.date, .workoutName, .exercise, .setOrder) || (strong.has(.date, .weight) && header.count == 2) {
            return .strong
        }
        let fitnotes = ColumnMap(header: header, aliases: FitNotesColumn.aliases)
        if fitnotes.has(.date, .exercise, .category) || fitnotes.has(.date, .measurement, .value) { return .fitnotes }
        return nil
    }

    /// The index just past the first line (outside quotes), for cheap detection.
    private static func headerEnd(_ data: [UInt8]) -> Int {
        var inQuotes = false
        for (i, b) in data.enumerated() {
            if b == 0x22 { inQuotes.toggle() } else if !inQuotes && (b == 0x0A || b == 0x0D) { return i }
        }
        return data.count
    }
}
