import Foundation

/// The SQL a SQLite-backed app would run for the same two reports as wlog's PR table and weekly
/// volume, over the `events` table that `wlog-generate --sql` writes.
///
/// The PR table is `scripts/perf/prs.sql`, the query the `sqlite3` baseline of
/// `scripts/perf/run.sh` runs, read at run time so that both baselines run the same SQL: each set's
/// current version (latest edit per field, deletes, discarded workouts, masses in kg), then the
/// first set reaching each record. The weekly volume reuses the file's first part (every common
/// table expression before `ranked`).
enum SQLReports {
    static let prsFile = Fixtures.repositoryRoot + "/scripts/perf/prs.sql"

    static let prTable: String = {
        do { return try String(contentsOfFile: prsFile, encoding: .utf8) } catch {
            fatalError("cannot read \(prsFile): \(error)")
        }
    }()

    static let weeklyVolume: String = {
        guard let ranked = prTable.range(of: "\nranked AS (") else { fatalError("\(prsFile) has no `ranked AS (` part") }
        let currentSets = String(prTable[..<ranked.lowerBound].dropLast())  // the comma before `ranked`
        return currentSets + """

            SELECT strftime('%Y-%W', (at + tz * 60000) / 1000, 'unixepoch') AS week, COUNT(*), SUM(reps * kg)
            FROM q GROUP BY week ORDER BY week
            """
    }()

    static func run(_ db: SQLite) throws -> (records: Int, weeks: Int) {
        var records = 0, weeks = 0
        let pr = try db.prepare(prTable)
        while try pr.step() { records += 1 }
        let volume = try db.prepare(weeklyVolume)
        while try volume.step() { weeks += 1 }
        return (records, weeks)
    }
}
