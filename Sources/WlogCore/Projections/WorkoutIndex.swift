/// The live workouts of a state: explicit sessions not discarded and implicit days with sets.
///
/// Built on demand by the queries in one pass over the live sets (O(sets)); evolve keeps no
/// aggregate of its own. Entries refer to their sets by position in the `LiveSets` view, so
/// building the index makes no `LoggedSet`: a query makes the sets of the entries it shows
/// (`sets(of:)`). The positions of all entries share one array, entry after entry (an array per
/// entry grown a set at a time was a fifth of `history`'s instructions on a 20-year journal).
struct WorkoutIndex {
    /// One workout: its key, when its session started and the positions of its live sets.
    ///
    /// Its session record is looked up when a query shows it (`WlogState.record(of:)`): a copy
    /// in every entry retained each of its strings and arrays (1 % of a cold `history`).
    struct Entry {
        var key: WorkoutKey
        /// When its session started (`workout.started`), when it has a session record.
        var sessionStarted: ZonedInstant?
        /// Where the positions of its sets (in `WorkoutIndex.live`, history order) are in
        /// `WorkoutIndex.setPositions`.
        var setRange: Range<Int> = 0..<0
        /// When its first set was performed.
        var firstPerformed: ZonedInstant?

        /// The local day it is listed under: the day it started (explicit), else its key's day.
        var day: LocalDay {
            if let sessionStarted { return sessionStarted.localDay }
            if case .implicit(let day) = key { return day }
            return firstPerformed?.localDay ?? LocalDay(daysSince1970: 0)
        }

        /// When it started: the session start, else its first set.
        var started: ZonedInstant? { sessionStarted ?? firstPerformed }

        /// Newest first: by day, then start, then key.
        static func newestFirst(_ a: Entry, _ b: Entry) -> Bool {
            if a.day != b.day { return a.day > b.day }
            let sa = a.started?.instant, sb = b.started?.instant
            if sa != sb, let sa, let sb { return sa > sb }
            return a.key > b.key
        }
    }

    /// The live sets in history order (the view entries point into).
    let live: LiveSets
    /// Every workout, in order of first appearance.
    private(set) var all: [Entry] = []
    /// The position of each workout in `all`.
    private var positions: [WorkoutKey: Int] = [:]
    /// The positions in `live` of every entry's sets: the first entry's, then the second's, …
    private var setPositions: [Int32] = []

    /// Indexes the live workouts of `state`.
    init(_ state: WlogState) {
        let live = state.lazyLiveSets
        self.live = live
        // The entry of each live set, and how many sets each entry has.
        var entryOfSet: [Int32] = []
        entryOfSet.reserveCapacity(live.count)
        var counts: [Int] = []
        all.reserveCapacity(state.workouts.count + 64)
        positions.reserveCapacity(state.workouts.count + 64)
        var current = -1
        // The current entry's workout slot in the ledger (−1: implicit) and, when implicit, its
        // day: a set of the same slot (and day) is in the same workout, no key made.
        var currentSlot: Int32 = -2
        var currentDay: LocalDay?
        let ledger = live.ledger
        for position in live.indices {
            let slot = ledger.rows[Int(live.rows[position])].workout
            if slot != currentSlot || (slot < 0 && live.performed(at: position).localDay != currentDay) {
                let key = live.workoutKey(at: position)
                current = entryPosition(
                    key, sessionStarted: live.workoutID(at: position).flatMap { state.workouts[$0]?.started },
                    first: live.performed(at: position))
                currentSlot = slot
                if case .implicit(let day) = key { currentDay = day }
                if current == counts.count { counts.append(0) }
            }
            counts[current] += 1
            entryOfSet.append(Int32(truncatingIfNeeded: current))
        }
        for record in state.workouts.values where !record.isDiscarded && positions[.explicit(record.id)] == nil {
            _ = entryPosition(.explicit(record.id), sessionStarted: record.started, first: nil)
        }
        // Each entry's range, then the positions put in place (in history order within an entry).
        var next: [Int] = []
        next.reserveCapacity(counts.count)
        var start = 0
        for (index, count) in counts.enumerated() {
            all[index].setRange = start..<(start + count)
            next.append(start)
            start += count
        }
        var flat = [Int32](repeating: 0, count: entryOfSet.count)
        for (position, entry) in entryOfSet.enumerated() {
            flat[next[Int(entry)]] = Int32(truncatingIfNeeded: position)
            next[Int(entry)] += 1
        }
        setPositions = flat
    }

    /// The position of `key`'s entry, made when new.
    private mutating func entryPosition(
        _ key: WorkoutKey, sessionStarted: @autoclosure () -> ZonedInstant?, first: ZonedInstant?
    ) -> Int {
        if let known = positions[key] { return known }
        all.append(Entry(key: key, sessionStarted: sessionStarted(), firstPerformed: first))
        positions[key] = all.count - 1
        return all.count - 1
    }

    /// The live sets of an entry, in history order.
    func sets(of entry: Entry) -> [LoggedSet] { setPositions[entry.setRange].map { live[Int($0)] } }

    /// Whether any set of the entry satisfies `predicate` (without making an array of them).
    func anySet(of entry: Entry, _ predicate: (LoggedSet) -> Bool) -> Bool {
        setPositions[entry.setRange].contains { predicate(live[Int($0)]) }
    }

    /// Every workout, newest first.
    var newestFirst: [Entry] { newestFirstOrder.map { all[$0] } }

    /// The positions in `all` of every workout, newest first (`Entry.newestFirst`): the sort
    /// compares and moves integers, not entries holding arrays and strings.
    var newestFirstOrder: [Int] {
        let days = all.map(\.day)
        let starts = all.map { $0.started?.instant }
        return all.indices.sorted { a, b in
            if days[a] != days[b] { return days[a] > days[b] }
            if starts[a] != starts[b], let sa = starts[a], let sb = starts[b] { return sa > sb }
            return all[a].key > all[b].key
        }
    }
}
