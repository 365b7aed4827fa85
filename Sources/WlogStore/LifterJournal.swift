#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import WlogCore
import WlogInterop
import WlogJournal
import WlogSnapshotFile

/// One lifter's journal and the state folded from it, kept in memory between requests.
///
/// Every access holds the lifter's lock, so one lifter's requests run one at a time while other
/// lifters' run in parallel. Before each access the journal's size and change time are compared
/// with what was last folded: if the CLI (or anything else) appended, the new lines are folded
/// in; nothing is replayed per request. A write takes the journal's writer lock (so the CLI and
/// the server never interleave), folds what is new under it, decides, appends one commit
/// (`fdatasync`ed before it returns, or, with the store's `GroupFlush`, written and given the flush
/// round its answers wait for) and folds its events. Between writes the writer stays open
/// with its lock released (`JournalWriter.suspend`): the next write only takes the lock back,
/// unless another writer changed the journal meanwhile, when it is opened again.
final class LifterJournal: HeldLifter {
    let lifter: LifterID
    let path: String
    let device: String
    private let slot = Mutex(Slot())
    /// The workout catalog the reads share while the state stays the same.
    private let catalogs = CatalogCache()
    /// The store's budget of writers kept open.
    private let writers: WriterBudget
    /// The store's group flush; nil when each commit is synced by its writer.
    private let groupFlush: GroupFlush?
    /// The store's snapshot writes (`LifterJournal+Snapshot`); nil: no snapshot is read or written.
    let snapshots: SnapshotWrites?

    /// The state and what is known of the file it was folded from.
    struct Slot: ~Copyable {
        var state: WlogState?
        /// Whether a state is loaded, read in place: `state != nil` copies the state to compare it
        /// (a retain of each buffer; 0.66 % of a POST's profile in `keep`). The PostgreSQL store's
        /// `PostgresLifter.isFolded` asks the same way.
        var isLoaded: Bool { state?.lastSeq != nil }
        var journalID = ""
        var stamp = FileStamp()
        var zoneName: String?
        var zone = ImportTimeZone(offsetMinutes: 0)
        var damage: String?
        /// Set when the journal holds damage to committed bytes (a bad frame before good ones, a bad
        /// header), not merely a torn tail: reads are refused too, never answered with less.
        var unreadable: String?
        var lastUse: UInt64 = 0
        /// Answers of repeated reads at the state's last sequence (`read(cacheKey:)`); once the
        /// state is dropped, those at `keptSeq` (`LifterJournal+KeptAnswers`).
        var answers = AnswerCache()
        /// The sequence of the state the trim dropped, while its answers are kept (valid while the
        /// journal's `stamp` is the same).
        var keptSeq: UInt64 = 0
        /// The writer kept between writes, its lock released; nil when none is kept.
        var writer: KeptWriter?
        /// The group flush round that puts the last commit on disk (0: none was grouped).
        var flushRound: UInt64 = 0
        /// Where the state was last saved as a snapshot, and what a new snapshot's stamp may name.
        var mark = SnapshotMark()
    }

    /// A writer kept in a slot: only ever touched under the slot's lock, by one request at a time.
    struct KeptWriter: @unchecked Sendable {
        let writer: JournalWriter
    }

    init(lifter: LifterID, path: String, device: String, writers: WriterBudget, groupFlush: GroupFlush? = nil,
         snapshots: SnapshotWrites? = nil) {
        self.lifter = lifter
        self.path = path
        self.device = device
        self.writers = writers
        self.groupFlush = groupFlush
        self.snapshots = snapshots
    }

    /// The group flush round the last commit needs (0 when none): no answer is given before it.
    var flushRound: UInt64 { slot.withLock { $0.flushRound } }

    /// Events held in memory (0 when unloaded).
    var heldEvents: Int { slot.withLock { $0.state?.eventCount ?? 0 } }

    /// Folds from the first event or a snapshot (a state loaded), since the store started.
    var loads: Int { loadCount.load(ordering: .relaxed) }
    private let loadCount = Atomic<Int>(0)

