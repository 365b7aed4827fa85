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
        let outcome = try JournalSession(context: context).append { loaded, _ in
            try EventBatch.validate(events, against: loaded.state, now: context.now)
            return events
        }
        print("appended \(outcome.appended.count) event(s)" + (outcome.duplicates.isEmpty ? "" : ", skipped \(outcome.duplicates.count) duplicate(s)"))
        if let last = outcome.appended.last { print("last seq \(last.seq)") }
    }
}

/// The checks a batch of raw events must pass: every reference resolves, in order.
enum EventBatch {
    static func validate(_ events: [Event], against state: WlogState, now: Instant) throws {
        var scratch = state
        for (index, event) in events.enumerated() {
            let line = "event \(index + 1) (\(event.type.rawValue) \(event.id.short))"
            if event.envelope.occurred.instant.millisecondsSince1970 - now.millisecondsSince1970 > 86_400_000 {
                throw WlogError.refused("\(line): at \(event.envelope.occurred.instant.iso8601) is more than a day after now — fix the time")
            }
            switch event.payload {
            case .setLogged(let set):
                guard scratch.exercise(set.exercise) != nil else {
                    throw WlogError.refused("\(line): exercise '\(set.exercise)' is unknown — create it first with an exercise.created event")
                }
            case .setEdited(let edit):
                guard let set = scratch.set(edit.set), set.isLive else {
                    throw WlogError.refused("\(line): set \(edit.set.short) is unknown or deleted")
                }
            case .setDeleted(let delete):
                guard let set = scratch.set(delete.set), !set.isDeleted else {
                    throw WlogError.refused("\(line): set \(delete.set.short) is unknown or already deleted")
                }
            case .workoutFinished(let finish):
                guard scratch.workout(finish.workout) != nil else { throw WlogError.refused("\(line): workout \(finish.workout.short) is unknown") }
            case .workoutDiscarded(let discard):
                guard scratch.workout(discard.workout) != nil else { throw WlogError.refused("\(line): workout \(discard.workout.short) is unknown") }
            default:
                break
            }
            scratch.apply(event)
        }
    }
}
