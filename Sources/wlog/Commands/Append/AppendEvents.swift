import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore

/// `wlog append events [FILE|-]`: JSON lines of events (no `seq`), validated as a whole, one commit.
struct AppendEvents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Append JSON lines of events (without seq) as one all-or-nothing commit.",
        discussion: "Each line is an event as `wlog events` prints it (docs/EVENTS.md), without `seq`. Ids already in the journal are skipped as duplicates.")

    @Argument(help: "The file, or - for standard input.") var file: String = "-"

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
        var events: [Event] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0d || $0 == 0x09 }) { continue }
            do {
                var event = try EventCodec.decode(bytes)
                event.envelope.seq = 0
                events.append(event)
            } catch {
                throw WlogError.refused("line \(index + 1) of \(file == "-" ? "standard input" : file): \(error); fix the line — nothing was appended")
            }
        }
        let outcome = try JournalSession(context: context).append { loaded, decideContext in
            // The rules of the commands that make these events (`checkExternal`): exit 65, nothing appended.
            do throws(Refusal) {
                try checkExternal(events, state: loaded.state, context: decideContext)
            } catch {
                throw WlogError.refused(error.message + " — nothing was appended")
            }
            return events
        }
        print("appended \(outcome.appended.count) event(s)" + (outcome.duplicates.isEmpty ? "" : ", skipped \(outcome.duplicates.count) duplicate(s)"))
        if let last = outcome.appended.last { print("last seq \(last.seq)") }
    }
}