    /// The estimated bytes held: the state, its kept answers and its workout catalog (when
    /// unloaded, the answers kept), what the store's memory bound counts (`StateMemory`).
    var heldBytes: Int {
        slot.withLock { slot in
            (slot.state.map { StateMemory.bytes(events: $0.eventCount) + catalogs.bytes } ?? 0) + slot.answers.bytes
        }
    }

    /// When it was last used (the store's clock).
    var lastUse: UInt64 { slot.withLock { $0.lastUse } }

    /// As the server stops: writes the state's snapshot (encoded under the lock, written after
    /// it) when it is more than `SnapshotWrites.stopMinimum` events past the last one; whether it was.
    func saveForStop() -> Bool {
        guard let bytes = slot.withLock({ snapshotForStop(&$0) }) else { return false }
        return JournalSnapshot(journal: path).write(bytes, journal: path)
    }

    /// Drops the state (least recently used) and closes the kept writer unless a request holds
    /// them, keeping the answers at its sequence when `keepingAnswers` and the journal's stamp is
    /// known (`LifterJournal+KeptAnswers`); with no state, drops the answers kept unless
    /// `keepingAnswers`. The bytes still held; nil when a request holds the lifter.
    func unload(keepingAnswers: Bool) -> Int? {
        slot.withLockIfAvailable { slot -> Int? in
            guard let state = slot.state else {
                if !keepingAnswers {
                    slot.answers.removeAll()
                    slot.stamp = FileStamp()
                }
                return slot.answers.bytes
            }
            saveOnUnload(slot)
            catalogs.drop()
            slot.state = nil
            closeWriter(&slot)
            if keepingAnswers, slot.stamp.isKnown {
                slot.keptSeq = state.lastSeq
                slot.answers.keep(at: state.lastSeq)
            } else {
                slot.answers.removeAll()
                slot.stamp = FileStamp()
            }
            return slot.answers.bytes
        } ?? nil
    }

    /// The bytes of the answers kept for a dropped state (0 while a state is held).
    var keptAnswerBytes: Int { slot.withLock { !$0.isLoaded ? $0.answers.bytes : 0 } }

    /// Drops the answers kept for a dropped state; nil (declined) when a request holds the lifter
    /// or its state is held again. The bytes still held.
    func dropKeptAnswers() -> Int? {
        slot.withLockIfAvailable { slot -> Int? in
            guard !slot.isLoaded else { return nil }
            slot.answers.removeAll()
            slot.stamp = FileStamp()
            return 0
        } ?? nil
    }

    /// Runs `body` on the state, caught up with the journal. With a `cacheKey`, a result computed
    /// at the same last sequence is answered again without running `body`. `answersGrown` gets
    /// how many bytes the kept answers and the workout catalog grew by (`AnswerCache.bytes`,
    /// `CatalogCache.bytes`).
    func read<R: Sendable>(use: UInt64, cacheKey: String? = nil, answersGrown: inout Int,
                           _ body: (LifterView) throws -> R) throws -> R {
        try slot.withLock { slot in
            slot.lastUse = use
            if let cacheKey, let answer: R = Self.keptAnswer(slot, cacheKey, at: FileStamp(path: path)) { return answer }
            try catchUp(&slot, prefix: nil)
            if slot.unreadable != nil, try finishInterruptedSeal() { try catchUp(&slot, prefix: nil) }
            if let reason = slot.unreadable { throw StoreError.damaged(reason) }
            let before = slot.answers.bytes + catalogs.bytes
            defer { answersGrown = slot.answers.bytes + catalogs.bytes - before }
            return try slot.answers.read(view(slot), catalogs: catalogs, cacheKey: cacheKey, body)
        }
    }

    /// The answer `read(cacheKey:)` would give when it is at hand: the lifter's lock free, the
    /// state loaded, the journal as last folded (one `stat`) and the answer computed at this
    /// sequence. Nil otherwise, without waiting, computing or reading the journal: the caller may
    /// ask on a thread that must not block, and goes to `read` when this answers nil.
    func cachedAnswer<R: Sendable>(use: UInt64, cacheKey: String, as _: R.Type) -> R? {
        slot.withLockIfAvailable { slot -> R? in
            guard slot.flushRound == 0 || slot.flushRound <= groupFlush?.done ?? 0,
                  let answer: R = Self.keptAnswer(slot, cacheKey, at: FileStamp(path: path)) else { return nil }
            slot.lastUse = use
            return answer
        } ?? nil
    }

