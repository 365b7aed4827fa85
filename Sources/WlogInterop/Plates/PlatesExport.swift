import WlogCore

/// A Plates project (seed 000's five Supabase tables) as the Supabase table editor exports it:
/// one CSV per table in a folder, named `TABLE.csv` or `TABLE_rows.csv` (the editor's name),
/// columns found by their header names in any order, `NULL` as an empty field.
///
/// `exercises.csv` and `sets.csv` are required; `user_exercises.csv`, `user_profiles.csv`,
/// `body_weight_logs.csv` and `users.csv` (`id,email` of `auth.users`, to match users by email)
/// are read when present. Values keep seed 000's units: weights in lb, distances in miles,
/// durations in minutes. A row that breaks the schema refuses the whole export, naming the file,
/// the line, the column and the value: an import never lands half a project.
public struct PlatesExport: Sendable {
    /// A row of `exercises`.
    public struct ExerciseRow: Sendable, Hashable {
        public var id: String
        public var name: String
        public var group: MuscleGroup
        public var cardio: Bool
        public var prReps: Int
        public var isBase: Bool
        public var usesBodyWeight: Bool
        public var pinnedNote: String?
    }

    /// A row of `sets`: (weight and reps) or (distance and duration).
    public struct SetRow: Sendable, Hashable {
        public var id: String
        public var exerciseID: String
        public var userID: String
        public var weight: Mass?
        public var reps: Int?
        public var distance: Distance?
        public var minutes: Int?
        public var date: ZonedInstant
        public var notes: String?
        public var createdAt: Instant?
    }

    /// A row of `body_weight_logs`.
    public struct BodyWeightRow: Sendable, Hashable {
        public var id: String
        public var userID: String
        public var weight: Mass
        public var date: ZonedInstant
        public var notes: String?
    }

    /// A row of `user_profiles`.
    public struct ProfileRow: Sendable, Hashable {
        public var userID: String
        public var current: Mass?
        public var goal: Mass?
    }

    public var exercises: [ExerciseRow] = []
    /// `user_exercises`: (user id, exercise id).
    public var links: [(user: String, exercise: String)] = []
    public var sets: [SetRow] = []
    public var bodyWeights: [BodyWeightRow] = []
    public var profiles: [ProfileRow] = []
    /// `auth.users`' emails by user id (from `users.csv`).
    public var emails: [String: String] = [:]

    /// The user ids the export holds rows of, sorted.
    public var users: [String] {
        var ids = Set(links.map(\.user))
        ids.formUnion(sets.map(\.userID))
        ids.formUnion(bodyWeights.map(\.userID))
        ids.formUnion(profiles.map(\.userID))
        return ids.sorted()
    }

    /// The user id `text` names: a user id of the export (any case) or an email of `users.csv`.
    public func user(_ text: String) -> String? {
        let lower = text.lowercased()
        if users.contains(lower) { return lower }
        return emails.first { $0.value.lowercased() == lower }?.key
    }

    /// Reads the export in `folder`; `read` gives a file's bytes (nil when it is not there).
    public static func read(folder: String, read: (String) -> [UInt8]? = { RegularFile.bytes(at: $0) }) throws(PlatesExportError) -> PlatesExport {
        func table(_ name: String, required: Bool) throws(PlatesExportError) -> PlatesTable? {
            for file in [name + ".csv", name + "_rows.csv"] {
                let path = folder + "/" + file
                if let bytes = read(path) { return try PlatesTable(bytes, file: path) }
            }
            if required { throw .missing(folder: folder, table: name) }
            return nil
        }
        var export = PlatesExport()
        for row in try table("exercises", required: true)?.rows ?? [] {
            export.exercises.append(ExerciseRow(
                id: try row.uuid("id"), name: try row.text("name"), group: try row.group("muscle_group"),
                cardio: try row.choice("exercise_type", ["strength", "cardio"]) == "cardio",
                prReps: try row.integer("default_pr_reps") ?? 1, isBase: try row.bool("is_base") ?? false,
                usesBodyWeight: try row.bool("uses_body_weight") ?? false, pinnedNote: try row.optionalText("pinned_note")))
        }
        for row in try table("user_exercises", required: false)?.rows ?? [] {
            export.links.append((try row.uuid("user_id"), try row.uuid("exercise_id")))
        }
        for row in try table("sets", required: true)?.rows ?? [] {
            let set = SetRow(
                id: try row.uuid("id"), exerciseID: try row.uuid("exercise_id"), userID: try row.uuid("user_id"),
                weight: try row.mass("weight"), reps: try row.integer("reps"), distance: try row.distance("distance"),
                minutes: try row.integer("duration"), date: try row.time("date"), notes: try row.optionalText("notes"),
                createdAt: try row.optionalTime("created_at")?.instant)
            let strength = set.weight != nil && set.reps != nil, cardio = set.distance != nil && set.minutes != nil
            let given = [set.weight != nil, set.reps != nil, set.distance != nil, set.minutes != nil].filter { $0 }.count
            guard given == 2, strength || cardio else {
                throw row.bad("weight, reps, distance, duration", "weight and reps, or distance and duration (seed 000: never both, never neither)")
            }
            export.sets.append(set)
        }
        for row in try table("body_weight_logs", required: false)?.rows ?? [] {
            guard let weight = try row.mass("weight") else { throw row.bad("weight", "a weight in lb") }
            export.bodyWeights.append(BodyWeightRow(id: try row.uuid("id"), userID: try row.uuid("user_id"), weight: weight,
                                                    date: try row.time("date"), notes: try row.optionalText("notes")))
        }
        for row in try table("user_profiles", required: false)?.rows ?? [] {
            export.profiles.append(ProfileRow(userID: try row.uuid("user_id"), current: try row.mass("current_weight"),
                                              goal: try row.mass("goal_weight")))
        }
        for row in try table("users", required: false)?.rows ?? [] {
            if let email = try row.optionalText("email") { export.emails[try row.uuid("id")] = email }
        }
        return export
    }
}

/// Why a Plates export was refused as a whole (nothing of it is imported).
public enum PlatesExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required table's file is not in the folder.
    case missing(folder: String, table: String)
    /// A file lacks a column the import needs.
    case column(file: String, column: String)
    /// A value is not of its column's type.
    case value(file: String, line: Int, column: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .missing(folder, table):
            return "\(folder) holds no \(table).csv (or \(table)_rows.csv): export the table from Supabase's table editor into the folder"
        case let .column(file, column):
            return "\(file) has no column \(column): export the whole table (every column of seed 000's schema)"
        case let .value(file, line, column, value, expected):
            return "\(file) line \(line): \(column) '\(value)' is not \(expected); correct the row or export the table again"
        }
    }
}
