import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogInterop
import WlogJournal

/// `wlog import strong|hevy|fitnotes FILE`, `wlog import plates FOLDER`: other apps' exports, as one commit.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a Strong, Hevy, FitNotes or Plates export (one commit; re-importing adds only what is new).",
        discussion: """
            Rows are mapped to events with ids derived from (format, workout, row position), so importing the same \
            file twice, or a longer export of the same history, adds only the new workouts. A malformed row is \
            reported with its line number and skipped. See docs/IMPORT.md.

            plates: FILE is a folder of the Supabase table editor's CSVs of seed 000's tables (exercises.csv, \
            sets.csv, user_exercises.csv, user_profiles.csv, body_weight_logs.csv, users.csv); --user picks whose \
            rows. Ids are kept. A whole project into a server: wlog serve import-plates. See docs/PLATES.md.
            """)

    @Argument(help: "The app the file comes from.") var format: ImportFormat
    @Argument(help: "The exported CSV file (plates: the folder of the tables' CSVs).") var file: String
    @Option(help: "plates: whose rows to import, a user id or an email of users.csv (needed when the export holds several users).")
    var user: String?
    @Option(help: "The weight unit of a file that does not say it.") var unit: MassUnit?
    @Option(help: "The zone of the file's local times (IANA or ±HH:MM); default the journal's.") var tz: String?
    @Flag(help: "Report what would be added and skipped; append nothing.") var dryRun = false

    func run() throws {
        let context = try Context.resolve()
        let plates = try format == .plates ? platesExport() : nil
        guard let data = plates != nil ? [] : RegularFile.bytes(at: file) else {
            throw WlogError(.noJournal, "cannot read \(file); check the path")
        }
        let invalid = UTF8Lines.invalid(data)
        if !invalid.isEmpty {
            let shown = invalid.prefix(10).map(String.init).joined(separator: ", ") + (invalid.count > 10 ? " …" : "")
            printError("wlog: warning: \(invalid.count) line(s) of \(file) are not valid UTF-8 (line \(shown)); "
                + "their bad bytes are read as U+FFFD (�) — re-export the file as UTF-8 to keep those names and notes")
        }
        let session = JournalSession(context: context)
        func plan(_ loaded: JournalSession.Loaded) throws -> ImportPlan {
            let zoneName = tz ?? loaded.zone.name
            guard let zone = ImportTimeZone(zoneName) else {
                throw WlogError.usage("--tz '\(zoneName)' is not a time zone; use an IANA name (Europe/Berlin) or an offset (+01:00)")
            }
            let state = loaded.state
            var match: @Sendable (String) -> Exercise? = { ExerciseLookup.importMatch(name: $0)?.exercise }
            if plates != nil { match = PlatesPlan.libraryMatch(state) }
            let options = ImportOptions(
                unit: unit, zone: zone, recorded: context.now, knownExercises: state.exercises,
                libraryMatch: match,
                commitLimit: .init(bytes: CommitBudget.limit, isKnown: { state.contains(eventID: $0) }))
            if let plates { return PlatesPlan.plan(plates.export, user: plates.user, options: options) }
            do {
                return try Importer.plan(data: data, format: format, options: options)
            } catch let .overCommitLimit(sets, bytes, line) as ImportError {
                throw JournalSession.overCommitLimit(
                    "more than \(sets) new events in more than \(JournalSession.megabytes(bytes)) (counted by line \(line) of \(file); "
                        + "the rest was not read)", splitHint: Self.splitHint)
            } catch let error as ImportError {
                throw WlogError.refused(error.description)
            }
        }
        if dryRun {
            let loaded = try session.load(honourAsOf: false)
            let planned = try plan(loaded)
            let incoming = try sortIncoming(planned.events, session: session, state: loaded.state)
            let fresh = incoming.fresh.map { planned.events[$0] }
            let new = try JournalSession.commitLines(fresh, state: loaded.state, splitHint: Self.splitHint).count
            Printer.write(ImportSummary.text(planned.report, file: file, dryRun: true, newEvents: new,
                                             duplicates: planned.events.count - new))
            return
        }
        var report: ImportReport?
        var duplicates = 0
        let outcome = try session.append({ loaded, _ in
            let planned = try plan(loaded)
            report = planned.report
            let incoming = try sortIncoming(planned.events, session: session, state: loaded.state)
            duplicates = incoming.duplicates.count
            return incoming.fresh.map { planned.events[$0] }
        }, actor: format.actor, splitHint: Self.splitHint)
        if let report {
            Printer.write(ImportSummary.text(report, file: file, dryRun: false, newEvents: outcome.appended.count,
                                             duplicates: duplicates + outcome.duplicates.count))
        }
    }

    /// The Plates export in the folder `file` and the user whose rows are imported (`--user`, or
    /// the only user of the export).
    private func platesExport() throws -> (export: PlatesExport, user: String) {
        let export: PlatesExport
        do { export = try PlatesExport.read(folder: file) } catch { throw WlogError.refused(error.description) }
        let users = export.users
        let listed = users.map { id in export.emails[id].map { "\(id) (\($0))" } ?? id }.joined(separator: ", ")
        if let user {
            guard let id = export.user(user) else {
                throw WlogError.usage("--user '\(user)' is none of the export's users: \(listed.isEmpty ? "it holds no rows" : listed)")
            }
            return (export, id)
        }
        guard users.count == 1, let only = users.first else {
            throw WlogError.usage("the export holds \(users.count) users; name one with --user: \(listed)")
        }
        return (export, only)
    }

    /// The import's events sorted by docs/SYNC.md's rule: a row imported before with other values
    /// now (edited in the other app) is a collision, refused (exit 65) instead of skipped.
    private func sortIncoming(_ events: [Event], session: JournalSession, state: WlogState) throws -> IncomingEvents {
        let incoming = try session.sortIncoming(events, state: state, name: { "event \($0 + 1) of \(file)" })
        if let first = incoming.collisions.first {
            throw WlogError.refused(first.refusal.message + " — nothing was imported; "
                + "\(incoming.collisions.count) row(s) were imported before with other values (edited in the other app since?): "
                + "correct them in wlog with `wlog append edit`")
        }
        return incoming
    }

    /// The fix named when an import passes the journal's limit for one commit (docs/IMPORT.md,
    /// "Big files"): the rows of one file land in one commit or not at all.
    static let splitHint = "split the file by date (one file per year, each under ≈ 170,000 set rows) and import "
        + "the parts oldest first; importing a part again, or the whole export later, adds only what is new"

}

