/// The live workouts of a state: explicit sessions not discarded and implicit days with sets.
///
/// Built on demand by the queries (O(sets)); evolve keeps no aggregate of its own.
struct WorkoutIndex {
    /// One workout and its live sets in history order.
    struct Entry {
        var key: WorkoutKey
        var record: WorkoutRecord?
        var sets: [LoggedSet]

        /// The local day it is listed under: the day it started (explicit), else its key's day.
        var day: LocalDay {
            if let record { return record.started.localDay }
            if case .implicit(let day) = key { return day }
            return sets.first?.performed.localDay ?? LocalDay(daysSince1970: 0)
        }

        /// When it started: the session start, else its first set.
        var started: ZonedInstant? { record?.started ?? sets.first?.performed }

        /// Newest first: by day, then start, then key.
        static func newestFirst(_ a: Entry, _ b: Entry) -> Bool {
            if a.day != b.day { return a.day > b.day }
            let sa = a.started?.instant, sb = b.started?.instant
            if sa != sb, let sa, let sb { return sa > sb }
            return a.key > b.key
        }
    }

    var entries: [WorkoutKey: Entry] = [:]

    init(_ state: WlogState) {
        for set in state.liveSets {
            let key = WorkoutKey(of: set)
            if entries[key] == nil {
                entries[key] = Entry(key: key, record: set.workout.flatMap(state.workout), sets: [])
            }
            entries[key]?.sets.append(set)
        }
        for record in state.workouts.values where !record.isDiscarded && entries[.explicit(record.id)] == nil {
            entries[.explicit(record.id)] = Entry(key: .explicit(record.id), record: record, sets: [])
        }
    }

    /// Every workout, newest first.
    var newestFirst: [Entry] { entries.values.sorted(by: Entry.newestFirst) }
}
