import Testing
import WlogCore
@testable import WlogInterop

/// `PlatesExport` and `PlatesPlan`: seed 000's tables as the table editor exports them, read
/// exactly (lb, miles, minutes, instants, quoted text) and planned as events whose ids are the
/// rows' UUIDs; a row breaking the schema refuses the export naming file, line, column and value.
@Suite struct PlatesImportTests {
    static let user = "0b2eaa63-5ffb-46c8-b69d-d09fb2a724d8"
    static let bench = "1f0e1e00-0000-4000-8000-000000000001"
    static let sled = "1f0e1e00-0000-4000-8000-000000000002"
    static let files: [String: String] = [
        "p/exercises_rows.csv": #"""
            id,name,muscle_group,exercise_type,default_pr_reps,is_base,uses_body_weight,pinned_note,created_at
            \#(bench),Bench Press,Chest,strength,1,true,false,"pause, then ""press""",
            \#(sled),Sled Push,Legs,cardio,1,false,false,,2024-01-01 00:00:00+00
            """#,
        "p/sets_rows.csv": """
            id,exercise_id,user_id,weight,reps,distance,duration,date,notes,created_at
            5e700000-0000-4000-8000-000000000001,\(bench),\(user),137.5,5,,,2024-03-05 14:22:31.123+00,"fast, clean",2024-03-05 14:23:00+00
            5e700000-0000-4000-8000-000000000002,\(sled),\(user),,,0.0621,3,2024-03-05 16:00:00+01,,
            """,
        "p/body_weight_logs.csv": """
            id,user_id,weight,date,notes,created_at
            b0d70000-0000-4000-8000-000000000001,\(user),181.25,2024-03-01 07:00:00+00,,
            """,
        "p/users.csv": "id,email\n\(user),carol@example.com\n",
    ]

    static func read(_ files: [String: String]) throws(PlatesExportError) -> PlatesExport {
        try PlatesExport.read(folder: "p") { files[$0].map { Array($0.utf8) } }
    }

    static func plan(_ export: PlatesExport) -> ImportPlan {
        let library = Exercise(id: "bench-press", name: "Bench Press", group: .chest, pattern: .push)
        return PlatesPlan.plan(export, user: user, options: Fixture.options(zone: "+00:00", match: { $0 == "Bench Press" ? library : nil }))
    }

    @Test func readsEveryValueExactly() throws {
        let export = try Self.read(Self.files)
        #expect(export.users == [Self.user])
        #expect(export.user("Carol@Example.com") == Self.user)
        let strength = try #require(export.sets.first)
        #expect(strength.weight == Mass(tenThousandths: 1_375_000, unit: .lb) && strength.reps == 5)
        #expect(strength.date.instant.iso8601 == "2024-03-05T14:22:31.123Z" && strength.notes == "fast, clean")
        #expect(export.sets[1].distance == Distance(tenThousandths: 621, unit: .mi) && export.sets[1].minutes == 3)
        #expect(export.sets[1].date.instant.iso8601 == "2024-03-05T15:00:00.000Z")
        #expect(export.exercises[0].pinnedNote == "pause, then \"press\"")
    }

    @Test func plansTheRowsUnderTheirOwnIds() throws {
        let plan = Self.plan(try Self.read(Self.files))
        let logged = plan.events.filter { $0.type == .setLogged }
        #expect(logged.map { $0.id.hex } == ["5e700000000040008000000000000001", "5e700000000040008000000000000002"])
        guard case .setLogged(let set) = logged[0].payload, case .setLogged(let cardio) = logged[1].payload else {
            Issue.record("not set.logged")
            return
        }
        #expect(set.exercise == "bench-press" && set.weight?.unit == .lb && logged[0].envelope.recorded.iso8601 == "2024-03-05T14:23:00.000Z")
        #expect(cardio.exercise == Self.sled && cardio.durationMilliseconds == 180_000 && cardio.distance?.unit == .mi)
        let created = plan.events.compactMap { event -> Exercise? in
            if case .exerciseCreated(let exercise) = event.payload { return exercise }
            return nil
        }
        #expect(created.map(\.id) == [Self.sled] && created.first?.kind == .cardio)
        #expect(plan.events.contains { $0.type == .exerciseUpdated })  // Bench Press's pinned note
        #expect(plan.events.filter { $0.type == .bodyweightRecorded }.map { $0.id.hex } == ["b0d70000000040008000000000000001"])
        // The same export plans the same events (an import again is all duplicates).
        #expect(Self.plan(try Self.read(Self.files)).events.map(\.id) == plan.events.map(\.id))
    }

    @Test func aBrokenRowRefusesTheExportNamingIt() {
        var files = Self.files
        files["p/sets_rows.csv"] = """
            id,exercise_id,user_id,weight,reps,distance,duration,date,notes,created_at
            5e700000-0000-4000-8000-000000000001,\(Self.bench),\(Self.user),137.5,5,3.1,,2024-03-05 14:22:31+00,,
            """
        #expect(throws: PlatesExportError.value(file: "p/sets_rows.csv", line: 2, column: "weight, reps, distance, duration", value: "",
                                               expected: "weight and reps, or distance and duration (seed 000: never both, never neither)")) {
            try Self.read(files)
        }
        files["p/sets_rows.csv"] = "id,exercise_id,user_id,weight,reps,distance,duration,date,notes,created_at\n"
            + "5e700000-0000-4000-8000-000000000001,\(Self.bench),\(Self.user),137.5 lb,5,,,2024-03-05 14:22:31+00,,\n"
        #expect(throws: PlatesExportError.value(file: "p/sets_rows.csv", line: 2, column: "weight", value: "137.5 lb",
                                               expected: "a weight in lb (a number ≥ 0)")) {
            try Self.read(files)
        }
        // The most negative 64-bit integer: refused like any other out-of-range count (its
        // magnitude is not an Int: taking `abs` of it crashed the import).
        files["p/sets_rows.csv"] = "id,exercise_id,user_id,weight,reps,distance,duration,date,notes,created_at\n"
            + "5e700000-0000-4000-8000-000000000001,\(Self.bench),\(Self.user),137.5,-9223372036854775808,,,2024-03-05 14:22:31+00,,\n"
        #expect(throws: PlatesExportError.value(file: "p/sets_rows.csv", line: 2, column: "reps", value: "-9223372036854775808",
                                               expected: "a whole number")) {
            try Self.read(files)
        }
        files["p/sets_rows.csv"] = nil
        #expect(throws: PlatesExportError.missing(folder: "p", table: "sets")) { try Self.read(files) }
    }
}
