import Crypto
import Logging
import PostgresNIO
import Synchronization
import WlogCore
import WlogStore

/// The scale-out store: every lifter's events in one PostgreSQL table (`EventsSchema`), with the
/// same contract as the embedded `JournalStore`.
///
/// Each server keeps lifters' states in memory, folded forward from the table (never replayed
/// per request), at most `memoryLimit` bytes (least recently used dropped). A write decides under
/// the lifter's lock and inserts its commit as one statement stating the stream positions it
/// expects (`last + 1…`): a unique violation means another server wrote first, so the state is
/// folded forward and `decide` runs again (at most `attempts` times, then `StoreError.conflict`).
/// Events whose id the stream holds are skipped (a retried request appends nothing). Servers
/// learn of each other's commits by `LISTEN wlog_events`; while the listener is down every use
/// folds from the table. Each database call has `timeout`: during an outage requests fail with
/// `StoreError.unavailable` (503) instead of hanging, and the store reconnects by itself.
public final class PostgresStore: LifterStore {
    public let url: DatabaseURL
    public let memoryLimit: Int
    /// Tries of one write before it answers `StoreError.conflict` (409).
    public static let attempts = 8
    /// What an insert throws when a position or id it names is taken: another writer was first.
    static let appendedFirst = StoreError.conflict("another server appended first")
    let device: String
    let timeout: Duration
    let client: PostgresClient
    let logger: Logger
    let lifters = Mutex<[LifterID: PostgresLifter]>([:])
    let watchers = ChangeWatchers()
    private let clock = Atomic<UInt64>(0)
    let listening = Atomic<Bool>(false)
    /// The accounts' watch (`PostgresAccounts.watch`), called from the one listener.
    let accountsWatch = Mutex<AccountsWatch?>(nil)
    /// Bumped each time the listener (re)starts: states folded before it may have missed commits.
    let epoch = Atomic<UInt64>(0)
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// `StateMemory`'s estimate of the states held, kept as they change (`trim` counts again).
    private let heldBytes = Atomic<Int>(0)
    /// The lifters' snapshot rows: when they are read and written (`PostgresSnapshots`).
    package let snapshots = PostgresSnapshots()
    /// The commits on their way to the table, sent in groups (`GroupAppend`).
    let appends: GroupAppend
    /// The key of the commit notices (`CommitNotice`), read as the store connects.
    let noticeKey = Mutex<SymmetricKey?>(nil)
    /// Whether this server's commits go with their notices.
    let noticeWindow: NoticeWindow
    /// Folds of rows past a held state since the store started: from commit notices, and from the
    /// table (a state folded from the start not counted).
    package let foldsFromNotices = Atomic<Int>(0)
    package let foldsFromTable = Atomic<Int>(0)

    /// Connects to `url`, creates the table when missing and starts listening for other servers'
    /// commits. `device` keys the ids this server mints (docs/EVENTS.md).
    public static func connect(_ url: DatabaseURL, memoryLimit: Int = 256 << 20, device: String = "server",
                               timeout: Duration = .seconds(5), logger: Logger = Logger(label: "wlog.postgres")) async throws -> PostgresStore {
        let store = PostgresStore(url: url, memoryLimit: memoryLimit, device: device, timeout: timeout, logger: logger)
        let client = store.client
        let running = await client.startRunning()
        store.tasks.withLock { $0.append(running) }
        do {
            // The first connection and the DDL may take longer than a request's limit (a busy host).
            let key = try await withDeadline(max(timeout, .seconds(60)), "creating the events table") {
                try await EventsSchema.prepare(client, logger: logger)
            }
            store.noticeKey.withLock { $0 = key }
        } catch {
            await store.close()
            throw StoreError.unavailable("cannot prepare the events table at \(url): \(String(reflecting: error))")
        }
        store.tasks.withLock { $0.append(Task { await store.listen() }) }
        return store
    }

    private init(url: DatabaseURL, memoryLimit: Int, device: String, timeout: Duration, logger: Logger) {
        self.url = url
        self.memoryLimit = memoryLimit
        self.device = device
        self.timeout = timeout
        self.logger = logger
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        self.client = client
        let window = NoticeWindow()
        noticeWindow = window
        appends = GroupAppend { commits in
            var refused: Set<String> = []
            let answers = window.isOpen
                ? try await client.execute(EventsSQL.AppendNoticed(commits), logger: logger)
                : try await client.execute(EventsSQL.AppendCommits(commits), logger: logger)
            for try await lifters in answers {
                for lifter in lifters ?? [] { refused.insert(lifter.uuidString.lowercased()) }
            }
            return refused
        }
    }

