import Synchronization
import WlogCore
import WlogInterop
import WlogSnapshotFile
import WlogStore

/// One lifter's state folded from the events table, kept between requests, with what the reads
/// keep beside it as the embedded store keeps it (the workout catalog, the answers of repeated
/// reads: `AnswerCache.read`), so that a folded lifter's reads never touch the database.
///
/// `state` is touched only while `lock` is held, so one lifter's requests run one at a time (a
/// write holds it from the fold through the insert to folding its events) while other lifters'
/// run in parallel. `notified` is the newest position another server announced (NOTIFY); a state
/// behind it, or marked `stale` (after an error whose outcome is unknown, or while no listener
/// runs), folds the table's new rows before it is used.
final class PostgresLifter: HeldLifter, @unchecked Sendable {
    let lifter: LifterID
    let lock = AsyncLock()
    /// Guarded by `lock`; changed only through `take` and `keep`.
    private(set) var state: WlogState?
    /// Guarded by `lock`: fold from the table before the next use.
    var stale = false
    /// Guarded by `lock`: answers of repeated reads at the state's last sequence (`read(cacheKey:)`);
    /// once the trim dropped the state, those at `keptSeq` (`keptAnswer`).
    var answers = AnswerCache()
    /// Guarded by `lock`: the last sequence of the state the trim dropped, while its answers are kept.
    private var keptSeq: UInt64 = 0
    /// The workout catalog the reads share while the state stays at one sequence.
    let catalogs = CatalogCache()
    /// Guarded by `lock`: the store's listener epoch when the state was last folded.
    var foldedEpoch: UInt64 = 0
    /// Guarded by `lock`: the zone the state names, kept so that a view does not look it up.
    private var zoneName: String?
    private var zone = LifterView.zone(named: nil)
    let notified = Atomic<UInt64>(0)
    /// The last position of the state held (0: none), for the listener to read without the lock.
    let through = Atomic<UInt64>(0)
    /// Rows other servers' commit notices carried, for the next fold (`CommitNotice`).
    let noticed = NoticedRows()
    /// When the lifter was last used, on the store's clock.
    let used = Atomic<UInt64>(0)
    let held = Atomic<Int>(0)
    /// The last position of the snapshot row the state was loaded from or last saved as (0: none).
    let savedThrough = Atomic<UInt64>(0)
    /// The last position a save while held was tried at (0: none), so that a save skipped or
    /// failed is tried again a threshold's worth later, not at every request.
    let triedThrough = Atomic<UInt64>(0)
    /// The kept answers' and the workout catalog's bytes as last counted (`countCaches`), for the
    /// store's trim to read without the lock.
    let cacheBytes = Atomic<Int>(0)
    /// States loaded (taken to be folded with none held), since the store started.
    let loads = Atomic<Int>(0)

    init(lifter: LifterID) { self.lifter = lifter }

    /// Whether a state is folded (read in place: comparing `state` with nil copies it).
    var isFolded: Bool { state?.lastSeq != nil }

    /// Whether the table may hold rows past the state. (`state?.lastSeq`, not `let state`:
    /// binding copies the whole state, a retain of every buffer.)
    var mustFold: Bool {
        guard !stale, let last = state?.lastSeq else { return true }
        return notified.load(ordering: .relaxed) > last
    }

    /// The view of the state (initial when nothing is folded): a copy of it.
    var view: LifterView { LifterView(lifter: lifter, state: state ?? .initial, zone: zone) }

    /// Runs `body` on the view with the state moved in and back (`LifterView.lent`), not copied;
    /// on the initial state's view when none is folded. Under `lock`.
    func withView<R>(_ body: (LifterView) throws -> R) rethrows -> R {
        guard var view = LifterView.lent(&state, lifter: lifter, zone: zone) else { return try body(self.view) }
        defer { view.giveBack(to: &state) }
        return try body(view)
    }

    /// The state taken out to be folded forward (initial when none is folded), held nowhere else:
    /// the catalog (which shares the state's storage) is dropped first, so that folding into it
    /// copies nothing. `keep` puts it back.
    func take() -> WlogState {
        catalogs.drop()
        guard let taken = state.take() else {
            loads.add(1, ordering: .relaxed)
            return .initial
        }
        return taken
    }

