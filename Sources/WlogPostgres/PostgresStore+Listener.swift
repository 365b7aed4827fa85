import Logging
import PostgresNIO
import Synchronization
import WlogStore

/// Other servers' commits and accounts changes, heard on one listening connection.
extension PostgresStore {
    /// Listens on `wlog_events` and `wlog_accounts` on one connection until closed, reconnecting
    /// after half a second when the connection drops; after each (re)start every state folds from
    /// the table once and the accounts' watch is called once, as commits made while nobody
    /// listened were not announced. One connection, not one per channel: PostgreSQL wakes every
    /// backend listening in the database at each notifying commit, whatever its channel, so a
    /// second listening connection cost the database a wake-up more per write
    /// (docs/PERFORMANCE-POSTGRES.md, "A write's statements and the listeners' wake-ups").
    func listen() async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    // `wlog_events` last: `pg_stat_activity` shows a connection's last statement, and
                    // `listeningServers` counts the connections whose last is `LISTEN "wlog_events"`.
                    try await connection.listen(on: PostgresAccounts.channel) { accounts in
                        try await connection.listen(on: EventsSchema.channel) { events in
                            self.restartedListening()
                            try await withThrowingTaskGroup(of: Void.self) { group in
                                group.addTask { for try await notification in events { self.announced(notification.payload) } }
                                group.addTask {
                                    await self.accountsChanged()
                                    for try await _ in accounts { await self.accountsChanged() }
                                }
                                // Either sequence ends only with the connection.
                                _ = try await group.next()
                                group.cancelAll()
                            }
                        }
                    }
                }
            } catch {
                if !Task.isCancelled { logger.warning("listening for other servers' commits failed; retrying", metadata: ["error": "\(error)"]) }
            }
            listening.store(false, ordering: .releasing)
            try? await Task.sleep(for: .milliseconds(500))
        }
    }

    /// Calls `changed` at each notice on `wlog_accounts` and once after each (re)start of the
    /// listener (`RecordLog.watch`), now too when it listens already; nil stops the calls.
    func watchAccounts(_ changed: (@Sendable () async -> Void)?) {
        accountsWatch.withLock { $0 = changed.map(AccountsWatch.init) }
        if changed != nil, isListening { Task { await self.accountsChanged() } }
    }

    private func accountsChanged() async {
        guard let watch = accountsWatch.withLock({ $0 }) else { return }
        await watch.changed()
    }

    func restartedListening() {
        epoch.add(1, ordering: .releasing)
        listening.store(true, ordering: .releasing)
    }

    /// A commit's rows (`CommitNotice`): kept for the lifter's next fold (`NoticedRows`) when its
    /// MAC is right and the lifter's state is in memory, just behind them. The change-feed
    /// watches hear of the commit from the short notification that follows.
    private func noticed(_ payload: String, _ header: CommitNotice.Header) {
        guard let slot = lifters.withLock({ $0[header.lifter] }) else { return }
        let after = slot.through.load(ordering: .relaxed)
        guard after > 0, slot.noticed.wants(first: header.first, last: header.last, after: after),
              let key = noticeKey.withLock({ $0 }), let lines = CommitNotice.lines(of: payload, header, key: key)
        else { return }
        slot.noticed.add(first: header.first, lines: lines, after: after)
        slot.notified.storeMax(header.last)
    }

    /// The last position of `lifter`'s rows heard in commit notices and not folded yet (0: none).
    package func noticedThrough(_ lifter: LifterID) -> UInt64 {
        lifters.withLock { $0[lifter] }?.noticed.last ?? 0
    }

    /// The last position announced for `lifter` (0: none heard, or not in memory).
    package func heardPosition(_ lifter: LifterID) -> UInt64 {
        lifters.withLock { $0[lifter] }?.notified.load(ordering: .relaxed) ?? 0
    }

    /// `"<lifter> <position>"`: the lifter's stream reached `position` on some server; or a
    /// commit notice (`noticed`), which comes just before it.
    func announced(_ payload: String) {
        if let header = CommitNotice.header(payload) { return noticed(payload, header) }
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let lifter = LifterID(String(parts[0])), let position = UInt64(parts[1]) else { return }
        if let slot = lifters.withLock({ $0[lifter] }) { slot.notified.storeMax(position) }
        watchers.post(lifter, position)
    }
}

/// The accounts' watch, in a struct: a bare function type in a `Mutex` is re-wrapped in
/// reabstraction thunks at each `withLock` (LiveSessions.FoldOthers).
struct AccountsWatch: Sendable {
    let changed: @Sendable () async -> Void
}
