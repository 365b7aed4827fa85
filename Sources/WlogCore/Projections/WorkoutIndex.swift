/// The live workouts of a state: explicit sessions not discarded and implicit days with sets.
///
/// Built on demand by the queries in one pass over the live sets (O(sets)); evolve keeps no
/// aggregate of its own. The pass finds each live set's workout from its ledger row's workout
/// slot (or, without one, its local day) — an array lookup per set, no key made, no hashing —
/// and notes it in `entryOfSet`. Which sets each entry has is then laid out for the entries a
/// query shows (`place(_:)`): history's page of 20 workouts does not lay out the other 4,500.
/// Entries refer to their sets by position in the `LiveSets` view, so building the index makes
/// no `LoggedSet`: a query makes the sets of the entries it shows (`sets(of:)`).
struct WorkoutIndex {
    /// One workout: its key, when its session started and the positions of its live sets.
    ///
    /// Its session record is looked up when a query shows it (`WlogState.record(of:)`): a copy
    /// in every entry retained each of its strings and arrays, for every workout.
    struct Entry {
        var key: WorkoutKey
        /// When its session started (`workout.started`), when it has a session record.
        var sessionStarted: ZonedInstant?
        /// Where the positions of its sets (in `WorkoutIndex.live`, history order) are in
        /// `WorkoutIndex.setPositions`; nil until `place(_:)` laid them out.
        var setRange: Range<Int>?
        /// When its first set was performed.
        var firstPerformed: ZonedInstant?
        /// The position of its first set in `WorkoutIndex.live` (−1: it has none): none of its
        /// sets comes before, so laying out its sets reads from there on.
        var firstPosition = -1

        /// The local day it is listed under (`listedDay`, kept once the entry is complete).
        var day = LocalDay(daysSince1970: 0)

        /// The day it started (explicit), else its key's day.
        var listedDay: LocalDay {
            if let sessionStarted { return sessionStarted.localDay }
            if case .implicit(let day) = key { return day }
            return firstPerformed?.localDay ?? LocalDay(daysSince1970: 0)
        }

        /// When it started: the session start, else its first set.
        var started: ZonedInstant? { sessionStarted ?? firstPerformed }
    }

    /// Which entries' sets `init` lays out.
    enum Placement {
        /// Every entry's (queries over every workout, or filtering on sets).
        case all
        /// None yet: the caller places the entries it shows (`place(_:)`).
        case none
    }

    /// The live sets in history order (the view entries point into).
    let live: LiveSets
    /// Every workout (the order is of no meaning: queries sort with `newestFirstOrder`).
    private(set) var all: [Entry] = []
    /// The entry (position in `all`) of each live set, by the set's position in `live`.
    private let entryOfSet: [Int32]
    /// The positions in `live` of the placed entries' sets: the first placed entry's, then the
    /// second's, … (history order within an entry).
    private var setPositions: [Int32] = []

    /// Indexes the live workouts of `state`, laying out the sets of the entries `placement` says.
    init(_ state: WlogState, placement: Placement = .all) {
        let live = state.lazyLiveSets
        self.live = live
        let ledger = live.ledger
        let slots = WorkoutSlots(ledger)
        var maker = EntryMaker(live: live, slots: slots.count, capacity: state.workouts.count + 64)
        let count = live.count
        entryOfSet = [Int32](unsafeUninitializedCapacity: count) { out, initialized in
            for position in 0..<count {
                let slot = slots.canonical(ledger.rows[Int(live.rows[position])].workout)
                out[position] = slot >= 0 ? maker.entry(ofSlot: slot, at: position) : maker.implicitEntry(at: position)
            }
            initialized = count
        }
        // Session starts from the records; sessions not discarded without a live set are entries too.
        let workouts = state.workouts.values
        for index in workouts.indices {
            if let slot = slots.slot(of: workouts[index].id), maker.slotEntry[slot] >= 0 {
                maker.entries[Int(maker.slotEntry[slot])].sessionStarted = workouts[index].started
            } else if !workouts[index].isDiscarded {
                maker.entries.append(Entry(key: .explicit(workouts[index].id), sessionStarted: workouts[index].started))
            }
        }
        for index in maker.entries.indices { maker.entries[index].day = maker.entries[index].listedDay }
        all = maker.entries
        if case .all = placement { place(Array(all.indices)) }
    }

