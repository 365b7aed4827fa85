import ArgumentParser
import Foundation
import Logging
import WlogPostgres
import WlogServer
import WlogStore

/// `wlog serve import-plates FOLDER`: a whole Plates project into the server's lifters (docs/PLATES.md, "Importing a Plates project").
struct ImportPlates: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-plates",
        abstract: "Import a Plates project (seed 000's Supabase tables as CSVs) into the lifters, one commit per user.",
        discussion: """
            FOLDER holds the Supabase table editor's CSV of each table: exercises.csv and sets.csv, and when the \
            project has them user_exercises.csv, user_profiles.csv, body_weight_logs.csv, and users.csv (id,email of \
            auth.users) to match users to accounts by email; a user no account matches is the lifter with the user's \
            id (attach an account later with `wlog serve users create EMAIL --lifter USER_ID`). Ids are kept, so an \
            import again adds nothing. Stop the server first when users.csv is given (the accounts are read).
            """)

    @Argument(help: "The folder of the tables' CSVs.")
    var folder: String
    @OptionGroup var stores: ServerStoreOptions
    @Flag(help: "Report what would be added; write nothing.")
    var dryRun = false

    func run() async throws {
        let data = stores.folder
        let databaseURL = stores.databaseURL
        var logger = Logger(label: "wlog.import-plates")
        logger.logLevel = .warning
        var database: PostgresStore?
        do {
            let export = try PlatesProjectImport.read(folder: folder)
            if let databaseURL {
                database = try await PostgresStore.connect(try DatabaseURL(databaseURL), logger: logger)
            }
            // The accounts are where the store keeps them: the database's, else the data folder's.
            var accounts: [String: String] = [:]
            if !export.emails.isEmpty {
                let admin: AccountAdmin?
                if let database {
                    if let log = try await database.accountsLog() { admin = try await AccountAdmin(log: log) { _ in } } else { admin = nil }
                } else {
                    admin = FileManager.default.fileExists(atPath: data + "/accounts.log") ? try await AccountAdmin(data: data) : nil
                }
                for row in try await admin?.list() ?? [] { accounts[row.email.lowercased()] = row.id }
            }
            let lifters: any LifterStore = try database ?? JournalStore(root: data)
            var users = 0, appended = 0, duplicates = 0
            try await PlatesProjectImport.run(export, into: lifters, dryRun: dryRun, accountFor: { accounts[$0.lowercased()] }) { outcome in
                users += 1
                appended += outcome.appended
                duplicates += outcome.duplicates
                let r = outcome.report
                print("\(outcome.user)\(outcome.email.map { " (\($0))" } ?? "") → lifter \(outcome.lifter): "
                      + "\(r.sets) sets (\(r.cardio) cardio), \(r.bodyweights) body weights, \(r.exercisesCreated) exercises created; "
                      + "\(outcome.appended) new events, \(outcome.duplicates) already held")
                for row in r.skipped { print("  skipped: \(row.reason)") }
            }
            print("wlog serve import-plates: \(users) users, \(appended) new events\(dryRun ? " (dry run: none written)" : ""), "
                  + "\(duplicates) already held")
            await database?.close()
        } catch {
            await database?.close()
            FileHandle.standardError.write(Data("wlog serve import-plates: \(error)\n".utf8))
            throw ExitCode(65)
        }
    }
}
