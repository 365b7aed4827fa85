import Foundation
import Synchronization
import WlogStore

/// The server's accounts: a `RecordLog` of JSON `AccountRecord`s (`AccountsFile` for the embedded
/// store, PostgreSQL's `wlog_accounts` table for that store) folded into memory. A change is
/// acknowledged only after its records are durable in the log. A record that cannot be read
/// refuses to open (an operator looks at it) rather than forget accounts.
///
/// Changes take this server's turn (read, decide, append, apply) one at a time: sign-ups are
/// bcrypt-bound long before the log is the limit. On a shared log (servers on one database) a
/// change first folds what other servers appended and appends at the position it decided on;
/// when another server appended first it decides again in the log's exclusive turn (other
/// servers' appends wait), so no server starves. Reads fold first too,
/// and the log's watch folds as soon as another server appends, so `LiveSessions` learns of
/// sessions opened, signed out or accounts disabled anywhere.
final class AccountStore: Sendable {
    struct Damaged: Error, CustomStringConvertible {
        var description: String
    }

    private struct Folded {
        var state = AccountsState()
        /// Records of the log folded into `state`.
        var position = 0
    }
    private let folded = Mutex(Folded())
    private let turn = AsyncLock()
    /// Announcements of other servers' appends received, and how many of them a fold has covered.
    private let announced = Atomic<Int>(0)
    private let covered = Atomic<Int>(0)
    let log: any RecordLog
    let live: LiveSessions

    /// The accounts of `log`, folded; `live` learns their sessions.
    init(log: any RecordLog, live: LiveSessions) async throws {
        self.log = log
        self.live = live
        try await fold()
        guard log.isShared else { return }
        log.watch { [weak self] in
            // Counted at once (a request arriving now waits for the fold), folded apart from the
            // listener, which goes on counting the next notices meanwhile.
            self?.announced.add(1, ordering: .sequentiallyConsistent)
            Task { await self?.foldAnnounced() }
        }
        live.foldOthers { [weak self] always in
            if always { try? await self?.catchUp() } else { await self?.foldAnnounced() }
        }
    }

    /// The embedded store's accounts: `DATA/accounts.log`.
    convenience init(data: String, live: LiveSessions) async throws {
        try await self.init(log: try AccountsFile(data: data), live: live)
    }

    /// Lets go of the log (its lock, its listener) at once, rather than when the last reference
    /// goes. A change after this is refused (`StoreError.unavailable`).
    func release() async {
        await log.release()
    }

    /// A consistent view of every account (on a shared log, after folding what other servers appended).
    func read<T>(_ body: (AccountsState) throws -> T) async throws -> T {
        if log.isShared { try await catchUp() }
        return try folded.withLock { try body($0.state) }
    }

    /// Folds what other servers appended.
    func catchUp() async throws {
        try await turn.withLock { try await fold() }
    }

    /// Folds unless every announcement received so far is folded already (one atomic load then).
    func foldAnnounced() async {
        let target = announced.load(ordering: .sequentiallyConsistent)
        guard covered.load(ordering: .sequentiallyConsistent) < target else { return }
        try? await turn.withLock {
            guard covered.load(ordering: .sequentiallyConsistent) < target else { return }
            let start = announced.load(ordering: .sequentiallyConsistent)
            try await fold()
            covered.store(start, ordering: .sequentiallyConsistent)
        }
    }

    /// One change: `decide` reads the state and returns the records to write (none: nothing is
    /// written) and an answer. The records are durable before this returns.
    func change<T>(_ decide: (AccountsState) throws -> ([AccountRecord], T)) async throws -> T {
        try await turn.withLock {
            // Optimistic: fold what is new, decide, append at the position decided on.
            if log.isShared { try await fold() }
            let (position, records, answer) = try folded.withLock { folded in
                let (records, answer) = try decide(folded.state)
                return (folded.position, records, answer)
            }
            guard !records.isEmpty else { return answer }
            if try await log.append(try Self.encoded(records), after: position) {
                folded.withLock { apply(records, to: &$0) }
                return answer
            }
            // Lost a race to another server: decide again in the exclusive turn, on what is new.
            var decided: ([AccountRecord], T)?
            try await log.appendExclusively(after: position) { fresh in
                let records = try decoded(fresh, after: position)
                return try folded.withLock { folded in
                    apply(records, to: &folded)
                    let again = try decide(folded.state)
                    decided = again
                    return try Self.encoded(again.0)
                }
            }
            guard let (records, answer) = decided else { throw StoreError.unavailable("the accounts' turn ended without a decision") }
            folded.withLock { apply(records, to: &$0) }
            return answer
        }
    }

    static func encoded(_ records: [AccountRecord]) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try records.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
    }

    /// The records of `lines`, the log's after `position`; `Damaged` names the first unreadable one.
    private func decoded(_ lines: [String], after position: Int) throws -> [AccountRecord] {
        let decoder = JSONDecoder()
        return try lines.enumerated().map { index, line in
            do {
                return try decoder.decode(AccountRecord.self, from: Data(line.utf8))
            } catch {
                throw Damaged(description: "\(log.place): record \(position + index + 1) is not an account record; the log is damaged")
            }
        }
    }

    /// Folds the log's records past the state (holding the turn, or in `init`).
    private func fold() async throws {
        let position = folded.withLock { $0.position }
        let lines = try await log.records(after: position)
        guard !lines.isEmpty else { return }
        let records = try decoded(lines, after: position)
        folded.withLock { apply(records, to: &$0) }
    }

    /// `records` applied to the state, and what they mean for live sessions.
    private func apply(_ records: [AccountRecord], to folded: inout Folded) {
        for record in records {
            switch record {
            case .session(let session):
                live.open(session.id)
            case .endSession(let id):
                live.close(id)
            case .account(let account):
                guard let lifter = LifterID(account.id) else { break }
                if account.disabled { live.block(lifter) } else { live.unblock(lifter) }
            case .removeAccount(let id):
                for session in folded.state.sessions(of: id) { live.close(session.id) }
                if let lifter = LifterID(id) { live.block(lifter) }
            default: break
            }
            folded.state.apply(record)
        }
        folded.position += records.count
    }
}
