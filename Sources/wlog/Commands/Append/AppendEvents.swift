import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogJournal
import WlogSnapshotFile

/// `wlog append events [FILE|-]`: JSON lines of events (no `seq`), validated as a whole, one commit.
///
/// With `--salvage` (the recovery `wlog repair` prints), what passes is appended and the rest is
/// kept aside in `FILE.rejected.jsonl`, one `{"line":N,"reason":"…","event":…}` per line.
struct AppendEvents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Append JSON lines of events (without seq) as one all-or-nothing commit.",
        discussion: """
            Each line is an event as `wlog events` prints it (docs/EVENTS.md); a `seq` it carries is replaced by the \
            journal's next one (said on stderr). An event already in the journal (same id, same content) is skipped as \
            a duplicate; an id the journal or an earlier line holds for other content is a collision, refused (docs/SYNC.md). Every event is \
            held to the rules of the command that makes it. With --salvage (a file `wlog repair` saved), the events \
            that pass are appended and the others kept aside in FILE.rejected.jsonl with the reason.
            """)

    @Argument(help: "The file, or - for standard input.") var file: String = "-"
    @Flag(help: "Append what passes; keep the rest aside in FILE.rejected.jsonl with the reason.") var salvage = false

    /// One line of the input that decoded: its number (1-based), bytes and event.
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var event: Event
    }

    func run() throws {
        let context = try Context.resolve()
        let data: Data
        if file == "-" {
            data = Data(StandardStream.readInput())
        } else {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw WlogError(.noJournal, "cannot read \(file); check the path")
            }
            data = contents
        }
        let source = file == "-" ? "standard input" : file
        var lines: [Line] = []
        var unreadable: [(number: Int, bytes: [UInt8], reason: String)] = []
        var numbered = 0
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) { continue }
            do {
                var event = try EventCodec.decode(bytes)
                if event.envelope.seq != 0 { numbered += 1 }
                event.envelope.seq = 0
                lines.append(Line(number: index + 1, bytes: bytes, event: event))
            } catch {
                guard salvage else {
                    throw WlogError.refused("line \(index + 1) of \(source): \(error); fix the line — nothing was appended")
                }
                unreadable.append((index + 1, bytes, "\(error)"))
            }
        }
        if numbered > 0 {
            printError("wlog: note: \(numbered) line(s) of \(source) carry a seq; the journal numbers events itself, so they get its next ones")
        }
        var rejected: [(number: Int, bytes: [UInt8], reason: String)] = unreadable
        var duplicates = 0
        let session = JournalSession(context: context)
        let outcome = try session.append { loaded, decideContext in
            // An id the journal (or an earlier line) holds is a duplicate only for the same event
            // (docs/SYNC.md); a collision refuses the whole input, or is kept aside by --salvage.
            let incoming = try session.sortIncoming(lines.map(\.event), state: loaded.state,
                                                    name: { "line \(lines[$0].number) of \(source)" })
            if let first = incoming.collisions.first, !salvage {
                throw WlogError.refused(first.refusal.message + "; nothing was appended: to keep both events, give the line "
                    + "a new id (any other 32 hex digits)")
            }
            rejected += incoming.collisions.map { (lines[$0.index].number, lines[$0.index].bytes, $0.refusal.message) }
            duplicates = incoming.duplicates.count
            let fresh = incoming.fresh.map { lines[$0] }
            // The rules of the commands that make these events (`checkExternal`): exit 65, nothing appended.
            let sorted = partitionExternal(fresh.map(\.event), state: loaded.state, context: decideContext,
                                           name: { "event \(incoming.fresh[$0] + 1)" })
            if let first = sorted.rejected.first, !salvage {
                throw WlogError.refused(first.refusal.message + " — nothing was appended"
                    + (file == "-" ? "" : "; to append what passes and keep the rest aside: wlog append events --salvage \(file)"))
            }
            rejected += sorted.rejected.map { (fresh[$0.index].number, fresh[$0.index].bytes, $0.refusal.message) }
            return sorted.accepted
        }
        duplicates += outcome.duplicates.count
        print("appended \(outcome.appended.count) event(s)" + (duplicates == 0 ? "" : ", skipped \(duplicates) duplicate(s)"))
        if let last = outcome.appended.last { print("last seq \(last.seq)") }
        if !rejected.isEmpty { try keepAside(rejected.sorted { $0.number < $1.number }, journal: context.journalPath) }
    }

    /// Writes the lines salvage could not take to `FILE.rejected.jsonl` (with the journal's mode)
    /// and names each on stderr; from standard input, stderr only.
    private func keepAside(_ rejected: [(number: Int, bytes: [UInt8], reason: String)], journal: String) throws {
        for line in rejected { printError("wlog: kept aside line \(line.number): \(line.reason)") }
        guard file != "-" else { return }
        var out: [UInt8] = []
        for line in rejected {
            // The event as it was when it decodes (it is JSON), else as a string.
            let decodes = (try? EventCodec.decode(line.bytes)) != nil
            let event = decodes ? line.bytes : Array(JSONString.quoted(String(decoding: line.bytes, as: UTF8.self)).utf8)
            out += Array("{\"line\":\(line.number),\"reason\":\(JSONString.quoted(line.reason)),\"event\":".utf8) + event + Array("}\n".utf8)
        }
        let path = file + ".rejected.jsonl"
        do {
            try AtomicFile.write(out, to: path, ownership: FileOwnership.of(journal))
        } catch {
            throw WlogError(.damaged, "cannot keep the rejected lines aside: \(error)")
        }
        printError("wlog: \(rejected.count) line(s) kept aside in \(path) with the reason; fix them there and append them again")
    }
}
