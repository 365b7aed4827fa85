#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What `--cache-mb` bounds: the memory of the lifters' folded states, estimated from their
/// events, with their kept answers (`AnswerCache`), and the least recently used states dropped
/// past it (the embedded and the PostgreSQL store alike).
///
/// The estimate is the server's resident memory measured per lifter loaded
/// (docs/PERFORMANCE-SERVER.md, "Memory"; the run: perf-log/server.md, "Session 7: the writer
/// kept open, …"): per event, the set rows, ids, history order and the workout catalog; per
/// lifter, its slot, lookups and the writer kept open (the state's reserved tables are given back
/// after a fold: `WlogState.compact`).
public enum StateMemory {
    /// The estimate per event held: above the bytes malloc holds for generated one-year lifters'
    /// states (207 B an event with the lifter's share: `StateMemoryTests`); the workout catalog
    /// is counted on its own (`catalogBytes`).
    public static let bytesPerEvent = 240
    /// The estimate per lifter held, whatever its events.
    public static let bytesPerLifter = 16 << 10

    /// The estimate of one lifter's state of `events` events (0: none is held).
    public static func bytes(events: Int) -> Int { events > 0 ? bytesPerLifter + events * bytesPerEvent : 0 }

    /// The estimate per event of a workout catalog kept beside a state (`CatalogCache`): every
    /// set laid out again, the workouts' order and keys, the exercises' records.
    public static let catalogBytesPerEvent = 150
    /// The estimate per workout summary a catalog keeps (`SummaryMemo`, up to 512): the summary
    /// holds its workout's sets.
    public static let bytesPerSummary = 6 << 10
    /// The estimate per item a caller made of a listed workout and kept beside the catalog
    /// (`CatalogCache.historyItems`: the API's list item and its JSON).
    public static let bytesPerListedItem = 3 << 10

    /// The estimate of a workout catalog made from a state of `events` events, keeping `summaries`
    /// summaries and `items` listed items.
    static func catalogBytes(events: Int, summaries: Int, items: Int) -> Int {
        events * catalogBytesPerEvent + summaries * bytesPerSummary + items * bytesPerListedItem
    }

    /// The estimate of a kept answer that does not say its size (`KeptAnswer`): a page's worth.
    public static let bytesPerUnsizedAnswer = 16 << 10
    /// What a kept answer costs besides its own bytes: its entry, its key's string, its
    /// response's storage (measured with the answers: `StateMemoryTests`).
    public static let bytesPerAnswer = 1024

    /// The part of a store's memory limit its states and kept answers may take: three quarters.
    /// The last quarter is for what the bound cannot estimate per lifter: the states requests are
    /// folding, the code they page in, malloc's free pages between two trims (docs/SERVER-STORAGE.md, "Memory").
    public static func statesLimit(of limit: Int) -> Int { limit - limit / 4 }

    /// The estimate of one kept answer (`AnswerCache`) under `key`.
    static func bytes(answer: any Sendable, key: String) -> Int {
        bytesPerAnswer + key.utf8.count + ((answer as? any KeptAnswer)?.keptBytes ?? bytesPerUnsizedAnswer)
    }

    /// Whether `held` bytes, a store's estimate, are past what a store of `memoryLimit` keeps
    /// (`statesLimit`): the moment to `trim`.
    package static func isPast(_ held: Int, memoryLimit: Int) -> Bool { held > statesLimit(of: memoryLimit) }

    /// A store's trim, the one rule both stores keep: drops the least recently used `lifters`'
    /// states, keeping their answers, until the estimate is within the states' part of
    /// `memoryLimit` (`statesLimit`), then their answers if still past it; then the dropped states'
    /// answers past their share (`keptAnswersLimit`). `unload(lifter, keepingAnswers)` is the
    /// store's drop (`trim(_:limit:unload:)` says its contract). The estimate of what stays held.
    package static func trim<Lifter: HeldLifter>(_ lifters: [Lifter], memoryLimit: Int,
                                                 unload: (Lifter, _ keepingAnswers: Bool) -> Int?) -> Int {
        let limit = statesLimit(of: memoryLimit)
        var bytes = trim(lifters.map { ($0, $0.heldBytes, $0.lastUse) }, limit: limit, unload: unload)
        let kept = lifters.map { ($0, $0.keptAnswerBytes, $0.lastUse) }.filter { $0.1 > 0 }
        bytes -= trimKept(kept, limit: keptAnswersLimit(of: limit)) { $0.dropKeptAnswers() }
        return bytes
    }

