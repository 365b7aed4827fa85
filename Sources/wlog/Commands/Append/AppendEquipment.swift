import ArgumentParser
import WlogCore

/// `wlog append equipment NAME --type T [--weights …] [--location home|gym] [--unavailable]`:
/// the equipment arsenal (seed 001); `--update` changes an item, `--remove` removes it.
struct AppendEquipment: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "equipment", abstract: "Add, --update or --remove an item of your equipment arsenal.",
        discussion: """
            --weights takes a range LOW-HIGH:STEP (2.5-40:2.5) or a list (20,25,30), with an optional unit \
            at the end (5-50:5lb; default the journal's unit). Plates: list one of each size (1.25,2.5,5,10,20); \
            the coach adds two of the smallest plate to a barbell. Dumbbells, kettlebells, machine and \
            cable stacks: the coach takes the next heavier weight. Types: \(EquipmentType.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @Argument(help: "The item's name, e.g. \"Dumbbell rack\".") var name: String
    @Option(help: "The item's type (needed for a new item).")
    var type: EquipmentType?
    @Option(help: "Available loads: LOW-HIGH:STEP or a comma list, optional unit suffix.") var weights: String?
    @Option(help: "Where it is.") var location: EquipmentLocation?
    @Flag(help: "Mark it unavailable (broken, lent out).") var unavailable = false
    @Flag(help: "Mark it available again (with --update).") var available = false
    @Flag(help: "Change an existing item; options not given keep their value.") var update = false
    @Flag(help: "Remove the item.") var remove = false

    /// `--unavailable` and `--available` exclude each other; a new item needs its `--type`.
    func validate() throws {
        guard !(unavailable && available) else { throw ValidationError("--unavailable and --available contradict each other; give one") }
        guard type != nil || update || remove else { throw ValidationError(Self.typeRequired) }
    }

    static let typeRequired = "--type is required for a new item; e.g. --type dumbbells"

    func run() throws {
        let context = try Context.resolve()
        let id = Exercise.slug(name)
        let outcome = try JournalSession(context: context).append { loaded in
            if remove { return .removeEquipment(id) }
            let loads = try weights.map { try Self.parseWeights($0, unit: loaded.unit) }
            if update {
                guard var item = loaded.state.equipment[id] else {
                    throw WlogError.refused("equipment '\(name)' is unknown — add it first without --update")
                }
                item.type = type ?? item.type
                if let loads { item.weights = loads }
                item.location = location ?? item.location
                if unavailable { item.available = false }
                if available { item.available = true }
                return .updateEquipment(item)
            }
            guard let type else { throw WlogError.usage(Self.typeRequired) }
            return .addEquipment(EquipmentItem(id: id, name: name, type: type, weights: loads ?? [], location: location,
                                               available: !unavailable))
        }
        for event in outcome.appended {
            switch event.payload {
            case .equipmentAdded(let item): print(item.id + "  added  " + Self.describe(item))
            case .equipmentUpdated(let item): print(item.id + "  updated  " + Self.describe(item))
            case .equipmentRemoved(let p): print(p.id + "  removed")
            default: break
            }
        }
    }

    /// `dumbbells, 16 weights 2.5–40 kg, home`.
    static func describe(_ item: EquipmentItem) -> String {
        var parts = [item.type.rawValue]
        if let first = item.weights.first, let last = item.weights.last {
            parts.append("\(item.weights.count) weight" + (item.weights.count == 1 ? " " : "s ")
                + (item.weights.count == 1 ? last.formatted() : first.valueText + "–" + last.formatted()))
        }
        if let location = item.location { parts.append(location.rawValue) }
        if !item.available { parts.append("unavailable") }
        return parts.joined(separator: ", ")
    }

    /// `2.5-40:2.5`, `20,25,30`, with an optional unit suffix; ascending, without duplicates.
    static func parseWeights(_ text: String, unit defaultUnit: MassUnit) throws -> [Mass] {
        var body = Substring(text.lowercased().filter { $0 != " " })
        var unit = defaultUnit
        for (suffix, u) in [("kgs", MassUnit.kg), ("kg", .kg), ("lbs", .lb), ("lb", .lb)] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count)
            unit = u
            break
        }
        let bad = WlogError.usage("--weights '\(text)' is not LOW-HIGH:STEP (2.5-40:2.5) or a list (20,25,30); every load more than 0")
        var values: [Int64] = []
        if body.contains(":") || (body.contains("-") && !body.contains(",")) {
            let parts = body.split(separator: ":")
            let ends = parts.first?.split(separator: "-") ?? []
            guard parts.count == 2, ends.count == 2, let low = FixedPoint.parse(ends[0]), let high = FixedPoint.parse(ends[1]),
                  let step = FixedPoint.parse(parts[1]), low > 0, high >= low, step > 0, (high - low) / step < 1000 else { throw bad }
            var v = low
            while v <= high { values.append(v); v += step }
        } else {
            for part in body.split(separator: ",") {
                guard let v = FixedPoint.parse(part), v > 0 else { throw bad }
                values.append(v)
            }
        }
        guard !values.isEmpty else { throw bad }
        return Array(Set(values)).sorted().map { Mass(tenThousandths: $0, unit: unit) }
    }
}
