import ArgumentParser
import WlogCore

/// `wlog append bodyweight MASS`, `… edit ID [--weight M]`, `… delete ID`: body-weight entries.
struct AppendBodyweight: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodyweight",
        abstract: "Record a body weight: wlog append bodyweight 82.4 (or: edit ID --weight M, delete ID).")

    @Argument(help: "MASS, or `edit ID`, or `delete ID`.")
    var words: [String]

    @Option(help: "The corrected weight (with edit).") var weight: String?
    @Option(help: "When (ISO 8601, a date, or HH:MM today); default now.") var at: String?
    @Option(help: "Notes.") var notes: String?
    @OptionGroup var guards: AppendGuards

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(guards) { loaded in
            let at = try loaded.at(self.at)
            switch words.first?.lowercased() {
            case "edit"?, "delete"?:
                guard words.count == 2 else { throw WlogError.usage("use: wlog append bodyweight \(words[0]) ID") }
                let ids = loaded.state.bodyweightEntries.map(\.id)
                let id = try EventIDText.resolve(words[1], in: ids, what: "body-weight entry")
                if words[0].lowercased() == "delete" { return .deleteBodyweight(id) }
                let mass = try weight.map { try MassText.parse($0, defaultUnit: loaded.unit, option: "--weight") }
                return .editBodyweight(BodyweightEdited(entry: id, weight: mass, at: at, notes: notes))
            default:
                guard words.count == 1 else { throw WlogError.usage("use: wlog append bodyweight MASS, e.g. 82.4 or 181lb") }
                let mass = try MassText.parse(words[0], defaultUnit: loaded.unit, option: "MASS")
                return .recordBodyweight(weight: mass, at: at, notes: notes)
            }
        }
        for event in outcome.appended {
            switch event.payload {
            case .bodyweightRecorded(let entry): print(event.id.short + "  body weight " + entry.weight.formatted(in: outcome.unit))
            case .bodyweightEdited(let edit): print(edit.entry.short + "  body weight corrected")
            case .bodyweightDeleted(let deleted): print(deleted.entry.short + "  body weight deleted")
            default: break
            }
        }
    }
}

/// `wlog append goal MASS`: the body-weight goal (`none` clears it).
struct AppendGoal: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "goal", abstract: "Set the body-weight goal: wlog append goal 78 (none clears it).")

    @Argument(help: "The goal weight, or none.") var mass: String
    @OptionGroup var guards: AppendGuards

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append(guards) { loaded in
            .setGoal(mass.lowercased() == "none" ? nil : try MassText.parse(mass, defaultUnit: loaded.unit, option: "MASS"))
        }
        if !outcome.appended.isEmpty { print("goal " + (outcome.state.goal?.formatted(in: outcome.unit) ?? "cleared")) }
    }
}

/// Masses as typed: `82.4`, `82.4kg`, `181lb`.
enum MassText {
    static func parse(_ text: String, defaultUnit: MassUnit, option: String) throws -> Mass {
        guard let mass = Mass(parsing: text, defaultUnit: defaultUnit) else {
            throw WlogError.usage("\(option) '\(text)' is not a weight; use e.g. 82.4, 82.4kg or 181lb")
        }
        return mass
    }
}
