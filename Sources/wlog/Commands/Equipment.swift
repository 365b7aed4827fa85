import ArgumentParser
import WlogCore

/// `wlog equipment`: the arsenal (`append equipment` adds, updates, removes items).
struct EquipmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "equipment", abstract: "List your equipment arsenal (add items with wlog append equipment).",
        discussion: "Columns: equipment_id, name, kind, location, available, weights (the loads, ;-separated), unit (the display unit).")

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        var rows = Rows(columns: ["equipment_id", "name", "kind", "location", "available", "weights", "unit"])
        for item in loaded.state.equipment.values.sorted(by: { $0.id < $1.id }) {
            rows.append([
                .text(item.id), .text(item.name), .text(item.type.rawValue), .optional(item.location?.rawValue), .bool(item.available),
                .optional(item.weights.isEmpty ? nil : item.weights.map {
                    FixedPoint.format($0.converted(to: loaded.unit).tenThousandths, maxFractionDigits: 2)
                }.joined(separator: ";")),
                .text(loaded.unit.rawValue),
            ])
        }
        if rows.rows.isEmpty && context.format == .table {
            printError("wlog: no equipment yet — add an item with wlog append equipment NAME --type T")
            return
        }
        Printer.emit(rows, format: context.format, tableHeaders: ["Item", "Name", "Kind", "Where", "Available", "Loads", "Unit"])
    }
}

/// `wlog routines` (also `wlog plan list`): the routines, the one followed marked.
struct RoutinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routines", abstract: "List your routines (the one you follow marked; wlog plan show ROUTINE for one).",
        discussion: "Columns: routine_id, name, days, weeks, active, retired. Retired routines are listed with --all.")

    @Flag(help: "Include retired routines.") var all = false

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        let active = state.activeRoutine(context: loaded.query)?.id
        var rows = Rows(columns: ["routine_id", "name", "days", "weeks", "active", "retired"])
        for record in state.routines.values.sorted(by: { $0.routine.id < $1.routine.id }) where all || !record.isRetired {
            let r = record.routine
            rows.append([.text(r.id), .text(r.name), .int(Int64(r.days.count)), .optional(r.weeks), .bool(r.id == active),
                         .bool(record.isRetired)])
        }
        if rows.rows.isEmpty && context.format == .table {
            printError("wlog: no routine yet — create one with wlog plan --append or wlog append routine --file F")
            return
        }
        Printer.emit(rows, format: context.format, tableHeaders: ["Routine", "Name", "Days", "Weeks", "Active", "Retired"])
    }
}