    /// Drops the least recently used of `states` (each with its estimated bytes held and last use)
    /// until the estimate is within `limit`: first their states, asking `unload(state, true)` to
    /// keep their answers, then their answers too (`unload(state, false)`) while what is past the
    /// limit is not the states requests hold. `unload` declines a state a request holds (nil),
    /// else says the bytes it still holds (its bytes unchanged when it had nothing to drop). Then
    /// hands the freed pages back to the system. The estimate of what stays held.
    package static func trim<State>(_ states: [(state: State, bytes: Int, lastUse: UInt64)], limit: Int,
                                    unload: (State, _ keepingAnswers: Bool) -> Int?) -> Int {
        var bytes = states.reduce(0) { $0 + $1.bytes }
        guard bytes > limit else { return bytes }
        var dropped = false
        var entries = states.sorted(by: { $0.lastUse < $1.lastUse })
        // The states requests hold go at those requests' own trims: no answer goes for them.
        var held = 0
        for keepingAnswers in [true, false] {
            for index in entries.indices where bytes - (keepingAnswers ? 0 : held) > limit && entries[index].bytes > 0 {
                guard let left = unload(entries[index].state, keepingAnswers) else {
                    if keepingAnswers { held += entries[index].bytes }
                    continue
                }
                bytes -= entries[index].bytes - left
                dropped = dropped || left < entries[index].bytes
                entries[index].bytes = left
            }
        }
        if dropped { releaseFreedPages() }
        return bytes
    }

    /// The part of the states' limit that the answers kept for dropped states may take: a quarter.
    /// Each pins its blocks among the pages its state freed, which malloc then cannot hand back:
    /// unbounded, they put the process's peak past the bound (`scripts/memory-bound-test.py`,
    /// 200 lifters, every page read: VmHWM 1.9 MiB over idle + N).
    package static func keptAnswersLimit(of statesLimit: Int) -> Int { statesLimit / 4 }

    /// Drops the least recently used of `kept` (dropped states' answers, with their bytes) until
    /// they are within `limit`, asking `drop` (nil: declined, the lifter is in use or loaded
    /// again). The bytes dropped.
    package static func trimKept<State>(_ kept: [(state: State, bytes: Int, lastUse: UInt64)], limit: Int,
                                        drop: (State) -> Int?) -> Int {
        var total = kept.reduce(0) { $0 + $1.bytes }, freed = 0
        for entry in kept.sorted(by: { $0.lastUse < $1.lastUse }) where total > limit {
            guard let left = drop(entry.state) else { continue }
            total -= entry.bytes - left
            freed += entry.bytes - left
        }
        return freed
    }

    /// When the freed pages were last handed back (`ContinuousClock` nanoseconds since `start`).
    private static let lastRelease = Atomic<Int64>(-1_000_000_000)
    private static let start = ContinuousClock.now

    /// glibc keeps freed pages in its arenas (one per thread that allocated, up to 8 per core):
    /// without `malloc_trim`, RSS stays at its peak after states are dropped. It walks every
    /// arena, locking each, so it runs at most once a second (a store dropping a state on each
    /// request would otherwise spend more time in it than in the requests). Looked up at run time
    /// (Swift's Glibc module does not export it); nothing on other systems.
    private static func releaseFreedPages() {
        #if canImport(Glibc)
        let elapsed = ContinuousClock.now - start
        let now = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
        let last = lastRelease.load(ordering: .relaxed)
        guard now - last >= 1_000_000_000,
              lastRelease.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged else { return }
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