    /// Lays out the sets of the entries at `positions` in `all` (and only theirs: any placed
    /// before are forgotten), in one pass over the live sets' entries.
    mutating func place(_ positions: [Int]) {
        for index in all.indices { all[index].setRange = nil }
        // The rank of each wanted entry in `positions` (−1: not wanted).
        var rank = [Int32](repeating: -1, count: all.count)
        for (k, position) in positions.enumerated() { rank[position] = Int32(truncatingIfNeeded: k) }
        // The positions of the wanted sets (every set when every entry is wanted), from the
        // first set of any of them (history's newest workouts: the last few hundred sets).
        var found: [Int32] = []
        if positions.count < all.count {
            var from = entryOfSet.count
            for position in positions where all[position].firstPosition >= 0 {
                from = min(from, all[position].firstPosition)
            }
            entryOfSet.withUnsafeBufferPointer { entries in
                rank.withUnsafeBufferPointer { rank in
                    for position in from..<entries.count where rank[Int(entries[position])] >= 0 {
                        found.append(Int32(truncatingIfNeeded: position))
                    }
                }
            }
        } else {
            found = Array(0..<Int32(truncatingIfNeeded: entryOfSet.count))
        }
        // Counted per entry, then put in place (history order within an entry).
        var next = [Int](repeating: 0, count: positions.count)
        for position in found { next[Int(rank[Int(entryOfSet[Int(position)])])] += 1 }
        var start = 0
        for (k, position) in positions.enumerated() {
            all[position].setRange = start..<(start + next[k])
            (next[k], start) = (start, start + next[k])
        }
        var flat = [Int32](repeating: 0, count: found.count)
        for position in found {
            let k = Int(rank[Int(entryOfSet[Int(position)])])
            flat[next[k]] = position
            next[k] += 1
        }
        setPositions = flat
    }

    /// The live sets of an entry, in history order (none when its sets were not placed).
    func sets(of entry: Entry) -> [LoggedSet] { placed(entry).map { live[Int($0)] } }

    /// Whether any set of the entry satisfies `predicate` (without making an array of them).
    func anySet(of entry: Entry, _ predicate: (LoggedSet) -> Bool) -> Bool {
        placed(entry).contains { predicate(live[Int($0)]) }
    }

    /// The positions in `live` of the entry's sets.
    private func placed(_ entry: Entry) -> ArraySlice<Int32> {
        assert(entry.setRange != nil, "the sets of a workout shown must be placed first")
        return setPositions[entry.setRange ?? 0..<0]
    }
}

/// Makes `WorkoutIndex`'s entries as the pass over the live sets meets their first sets.
private struct EntryMaker {
    let live: LiveSets
    var entries: [WorkoutIndex.Entry] = []
    /// The entry of each workout slot, −1 until its first live set.
    var slotEntry: [Int32]
    /// The entry of each implicit day met, and the day of the last implicit set.
    var dayEntry: [LocalDay: Int32] = [:]
    var lastDay: LocalDay?
    var lastDayEntry: Int32 = -1

    init(live: LiveSets, slots: Int, capacity: Int) {
        self.live = live
        slotEntry = [Int32](repeating: -1, count: slots)
        entries.reserveCapacity(capacity)
    }

    /// The entry of the set at `position`, of workout slot `slot` (made at its first set).
    @inline(__always)
    mutating func entry(ofSlot slot: Int, at position: Int) -> Int32 {
        let known = slotEntry[slot]
        return known >= 0 ? known : newEntry(ofSlot: slot, at: position)
    }

    @inline(never)
    private mutating func newEntry(ofSlot slot: Int, at position: Int) -> Int32 {
        let entry = Int32(truncatingIfNeeded: entries.count)
        slotEntry[slot] = entry
        entries.append(WorkoutIndex.Entry(key: .explicit(live.ledger.workoutIDs[slot]),
                                          firstPerformed: live.performed(at: position), firstPosition: position))
        return entry
    }

    /// The entry of the set at `position`, which has no workout: its local day's.
    @inline(never)
    mutating func implicitEntry(at position: Int) -> Int32 {
        let performed = live.performed(at: position)
        let day = performed.localDay
        if day == lastDay { return lastDayEntry }
        let entry: Int32
        if let known = dayEntry[day] {
            entry = known
        } else {
            entry = Int32(truncatingIfNeeded: entries.count)
            dayEntry[day] = entry
            entries.append(WorkoutIndex.Entry(key: .implicit(day), firstPerformed: performed, firstPosition: position))
        }
        lastDay = day
        lastDayEntry = entry
        return entry
    }
}