    /// Takes the writer's lock, catches up under it, decides, appends, folds, renders.
    func write<R>(use: UInt64, at now: Instant, actor: String, fixedIDs: [EventID],
                  decide: (LifterView, DecideContext) throws -> [Event],
                  render: (LifterView, [Event]) throws -> R) throws -> R {
        try slot.withLock { slot in
            slot.lastUse = use
            let writer = try lockedWriter(&slot)
            defer { keep(writer, &slot) }
            if let damage = slot.damage { throw StoreError.damaged(damage) }
            let events = try decideEvents(&slot, writer: writer, now: now, actor: actor, fixedIDs: fixedIDs, decide)
            guard !events.isEmpty else { return try render(view(slot), []) }
            let appended = try append(events, &slot, writer: writer)
            guard var view = lentView(&slot) else { return try render(view(slot), appended) }
            defer { view.giveBack(to: &slot.state) }
            return try render(view, appended)
        }
    }

    /// The writer, holding the lock, with the state caught up under it: the kept one when the
    /// journal is as it left it (nothing to fold), else the journal opened again.
    private func lockedWriter(_ slot: inout Slot) throws -> JournalWriter {
        if let kept = slot.writer?.writer {
            slot.writer = nil
            writers.give()
            do {
                // The file as this slot last folded it (size, change time, inode): a byte changed in
                // place (damage, an editor) opens the journal again, which reads its header and tail.
                // (`slot.state?.lastSeq`, not `let state = slot.state`: binding copies the whole state.)
                if try kept.resume(), slot.state?.lastSeq == kept.lastSequence,
                   slot.journalID == kept.header.journal, kept.stampAtResume == slot.stamp {
                    return kept
                }
            } catch let error as JournalError {
                try? kept.close()
                throw Self.storeError(error)
            }
            try? kept.close()
        }
        var options = JournalOptions()
        options.sealedCheck = .trailers
        options.lockTimeout = .seconds(5)
        // Kept open across requests: the writer key's file once a second, not once a commit.
        options.keyRecordInterval = .seconds(1)
        if groupFlush != nil { options.durability = .byCaller }
        let writer: JournalWriter
        do {
            writer = try JournalWriter.open(at: path, options: options)
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        do {
            if writer.recovered != nil { slot.stamp = FileStamp() }
            try catchUp(&slot, prefix: writer.sealedPrefix, underLock: true)
        } catch {
            try? writer.close()
            throw error
        }
        return writer
    }

    /// Finishes a seal a crash interrupted (`JournalWriter.finishInterruptedSeal`), which a read
    /// without the lock finds as damage to acknowledged events: true when the journal changed and
    /// the read should be made again.
    func finishInterruptedSeal() throws -> Bool {
        do {
            return try JournalWriter.finishInterruptedSeal(at: path)
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
    }

    /// After a write: releases the writer's lock and keeps it for the next write (within the
    /// store's budget of open files), else closes it.
    private func keep(_ writer: JournalWriter, _ slot: inout Slot) {
        if slot.isLoaded, writers.take() {
            writer.suspend()
            slot.writer = KeptWriter(writer: writer)
        } else {
            try? writer.close()
        }
    }

    private func closeWriter(_ slot: inout Slot) {
        guard let writer = slot.writer?.writer else { return }
        slot.writer = nil
        writers.give()
        try? writer.close()
    }

    /// The last sequence folded (0 when unloaded).
    var lastSeq: UInt64 { slot.withLock { $0.state?.lastSeq ?? 0 } }

    /// The journal's id as last folded ("" before the first fold): what its acknowledgement names.
    var journalID: String { slot.withLock { $0.journalID } }

    /// Records that the commits through `seq` are on disk once the group flush that covers them is
    /// done (`Acknowledgement`); a writer that syncs its own commits records them itself. Through
    /// the kept writer's open record file when the lifter is free and its writer is this journal's
    /// (no request is waited for: else the file is opened, written and closed).
    func acknowledge(through seq: UInt64, journalID: String) {
        guard !journalID.isEmpty else { return }
        let recorded = slot.withLockIfAvailable { slot -> Bool in
            guard let writer = slot.writer?.writer, slot.journalID == journalID else { return false }
            writer.recordFlushed(through: seq)
            return true
        } ?? false
        if !recorded { Acknowledgement.record(seq, journalID: journalID, journal: path) }
    }

    /// Asks `decide` for the commit's events; kept apart so that its references to the state are
    /// gone before the events are folded (else the fold would copy every set: copy on write). The
    /// ids it mints are keyed by this server's device and the file's writer key, as the CLI's are
    /// (docs/SYNC.md, "New ids"), so a copy of the journal written elsewhere never mints the same.
    private func decideEvents(_ slot: inout Slot, writer: JournalWriter, now: Instant, actor: String, fixedIDs: [EventID],
                              _ decide: (LifterView, DecideContext) throws -> [Event]) throws -> [Event] {
        guard var view = lentView(&slot) else { return [] }
        defer { view.giveBack(to: &slot.state) }
        return try view.decideCommit(journalID: slot.journalID, device: device + ":" + String(writer.writerKey, radix: 16),
                                     now: now, actor: actor, fixedIDs: fixedIDs, decide)
    }

    /// Appends `events` as one commit (durable, or with its group flush round noted) and folds the
    /// ones that landed (not duplicates).
    private func append(_ events: [Event], _ slot: inout Slot, writer: JournalWriter) throws -> [Event] {
        let lastSeq = slot.state?.lastSeq ?? 0
        let receipt: AppendReceipt
        do {
            let known = knownEvents(slot)
            receipt = try writer.append(lines: events.map(EventCodec.encodePending), expectedLastSequence: lastSeq, known: known)
        } catch let error as JournalError {
            slot.stamp = FileStamp()
            throw Self.storeError(error)
        }
        var seqByID: [String: UInt64] = [:]
        for landed in receipt.appended { seqByID[landed.id] = landed.seq }
        catalogs.drop()
        var appended: [Event] = []
        for var event in events {
            guard let seq = seqByID[event.id.hex] else { continue }
            event.envelope.seq = seq
            slot.state?.apply(event)
            appended.append(event)
        }
        slot.state?.settleAfterWrite()
        Self.noteZone(&slot)
        slot.stamp = writer.stamp
        if let groupFlush { slot.flushRound = groupFlush.round() }
        refreshSnapshot(&slot)
        return appended
    }

    /// What the state knows, for the writer's check of a commit's ids: through its id table alone
    /// (`containsEventID`), as capturing the state would copy it.
    private func knownEvents(_ slot: borrowing Slot) -> KnownEvents {
        let contains = slot.state?.containsEventID
        return KnownEvents(through: slot.state?.lastSeq ?? 0) { raw in
            guard let contains, let id = EventID(hex: String(decoding: raw, as: UTF8.self)) else { return false }
            return contains(id)
        }
    }

    /// Whether the state holds all the journal does: loaded, and the file (`stamp`) as last folded.
    private static func isFolded(_ slot: borrowing Slot, at stamp: FileStamp) -> Bool {
        slot.isLoaded && stamp == slot.stamp
    }

    /// Folds what the journal holds past the state (everything, when nothing is loaded).
    private func catchUp(_ slot: inout Slot, prefix: SealedPrefix?, underLock: Bool = false) throws {
        let stamp = FileStamp(path: path)
        if Self.isFolded(slot, at: stamp), !underLock { return }
        let reader: JournalReader
        do {
            reader = try JournalReader(at: path)
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        let fromStart = !slot.isLoaded || reader.header.journal != slot.journalID
        if fromStart { loadCount.add(1, ordering: .relaxed) }
        // Answers hold only for the file they were computed from: a state folded anew (dropped,
        // or another journal put in its place, whose sequences may be the same) keeps none else.
        if fromStart, stamp != slot.stamp { slot.answers.removeAll() }
        catalogs.drop()
        var state: WlogState
        var status: JournalStatus
        if fromStart, let resumed = try resumeFromSnapshot(reader, prefix: prefix) {
            slot.journalID = reader.header.journal
            slot.mark = SnapshotMark(savedThrough: resumed.from)
            (state, status) = (resumed.state, resumed.status)
        } else {
            if fromStart {
                slot.state = .initial
                slot.journalID = reader.header.journal
                slot.mark = SnapshotMark()
                slot.state?.reserveCapacity(events: reader.estimatedLineCount())
                // A write's answer asks for the set's place in its workout: index as the rows come.
                slot.state?.indexWorkoutRows()
            }
            state = slot.state ?? .initial
            slot.state = nil
            do {
                status = try fold(reader, into: &state, prefix: prefix)
            } catch {
                slot.state = state
                throw error
            }
        }
        defer {
            slot.state = state
            Self.noteZone(&slot)
            refreshSnapshot(&slot)
        }
        if status.lastSequence < state.lastSeq {
            // The journal was cut back (`wlog repair` quarantined a damaged tail): fold it again.
            state = .initial
            state.indexWorkoutRows()
            slot.mark = SnapshotMark()
            status = try fold(reader, into: &state, prefix: nil)
            slot.answers.removeAll()
        }
        slot.mark.note(status)
        state.settle()
        if fromStart { state.compact() }
        slot.damage = status.isClean ? nil : status.summary
        slot.unreadable = Self.isDamaged(status) ? status.summary : nil
        // A torn tail seen without the lock may be a commit being written: look again next time.
        slot.stamp = status.isClean ? stamp : FileStamp()
    }

    /// Looks the lifter's zone up again when the state's zone name (the settings', else the
    /// profile's) is not the one last looked up: after every fold, the store's own writes'
    /// included (a zone a device syncs dates the next request's writes).
    private static func noteZone(_ slot: inout Slot) {
        let name = slot.state?.zoneName
        guard name != slot.zoneName else { return }
        slot.zoneName = name
        slot.zone = LifterView.zone(named: name)
    }

    /// Folds the journal's lines after the state's last sequence into `state`.
    private func fold(_ reader: JournalReader, into state: inout WlogState, prefix: SealedPrefix?) throws -> JournalStatus {
        do {
            return try reader.forEachLine(after: state.lastSeq, skipping: prefix) { seq, line in try Self.apply(seq, line, &state) }
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
    }

    /// Folds one journal line into `state`; a line that does not decode is damage.
    static func apply(_ seq: UInt64, _ line: UnsafeRawBufferPointer, _ state: inout WlogState) throws {
        do {
            try state.apply(line: line)
        } catch {
            throw StoreError.damaged("event \(seq) cannot be read: \(error)")
        }
    }

    private func view(_ slot: borrowing Slot) -> LifterView {
        LifterView(lifter: lifter, state: slot.state ?? .initial, zone: slot.zone, damage: slot.damage)
    }

    /// The slot's view with the state moved in, not copied (`LifterView.lent`): nil when no state
    /// is loaded. The state is back once the view's `giveBack(to: &slot.state)` ran.
    private func lentView(_ slot: inout Slot) -> LifterView? {
        let (zone, damage) = (slot.zone, slot.damage)
        return LifterView.lent(&slot.state, lifter: lifter, zone: zone, damage: damage)
    }

    /// Whether `status` shows damage to committed bytes (a bad frame with good ones after it, a bad
    /// header), as opposed to a torn tail — a write never acknowledged, or one in progress.
    static func isDamaged(_ status: JournalStatus) -> Bool {
        status.faults.contains { $0.kind != .tornTail }
    }

    static func storeError(_ error: JournalError) -> StoreError {
        switch error {
        case .damaged(let status): .damaged(status.summary)
        case .conflict: .conflict(error.description)
        case .invalidLine(_, let reason): .unrecordable(reason)
        default: .unavailable(error.description)
        }
    }
}
