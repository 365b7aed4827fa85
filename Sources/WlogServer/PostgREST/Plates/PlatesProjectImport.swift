import WlogCore
import WlogInterop
import WlogStore

/// `wlog serve import-plates FOLDER`: a whole Plates project (seed 000's tables as the Supabase
/// table editor exports them, `PlatesExport`) into the lifters of a store, one commit per user.
///
/// Each user of the export is matched to a lifter: the account whose email `users.csv` gives
/// for the user, else the lifter whose id is the user's id (the one `wlog serve users create
/// EMAIL --lifter USER_ID` attaches an account to). Each user's rows are `PlatesPlan`'s events,
/// sorted by docs/SYNC.md's rule against what the lifter holds (held ids are skipped, so an import
/// again adds nothing; a row changed since is a collision, refused naming it) and held to the
/// rules of the commands (`partitionExternal`): a user's rows land whole or not at all.
public enum PlatesProjectImport {
    /// What one user's import did.
    public struct Outcome: Sendable {
        public var user: String
        public var lifter: LifterID
        public var email: String?
        public var appended: Int
        public var duplicates: Int
        public var report: ImportReport
    }

    /// Why a project import stopped (the users before it are imported; an import again resumes).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Reads the export in `folder` (refusing a broken one whole before anything is written).
    public static func read(folder: String) throws -> PlatesExport {
        do { return try PlatesExport.read(folder: folder) } catch { throw Failure(description: error.description) }
    }

    /// Imports every user of `export` into `store`; `accountFor` gives the lifter id of an
    /// account by email (nil: none). `report` hears each user's outcome as it lands.
    public static func run(_ export: PlatesExport, into store: any LifterStore, now: Instant = ServerConfiguration.systemNow(), dryRun: Bool = false,
                           accountFor: (String) -> String? = { _ in nil },
                           report: (Outcome) -> Void) async throws {
        guard let zone = ImportTimeZone("+00:00") else { throw Failure(description: "no UTC zone") }
        for user in export.users {
            let email = export.emails[user]
            guard let lifter = LifterID(email.flatMap(accountFor) ?? user) else {
                throw Failure(description: "user \(user): not a lifter id")
            }
            let state = try await store.read(lifter) { $0.state }
            let options = ImportOptions(zone: zone, recorded: now, knownExercises: state.exercises,
                                        libraryMatch: PlatesPlan.libraryMatch(state))
            let plan = PlatesPlan.plan(export, user: user, options: options)
            let held = try await store.heldEvents(lifter, ids: Set(plan.events.lazy.map(\.id).filter { state.contains(eventID: $0) }))
            let name = { (index: Int) in "user \(user)'s event \(index + 1)" }
            let sorted = IncomingEvents(plan.events, held: { held[$0] }, name: name)
            if let collision = sorted.collisions.first {
                throw Failure(description: collision.refusal.message + " — a row imported before has other values now (changed in "
                    + "Plates since?); nothing of user \(user) was imported: correct it in wlog instead")
            }
            var outcome = Outcome(user: user, lifter: lifter, email: email, appended: sorted.fresh.count,
                                  duplicates: sorted.duplicates.count, report: plan.report)
            if !dryRun && !sorted.fresh.isEmpty {
                let positions = sorted.fresh
                let fresh = positions.map { plan.events[$0] }
                do {
                    outcome.appended = try await store.write(lifter, at: now, actor: ImportFormat.plates.actor, fixedIDs: []) { view, context in
                        if fresh.contains(where: { view.state.contains(eventID: $0.id) && held[$0.id] == nil }) {
                            throw StoreError.conflict("another writer appended some of these events meanwhile; import again")
                        }
                        let checked = partitionExternal(fresh, state: view.state, context: context, name: { "user \(user)'s event \(positions[$0] + 1)" })
                        if let first = checked.rejected.first { throw first.refusal }
                        return checked.accepted
                    } render: { _, landed in landed.count }
                } catch StoreError.refused(let refusal) {
                    throw Failure(description: "user \(user): " + refusal.message + "; nothing of this user was imported")
                }
            }
            report(outcome)
        }
    }
}