/// The text an import prints: what was (or would be) added and what was skipped.
enum ImportSummary {
    static func text(_ report: ImportReport, file: String, dryRun: Bool, newEvents: Int, duplicates: Int) -> String {
        var lines: [String] = []
        lines.append("\(dryRun ? "would import" : "imported") \(file) (\(report.layout))")
        lines.append("  workouts   \(report.workouts)")
        lines.append("  sets       \(report.sets) (\(report.warmups) warm-up, \(report.cardio) cardio, \(report.timed) timed"
                     + (report.missed > 0 ? ", \(report.missed) missed" : "") + ")")
        lines.append("  exercises  \(report.exercisesCreated) created" + (report.created.isEmpty ? "" : ", guessed from their names:"))
        for exercise in report.created.prefix(20) {
            lines.append("    \(exercise.name): \(exercise.group.rawValue), \(exercise.kind.rawValue), \(exercise.pattern.rawValue)")
        }
        if report.created.count > 20 { lines.append("    … and \(report.created.count - 20) more (wlog exercises)") }
        if !report.created.isEmpty {
            lines.append("    correct a guess with wlog append exercise-update ID --group G --kind K --pattern P")
        }
        if report.bodyweights > 0 { lines.append("  body weight \(report.bodyweights) entries") }
        let volume = report.volume.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { FixedPoint.format($0.value) + " " + $0.key.rawValue }
        if !volume.isEmpty { lines.append("  volume     " + volume.joined(separator: " + ")) }
        lines.append("  events     \(newEvents) new" + (duplicates > 0 ? ", \(duplicates) already in the journal" : ""))
        if report.restRows + report.noteRows > 0 {
            lines.append("  rows read  \(report.rows) (\(report.restRows) rest timer, \(report.noteRows) note)")
        }
        if !report.skipped.isEmpty {
            lines.append("  skipped    \(report.skipped.count) row(s):")
            for row in report.skipped.prefix(20) { lines.append("    line \(row.line): \(row.reason)") }
            if report.skipped.count > 20 { lines.append("    … and \(report.skipped.count - 20) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
