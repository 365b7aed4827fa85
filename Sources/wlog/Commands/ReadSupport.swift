import WlogCore
import WlogJournal

/// What an id given to `show` or `audit` names.
enum EntityRef {
    case set(EventID)
    case workout(EventID)
    case bodyweight(EventID)
    /// The implicit workout of a local day (`day:YYYY-MM-DD`).
    case day(LocalDay)

    /// Resolves a prefix of 4+ hex digits among sets, workouts and (when `bodyweight`) body-weight entries,
    /// or `day:YYYY-MM-DD`.
    static func resolve(_ text: String, in state: WlogState, bodyweight: Bool) throws -> EntityRef {
        if text.lowercased().hasPrefix("day:") {
            guard let day = LocalDay(iso: text.dropFirst(4)) else {
                throw WlogError.usage("'\(text)' is not a day; use day:YYYY-MM-DD, e.g. day:2026-11-20")
            }
            return .day(day)
        }
        let sets = Set(state.setIDs)
        let workouts = Set(state.workoutIDs)
        let entries = bodyweight ? Set(state.allBodyweightEntryIDs) : []
        let what = bodyweight ? "set, workout or body-weight entry" : "set or workout"
        let id = try EventIDText.resolve(text, in: sets.union(workouts).union(entries), what: what)
        if sets.contains(id) { return .set(id) }
        if workouts.contains(id) { return .workout(id) }
        return .bodyweight(id)
    }
}

extension WlogState {
    /// Every body-weight entry id, deleted ones included.
    var allBodyweightEntryIDs: [EventID] { allBodyweightEntries.map(\.id) }
}

extension JournalSession {
    /// The events the state was built from, in journal order (for `audit`): a second pass over the
    /// journal that keeps the events `state` applied (so `--as-of` is honoured).
    /// `after`: skip the events up to this sequence (sealed chunks before it are not decompressed).
    func events(in state: WlogState, after: UInt64 = 0, where keep: (Event) -> Bool = { _ in true }) throws -> [Event] {
        let reader = try openReader()
        var events: [Event] = []
        do {
            try reader.forEachLine(after: after) { seq, line in
                guard seq <= state.lastSeq else { return }
                guard let event = try? EventCodec.decode(line), state.contains(eventID: event.id), keep(event) else { return }
                events.append(event)
            }
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        return events
    }
}

/// The workout summary a reference names, or a refusal.
enum WorkoutFinder {
    static func summary(_ key: WorkoutKey, in state: WlogState, query: QueryContext, shownAs text: String) throws -> WorkoutSummary {
        if let found = state.workoutSummaries(context: query).first(where: { $0.key == key }) { return found }
        if let id = key.id, let record = state.workout(id), record.isDiscarded {
            throw WlogError.refused("workout \(text) was discarded — its history is in wlog audit \(id.short)")
        }
        throw WlogError.refused("there is no workout \(text) — see wlog history for the workouts")
    }
}