    /// Keeps `state` (folded forward from `take`'s, or nil to fold from the start next time);
    /// the change in `StateMemory`'s estimate of what is held (the catalog `take` dropped with it).
    ///
    /// What it notes of the state is read from `state` before it is stored: `self.state?.zoneName`
    /// copied the whole struct to call the getter (a retain of each buffer, released after).
    func keep(_ state: consuming WlogState?) -> Int {
        let before = held.load(ordering: .relaxed)
        let events = state?.eventCount ?? 0
        let last = state?.lastSeq ?? 0
        let name = state?.zoneName
        self.state = consume state
        held.store(events, ordering: .relaxed)
        through.store(last, ordering: .relaxed)
        refreshZone(name)
        return StateMemory.bytes(events: events) - StateMemory.bytes(events: before) + countCaches()
    }

    /// Looks the zone up again when the folded events changed its name to `name`.
    private func refreshZone(_ name: String?) {
        guard name != zoneName else { return }
        zoneName = name
        zone = LifterView.zone(named: name)
    }

    /// The estimated bytes held: the state's, its catalog's and the kept answers' (`StateMemory`),
    /// as the embedded store counts them; read without the lock.
    var heldBytes: Int { StateMemory.bytes(events: held.load(ordering: .relaxed)) + cacheBytes.load(ordering: .relaxed) }

    var lastUse: UInt64 { used.load(ordering: .relaxed) }

    /// The bytes of the answers kept for a dropped state (0 while a state is held); without the lock.
    var keptAnswerBytes: Int { held.load(ordering: .relaxed) == 0 ? cacheBytes.load(ordering: .relaxed) : 0 }

    /// Under `lock`, after a read or a change of state: how many bytes the kept answers and the
    /// workout catalog grew by since last counted.
    func countCaches() -> Int {
        let bytes = answers.bytes + catalogs.bytes
        return bytes - cacheBytes.exchange(bytes, ordering: .relaxed)
    }

    /// Under `lock`: the state's snapshot bytes (`JournalSnapshot.encode`, stamped by `stamp` for
    /// its last position) and that position; nil when no state is held. Encoded in place, out of
    /// the slot, so that caching its records changes the one copy.
    func encodeSnapshot(_ stamp: (UInt64) -> SnapshotStamp) -> (bytes: [UInt8], position: UInt64)? {
        guard var state else { return nil }
        self.state = nil
        let bytes = JournalSnapshot.encode(&state, stamp: stamp(state.lastSeq))
        self.state = state
        return (bytes, state.lastSeq)
    }

    /// Drops the state unless a request holds it (handing it to `saving` first), keeping the
    /// answers at its last sequence when `keepingAnswers` and it is not stale (`keptAnswer`); with
    /// no state, drops the answers kept unless `keepingAnswers`. The bytes still held; nil when a
    /// request holds the lifter.
    func unload(keepingAnswers: Bool, saving: (WlogState) -> Void = { _ in }) -> Int? {
        guard lock.tryLock() else { return nil }
        defer { lock.unlock() }
        if let dropped = state {
            catalogs.drop()
            state = nil
            held.store(0, ordering: .relaxed)
            through.store(0, ordering: .relaxed)
            noticed.clear()
            keptSeq = dropped.lastSeq
            if keepingAnswers, !stale { answers.keep(at: keptSeq) } else { answers.removeAll() }
            // Held nowhere else now: whoever saves it encodes it without copying.
            saving(consume dropped)
        } else if !keepingAnswers {
            answers.removeAll()
        }
        cacheBytes.store(answers.bytes, ordering: .relaxed)
        return heldBytes
    }

    /// Drops the answers kept for a dropped state; nil (declined) when a request holds the lifter
    /// or its state is held again. The bytes still held.
    func dropKeptAnswers() -> Int? {
        guard lock.tryLock() else { return nil }
        defer { lock.unlock() }
        guard !isFolded else { return nil }
        answers.removeAll()
        cacheBytes.store(0, ordering: .relaxed)
        return 0
    }

    /// Under `lock`, with no state held: the answer kept under `key` when the trim dropped the
    /// state, while no commit past it was announced (NOTIFY: `notified`), it was not stale, and
    /// the listener (`epoch`, `listening`) has run without a break since it was folded — the
    /// same proof a held state's answer has that nothing was committed past it. Nil otherwise.
    func keptAnswer<R: Sendable>(_ key: String, epoch: UInt64, listening: Bool) -> R? {
        guard !isFolded, !stale, listening, foldedEpoch == epoch, notified.load(ordering: .relaxed) <= keptSeq else { return nil }
        return answers.cached(key, at: keptSeq)
    }
}
