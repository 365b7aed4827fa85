import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogJournal

/// `wlog events`: the raw events, as the journal's own JSON lines.
struct EventsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events", abstract: "Raw events as the journal's own JSON lines.",
        discussion: """
            The lines are passed through byte for byte: unfiltered, the output equals `lz4 -dc journal.wlog`. \
            --format json wraps them in one JSON array; csv is refused (events are JSON). --as-of seq:N \
            stops after event N; --as-of INSTANT keeps the events recorded at or before it.
            """)

    @OptionGroup var filter: EventFilterOptions

    func run() throws {
        let context = try Context.resolve()
        try filter.write(context: context, format: context.format, output: nil)
    }
}

/// `--since-seq` and `--type` of `events` and `export events`.
struct EventFilterOptions: ParsableArguments {
    @Option(help: "Only events after this sequence number.") var sinceSeq: UInt64?
    @Option(help: "Only events of these types, comma-separated (set.logged,set.edited); a trailing * matches a prefix (set.*).")
    var type: String?

    /// Streams the matching lines to stdout or `output` as JSON lines (table, jsonl) or one array (json).
    func write(context: Context, format: OutputFormat, output: String?) throws {
        guard format != .csv else {
            throw WlogError.usage("events are JSON lines; use --format jsonl (the default) or json")
        }
        var patterns: [String] = []
        if let type {
            patterns = type.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
            for pattern in patterns where !pattern.hasSuffix("*") && EventType(rawValue: pattern) == nil {
                throw WlogError.usage("--type '\(pattern)' is not an event type; use one of "
                    + EventType.allCases.map(\.rawValue).joined(separator: ", ") + " (or a prefix with *, e.g. set.*)")
            }
        }
        func matches(_ type: EventType) -> Bool {
            patterns.isEmpty || patterns.contains { $0.hasSuffix("*") ? type.rawValue.hasPrefix($0.dropLast()) : type.rawValue == $0 }
        }
        let session = JournalSession(context: context)
        let reader = try session.openReader()
        var bytes: [UInt8] = []
        var count = 0
        let array = format == .json
        if array { bytes.append(UInt8(ascii: "[")) }
        struct Stop: Error {}
        let asOf = context.asOf
        var status: JournalStatus?
        do {
            status = try reader.forEachLine(after: sinceSeq ?? 0) { seq, line in
                if case .sequence(let last)? = asOf, seq > last { throw Stop() }
                var instantLimit: Instant?
                if case .instant(let moment)? = asOf { instantLimit = moment }
                if instantLimit != nil || !patterns.isEmpty {
                    let event: Event
                    do {
                        event = try EventCodec.decode(line)
                    } catch {
                        throw WlogError(.damaged, "event \(seq) of \(context.journalPath) cannot be read: \(error); upgrade wlog")
                    }
                    if let instantLimit, event.envelope.recorded > instantLimit { return }
                    if !matches(event.type) { return }
                }
                if array { bytes.append(contentsOf: Array((count == 0 ? "\n" : ",\n").utf8)) }
                bytes.append(contentsOf: line)
                if !array { bytes.append(UInt8(ascii: "\n")) }
                count += 1
            }
        } catch is Stop {
            status = nil
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        if let status { session.warnAbout(status) }
        if array { bytes.append(contentsOf: Array((count == 0 ? "]\n" : "\n]\n").utf8)) }
        try ReadOutput.write(bytes, to: output, rowCount: count)
    }
}
