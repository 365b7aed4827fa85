import ArgumentParser
import WlogCore

/// `wlog append rest SET_ID DURATION`: the rest actually taken after a set (`set.rested`).
struct AppendRest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rest", abstract: "Record the rest taken after a set: wlog append rest 3f9a21c0 2:30")

    @Argument(help: "The set's id (4 or more hex digits).")
    var setID: String

    @Argument(help: "How long: 90s, 2:30, 3m (up to 60:00).")
    var duration: String

    @OptionGroup var retry: RetryID

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { loaded in
            let id = try EventIDText.resolve(setID, in: loaded.state.setIDs, what: "set")
            guard let milliseconds = DurationText.parse(duration) else {
                throw WlogError.usage("DURATION '\(duration)' is not a duration; use e.g. 90s, 2:30 or 3m")
            }
            return .record(SetRested(set: id, durationMilliseconds: milliseconds))
        }
        for event in outcome.appended {
            guard case .setRested(let rest) = event.payload else { continue }
            print(rest.set.short + "  rested " + DurationText.clock(rest.durationMilliseconds))
        }
    }
}

extension SetRested: AuditedEvent {
    var auditSubject: String? { self.set.hex }
    func auditChange(unit: MassUnit) -> String { "rested " + DurationText.clock(durationMilliseconds) }
}