    /// `LifterStore.saveForStop()`: the held lifters' snapshot rows (`SnapshotWrites.saveAtStop`,
    /// `PostgresSnapshots.saveForStop`).
    public func saveForStop() async -> Int {
        await SnapshotWrites.saveAtStop(lifters.withLock { Array($0.values) }) { await snapshots.saveForStop($0, store: self) }
    }

    /// Stops listening and closes the connections.
    public func close() async {
        let running = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        await snapshots.drain()
        for task in running.reversed() { task.cancel() }
        for task in running { await task.value }
    }

    public func read<Result: Sendable>(_ lifter: LifterID, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await read(lifter, key: nil, body)
    }

    /// `read`, answering again what was computed for `cacheKey` at the state's last sequence
    /// (after the fold: another server's commit moves the sequence, so it is never answered stale).
    public func read<Result: Sendable>(_ lifter: LifterID, cacheKey: String, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        try await read(lifter, key: cacheKey, body)
    }

    private func read<Result: Sendable>(_ lifter: LifterID, key: String?, _ body: @escaping @Sendable (LifterView) throws -> Result) async throws -> Result {
        let slot = self.slot(lifter)
        return try await holding(slot) {
            // A dropped lifter's kept answer (docs/SERVER-STORAGE.md, "Answers of dropped lifters").
            if let key, let answer: Result = slot.keptAnswer(key, epoch: epoch.load(ordering: .acquiring),
                                                             listening: listening.load(ordering: .acquiring)) {
                slot.used.store(clock.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
                return answer
            }
            try await fold(slot)
            defer { held(slot.countCaches()) }
            return try slot.answers.read(slot.view, catalogs: slot.catalogs, cacheKey: key, body)
        }
    }

    public func write<Result: Sendable>(
        _ lifter: LifterID, at now: Instant, actor: String, fixedIDs: [EventID],
        decide: @escaping @Sendable (LifterView, DecideContext) throws -> [Event],
        render: @escaping @Sendable (LifterView, [Event]) throws -> Result
    ) async throws -> Result {
        let slot = self.slot(lifter)
        return try await holding(slot) {
            let decideCommit: @Sendable (LifterView) throws -> [Event] = { [device] view in
                try EventsSQL.numbered(view.decideCommit(journalID: lifter.uuid, device: device, now: now, actor: actor,
                                                         fixedIDs: fixedIDs, decide), after: view.state)
            }
            // Optimistic: fold what is new, decide, insert at the positions expected. Rows folded
            // into a held state here are another server's commit to this lifter.
            if try await fold(slot) > 0 { noticeWindow.note() }
            let events = try slot.withView(decideCommit)
            guard !events.isEmpty else { return try slot.withView { try render($0, []) } }
            if try await insert(events, slot) {
                committed(events, slot)
                return try slot.withView { try render($0, events) }
            }
            // Lost a race (another server's commit): retry in the lifter's exclusive turn.
            noticeWindow.note()
            for _ in 1..<Self.attempts {
                do {
                    let (state, events) = try await inTurn(slot, decideCommit)
                    _ = slot.take()
                    held(slot.keep(state))
                    slot.stale = false
                    guard !events.isEmpty else { return try slot.withView { try render($0, []) } }
                    committed(events, slot)
                    return try slot.withView { try render($0, events) }
                } catch StoreError.conflict {
                    slot.stale = true
                }
            }
            throw StoreError.conflict("other servers kept writing to lifter \(lifter) (\(Self.attempts) tries); try again")
        }
    }

    public func events(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> EventFeedPage {
        let limit = max(1, limit)
        let rows = try await database("reading the change feed") { [client] in
            var lines: [EventFeedPage.Line] = []
            let query: PostgresQuery = """
                SELECT position, line FROM wlog_events WHERE lifter = \(lifter.uuid)::uuid AND position > \(Int64(clamping: after))
                ORDER BY position LIMIT \(limit + 1)
                """
            for try await (position, line) in try await client.query(query).decode((Int64, String).self) {
                lines.append(EventFeedPage.Line(seq: UInt64(position), line: line))
            }
            return lines
        }
        let page = Array(rows.prefix(limit))
        return EventFeedPage(lines: page, next: page.last?.seq ?? after, hasMore: rows.count > limit)
    }

    public func heldEvents(_ lifter: LifterID, ids: Set<EventID>) async throws -> [EventID: Event] {
        guard !ids.isEmpty else { return [:] }
        let wanted = ids.map(\.hex)
        let lines = try await database("reading events by id") { [client] in
            var lines: [String] = []
            let query: PostgresQuery = "SELECT line FROM wlog_events WHERE lifter = \(lifter.uuid)::uuid AND event_id = ANY(\(wanted))"
            for try await line in try await client.query(query).decode(String.self) { lines.append(line) }
            return lines
        }
        var found: [EventID: Event] = [:]
        for line in lines {
            guard let event = try? EventCodec.decode(line) else { throw StoreError.damaged("a row of lifter \(lifter) cannot be read: \(line.prefix(80))") }
            found[event.id] = event
        }
        return found
    }

    public func changes(_ lifter: LifterID) -> ChangeWatch { watchers.watch(lifter) }

    /// Whether the listener for other servers' commits runs (until it does, every use folds).
    package var isListening: Bool { listening.load(ordering: .acquiring) }

    /// Events held in memory across all lifters.
    public var heldEvents: Int { lifters.withLock { $0.values.reduce(0) { $0 + $1.held.load(ordering: .relaxed) } } }

    // MARK: Folding and appending

    /// Folds the rows past the slot's state (all of them when nothing is folded), when the table
    /// may hold any: the rows folded into a state held (0 when it folded from the start). Holds
    /// the slot's lock.
    @discardableResult
    private func fold(_ slot: PostgresLifter) async throws -> UInt64 {
        slot.used.store(clock.add(1, ordering: .relaxed).newValue, ordering: .relaxed)
        let epoch = self.epoch.load(ordering: .acquiring)
        guard slot.mustFold || slot.foldedEpoch != epoch || !listening.load(ordering: .acquiring) else { return 0 }
        if let rows = foldNoticed(slot, epoch: epoch) { return rows }
        let fromStart = !slot.isFolded
        if !fromStart { foldsFromTable.add(1, ordering: .relaxed) }
        var state = slot.take()
        // A lifter folded from the start: from its snapshot row when it proves it describes the
        // stream (`PostgresSnapshots`); index where its workouts' rows begin as they come (a write's
        // answer asks for the set's place in its workout).
        if fromStart {
            do {
                if let resumed = try await snapshots.resume(slot, store: self) { state = resumed }
            } catch {
                held(slot.keep(nil))
                throw error
            }
            state.indexWorkoutRows()
        }
        let before = state.lastSeq
        let lifter = slot.lifter
        // Handed over, not shared: folding into a second reference would copy every set.
        let handed = HandedState(consume state)
        do {
            state = try await database("folding lifter \(lifter)") { [client, logger] in
                try await EventsSQL.folded(handed.take() ?? .initial, lifter) { try await client.execute($0, logger: logger) }
            }
        } catch {
            // The state as it was, unless the failed work took it: then folded from the start next time.
            held(slot.keep(handed.take()))
            throw error
        }
        state.settle()
        if fromStart { state.compact() }
        let last = state.lastSeq
        snapshots.noteFolded(last &- before)
        held(slot.keep(consume state))
        slot.stale = false
        slot.foldedEpoch = epoch
        // Where a state grows (here and `committed`): past its snapshot's threshold, saved after.
        if last > before {
            snapshots.refresh(slot, store: self)
            watchers.post(lifter, last)
        }
        return fromStart ? 0 : last &- before
    }

    /// Folds the rows other servers' commit notices carried (`NoticedRows`), when they are every
    /// row the fold needs and nothing else could be missing: a state held and not stale, folded
    /// since the listener last (re)started, which still runs. The rows folded; nil leaves the
    /// fold to the table — from the start when a row of the notice would not fold (a server of
    /// another version: never a state the table does not hold). Holds the slot's lock.
    private func foldNoticed(_ slot: PostgresLifter, epoch: UInt64) -> UInt64? {
        guard !slot.stale, slot.foldedEpoch == epoch, listening.load(ordering: .acquiring), let after = slot.state?.lastSeq,
              let lines = slot.noticed.take(after: after, through: slot.notified.load(ordering: .acquiring))
        else { return nil }
        var state = slot.take()
        for var line in lines {
            let expected = state.lastSeq + 1
            let folded = (try? line.withUTF8 { try state.apply(line: UnsafeRawBufferPointer($0)) }) != nil
            guard folded, state.lastSeq == expected else {
                logger.warning("a commit notice's row did not fold; folding the lifter from the table",
                               metadata: ["lifter": "\(slot.lifter)", "position": "\(expected)"])
                held(slot.keep(nil))
                return nil
            }
        }
        foldsFromNotices.add(1, ordering: .relaxed)
        snapshots.noteFolded(UInt64(lines.count))
        settled(consume state, slot)
        return UInt64(lines.count)
    }

    /// Folds `events` (committed) into the slot's state, tells the watches.
    private func committed(_ events: [Event], _ slot: PostgresLifter) {
        var state = slot.take()
        for event in events { state.apply(event) }
        settled(consume state, slot)
    }

    /// Keeps `state` — the slot's folded forward by this server's commit or by the rows of other
    /// servers' commit notices — settled as after a write; saves its snapshot when due and tells
    /// the watches.
    private func settled(_ state: consuming WlogState, _ slot: PostgresLifter) {
        state.settleAfterWrite()
        let last = state.lastSeq
        held(slot.keep(consume state))
        slot.noticed.drop(through: last)
        snapshots.refresh(slot, store: self)
        watchers.post(slot.lifter, last)
    }

    /// Inserts one commit at the positions it names; false when another writer took one of them
    /// (or one of the ids) first. Any other failure marks the slot stale: the commit may have
    /// landed, and only the table can tell.
    private func insert(_ events: [Event], _ slot: PostgresLifter) async throws -> Bool {
        var rows = EventRows()
        for event in events { try rows.append(event) }
        do {
            try await insert(rows, lifter: slot.lifter)
            return true
        } catch StoreError.conflict {
            slot.stale = true
            return false
        } catch {
            slot.stale = true
            throw error
        }
    }

    /// One transaction holding the lifter's exclusive turn: folds the rows past the slot's state,
    /// decides, inserts. Returns the folded state and the events committed; the slot itself is
    /// left alone (the work may outlive its deadline), marked stale on failure.
    private func inTurn(_ slot: PostgresLifter, _ decide: @escaping @Sendable (LifterView) throws -> [Event]) async throws -> (WlogState, [Event]) {
        let base = slot.state ?? .initial
        let lifter = slot.lifter
        do {
            return try await database("appending to lifter \(lifter) in its turn") { [client, logger] in
                try await client.withConnection { connection in
                    try await EventsSQL.transaction(on: connection, logger: logger) { run in
                        try await EventsSQL.takeTurn(lifter, run: run)
                        let state = try await EventsSQL.folded(base, lifter) { try await connection.execute($0, logger: logger) }
                        let view = LifterView(lifter: lifter, state: state, zone: LifterView.zone(named: state.zoneName))
                        let events = try decide(view)
                        if !events.isEmpty {
                            var rows = EventRows()
                            for event in events { try rows.append(event) }
                            try await EventsSQL.insert(rows, lifter, run: run)
                        }
                        return (state, events)
                    }
                }
            }
        } catch {
            slot.stale = true
            throw error
        }
    }

    /// Inserts `rows` into `lifter`'s stream in one transaction: all or none, committed when this
    /// returns. Throws `StoreError.conflict` when a position or id is taken. One round trip with
    /// the other commits waiting (`GroupAppend`, a prepared call of a procedure that commits): not
    /// an autocommit statement, whose CommandComplete a server shutting down may send and then
    /// roll the statement back; the procedure's answer comes only after its COMMIT is durable.
    package func insert(_ rows: EventRows, lifter: LifterID) async throws {
        try await database("appending to lifter \(lifter)") { [appends] in
            try await appends.append(rows, lifter: lifter)
        }
    }

    /// The lifters with at least one event, in uuid order.
    package func lifterIDs() async throws -> [LifterID] {
        try await database("listing the lifters") { [client] in
            var lifters: [LifterID] = []
            for try await uuid in try await client.query("SELECT DISTINCT lifter::text FROM wlog_events ORDER BY 1").decode(String.self) {
                if let lifter = LifterID(uuid) { lifters.append(lifter) }
            }
            return lifters
        }
    }

    /// The last position of `lifter`'s stream (0: no events).
    package func lastPosition(_ lifter: LifterID) async throws -> UInt64 {
        try await database("reading lifter \(lifter)'s last position") { [client] in
            let query: PostgresQuery = "SELECT coalesce(max(position), 0) FROM wlog_events WHERE lifter = \(lifter.uuid)::uuid"
            for try await last in try await client.query(query).decode(Int64.self) { return UInt64(last) }
            return 0
        }
    }

    /// Runs `work` within the timeout, mapping errors to `StoreError` (unique violation: conflict).
    func database<R: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> R) async throws -> R {
        do {
            return try await withDeadline(timeout, what, work)
        } catch let error as StoreError {
            throw error
        } catch let error as PostgresTransactionError where error.closureError is StoreError {
            throw error.closureError ?? error
        } catch {
            if EventsSchema.isConflict(error) { throw Self.appendedFirst }
            throw StoreError.unavailable("the database failed \(what): \(String(reflecting: error))")
        }
    }

    // MARK: Lifters in memory

    private func slot(_ lifter: LifterID) -> PostgresLifter {
        lifters.withLock { table in
            if let known = table[lifter] { return known }
            let slot = PostgresLifter(lifter: lifter)
            table[lifter] = slot
            return slot
        }
    }

    /// Counts a change of the states held.
    private func held(_ grown: Int) {
        if grown != 0 { heldBytes.add(grown, ordering: .relaxed) }
    }

    /// Runs `body` holding the lifter's lock; after it, when the request grew what the lifter
    /// holds (a state folded, an answer kept) and the estimate is past the states' part of the
    /// limit, `trim`s — the embedded store's moment (`JournalStore.settle`): a request that only
    /// read what was held trims nothing, so a bound full of states being loaded is not sorted
    /// again at every request that waits on them. A request that fails after it grew (a fold
    /// that landed, then a failed insert) trims all the same.
    private func holding<R: Sendable>(_ slot: PostgresLifter, _ body: () async throws -> R) async throws -> R {
        let (outcome, grew) = try await slot.lock.withLock { () async -> (Result<R, any Error>, Bool) in
            let before = slot.heldBytes
            let outcome: Result<R, any Error>
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
            return (outcome, slot.heldBytes > before)
        }
        if grew, StateMemory.isPast(heldBytes.load(ordering: .relaxed), memoryLimit: memoryLimit) { trim() }
        return try outcome.get()
    }

    /// States loaded from the table (folded with none held), since the store started.
    package var loads: Int { lifters.withLock { $0.values.reduce(0) { $0 + $1.loads.load(ordering: .relaxed) } } }

    /// The estimate of what the states and their kept answers hold (what `trim` bounds).
    package var heldEstimate: Int { heldBytes.load(ordering: .relaxed) }

    /// Keeps memory within the limit: `StateMemory.trim(_:memoryLimit:unload:)`, the rule both
    /// stores keep (a dropped state handed to the snapshot save).
    private func trim() {
        let slots = lifters.withLock { Array($0.values) }
        let bytes = StateMemory.trim(slots, memoryLimit: memoryLimit) { slot, keepingAnswers in
            slot.unload(keepingAnswers: keepingAnswers) { self.snapshots.unloading(slot, $0, store: self) }
        }
        heldBytes.store(bytes, ordering: .relaxed)
    }
}

/// A state handed to database work that may outlive its caller (a deadline): whichever takes it
/// first holds the only reference, so folding into it copies nothing.
private final class HandedState: Sendable {
    private let state: Mutex<WlogState?>

    init(_ state: consuming WlogState) { self.state = Mutex(state) }

    /// The state, once; nil after.
    func take() -> WlogState? {
        state.withLock { held in
            defer { held = nil }
            return held
        }
    }
}

extension Atomic where Value == UInt64 {
    /// Raises the value to `value` unless it is higher already.
    func storeMax(_ value: UInt64) {
        var current = load(ordering: .relaxed)
        while current < value {
            let (exchanged, original) = compareExchange(expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}

extension PostgresStore {
    /// A device name of its own for this server process (`server-` and 8 random hex digits), so
    /// that servers on one database mint different ids for concurrent commits.
    public static func serverDevice() -> String {
        var generator = SystemRandomNumberGenerator()
        return "server-" + String(generator.next() as UInt32, radix: 16)
    }
}
