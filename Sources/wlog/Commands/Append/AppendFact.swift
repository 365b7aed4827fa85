import ArgumentParser
import WlogCore

/// `wlog append fact TYPE KEY=VALUE…`: any recorded fact by its form (`FactForm`), the way
/// `wlog mcp`'s `record_…` tools write one; a fact's own command (`wlog soreness legs 4`) is the
/// lifter's shorter way to the same event.
struct AppendFact: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fact",
        abstract: "Record a fact by its event type and fields: wlog append fact soreness.recorded group=Legs soreness=4",
        discussion: "TYPE is one of: \(FactForm.namesText) (docs/EVENTS.md lists each one's fields). "
            + "Each KEY=VALUE is one field: text as it is, numbers as digits, flags true or false.")

    @Argument(help: "The event type, e.g. soreness.recorded.") var type: String
    @Argument(help: "The fields, each KEY=VALUE.") var fields: [String] = []
    @OptionGroup var retry: RetryID

    func validate() throws {
        guard FactForm.named(type) != nil else {
            throw ValidationError("TYPE '\(type)' is not a recorded fact; use one of: \(FactForm.namesText)")
        }
        if let bad = fields.first(where: { !$0.contains("=") }) {
            throw ValidationError("'\(bad)' is not KEY=VALUE, e.g. soreness=4")
        }
    }

    func run() throws {
        guard let form = FactForm.named(type) else { return }
        var values: [String: String] = [:]
        for field in fields {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[String(parts[0])] = String(parts[1])
        }
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { _ in
            do { return .record(try form.fact(values)) } catch { throw WlogError(refusal: error) }
        }
        for event in outcome.appended { print(event.id.short + "  " + event.type.rawValue) }
    }
}
