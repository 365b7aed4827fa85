/// Which workouts history shows and which page of them.
@PublicInit
public struct HistoryFilter: Sendable, Hashable {
    /// First and last local day, inclusive.
    public var since: LocalDay?
    public var until: LocalDay?
    /// Only workouts with a set of this exercise id.
    public var exercise: String?
    /// Only workouts with a set of an exercise this matches (its primary group, or a muscle it lists).
    public var group: MuscleFilter?
    /// Only workouts whose name, notes, exercise names or set notes contain this (any case).
    public var search: String?
    /// Page size (50 by default) and offset, counted in workouts.
    public var limit: Int = 50
    public var offset: Int = 0
}

/// One page of history: workouts newest first, grouped by local day.
public struct HistoryPage: Sendable, Hashable {
    public var days: [HistoryDay]
    /// How many workouts matched the filter (all pages).
    public var total: Int

    /// The page's workouts, newest first.
    public var workouts: [WorkoutSummary] { days.flatMap(\.workouts) }
}

/// The workouts of one local day, newest first.
public struct HistoryDay: Sendable, Hashable {
    public var day: LocalDay
    public var workouts: [WorkoutSummary]
}

extension WlogState {
    /// Workouts newest first grouped by local day, filtered and paginated.
    ///
    /// Each workout's PRs come from `PersonalRecords` over the exercise's whole live history
    /// (not just the page), with the settings' PR rep targets, e1RM formula and max reps.
    public func history(_ filter: HistoryFilter = HistoryFilter(), context: QueryContext) -> HistoryPage {
        // Filters on sets need every workout's sets; by day alone, only the page's are laid out.
        let bySets = filter.exercise != nil || filter.group != nil || Self.needle(filter) != nil
        var index = WorkoutIndex(self, placement: bySets ? .all : .none)
        return history(filter, context: context, index: &index, placedAll: bySets, newest: nil,
                       prs: PRCache(state: self, live: index.live), memo: nil)
    }

    /// `history` over an index made already: `placedAll` when every entry's sets are laid out
    /// (else the page's are placed here), `newest` every entry newest first when known (else the
    /// page's are picked from the matching ones), `memo` the summaries made before for this index
    /// (those made now are kept in it).
    func history(_ filter: HistoryFilter, context: QueryContext, index: inout WorkoutIndex, placedAll: Bool,
                 newest: [Int]?, prs finder: PRCache, memo: SummaryMemo?) -> HistoryPage {
        let (shown, total) = pagePositions(filter, index: index, newest: newest)
        // Only the workouts without a kept summary lay out their sets and prepare their records.
        let kept = memo.map { memo in shown.map { memo.summary(at: $0, unit: context.unit) } }
        let unmade = kept.map { kept in zip(shown, kept).compactMap { $1 == nil ? $0 : nil } } ?? shown
        if !placedAll { index.place(unmade) }
        let unmadeSets = unmade.map { index.sets(of: index.all[$0]) }
        finder.prepare(for: unmadeSets.joined())
        var days: [HistoryDay] = []
        var next = 0
        for (k, position) in shown.enumerated() {
            let summary: WorkoutSummary
            if let made = kept?[k] {
                summary = made
            } else {
                summary = self.summary(of: index.all[position], sets: unmadeSets[next], context: context, prs: finder)
                next += 1
                memo?.keep(summary, at: position, unit: context.unit)
            }
            if days.last?.day == summary.day {
                days[days.count - 1].workouts.append(summary)
            } else {
                days.append(HistoryDay(day: summary.day, workouts: [summary]))
            }
        }
        return HistoryPage(days: days, total: total)
    }

    /// The positions in `index.all` of the workouts `filter` shows, newest first, and how many
    /// matched it (all pages); `newest` every entry newest first when known. Filters on sets need
    /// every entry's sets placed.
    func pagePositions(_ filter: HistoryFilter, index: WorkoutIndex, newest: [Int]?) -> (shown: [Int], total: Int) {
        let needle = Self.needle(filter)
        func matches(_ position: Int) -> Bool {
            let entry = index.all[position]
            if let since = filter.since, entry.day < since { return false }
            if let until = filter.until, entry.day > until { return false }
            if let id = filter.exercise, !index.anySet(of: entry, { $0.exercise == id }) { return false }
            if let group = filter.group, !index.anySet(of: entry, { group.matches(exerciseOrStandIn($0.exercise)) }) {
                return false
            }
            if let needle, !self.matches(entry, sets: index.sets(of: entry), needle) { return false }
            return true
        }
        let offset = max(0, filter.offset)
        let (end, overflow) = offset.addingReportingOverflow(max(0, filter.limit))
        if let newest {
            let isFiltered = filter.since != nil || filter.until != nil || filter.exercise != nil || filter.group != nil || needle != nil
            let matching = isFiltered ? newest.filter(matches) : newest
            return (Array(matching[min(offset, matching.count)..<(overflow ? matching.count : min(end, matching.count))]), matching.count)
        } else {
            let matching = index.all.indices.filter(matches)
            return (Array(index.newestFirstOrder(of: matching, first: overflow ? matching.count : end).dropFirst(offset)), matching.count)
        }
    }

    /// The search text of a filter, lower-cased; nil when none.
    private static func needle(_ filter: HistoryFilter) -> String? {
        filter.search.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One workout's summary (a session by id, or a day's implicit workout) with its PRs; nil
    /// when the state has no such live workout. Lays out that workout's sets only (what an API's
    /// workout detail asks for, without the cost of a history page).
    public func workoutSummary(_ key: WorkoutKey, context: QueryContext) -> WorkoutSummary? {
        var index = WorkoutIndex(self, placement: .none)
        guard let position = index.all.firstIndex(where: { $0.key == key }) else { return nil }
        index.place([position])
        let entry = index.all[position]
        let sets = index.sets(of: entry)
        let finder = PRCache(state: self, live: index.live)
        finder.prepare(for: sets)
        return summary(of: entry, sets: sets, context: context, prs: finder)
    }

    /// Every workout newest first, unpaginated, with PRs.
    public func workoutSummaries(context: QueryContext) -> [WorkoutSummary] {
        var summaries: [WorkoutSummary] = []
        forEachWorkoutSummary(context: context) { summaries.append($0) }
        return summaries
    }

    /// Hands every workout's summary to `body`, newest first, one at a time: what
    /// `workoutSummaries` returns, without holding them all (a full rebuild on a long journal).
    public func forEachWorkoutSummary(context: QueryContext, _ body: (WorkoutSummary) throws -> Void) rethrows {
        let index = WorkoutIndex(self)
        let finder = PRCache(state: self, live: index.live)
        finder.prepareAll()
        for entry in index.newestFirst {
            try body(summary(of: entry, sets: index.sets(of: entry), context: context, prs: finder))
        }
    }

    /// The exercise, or a stand-in named by its id (group Core, so labels ignore it) when unknown.
    public func exerciseOrStandIn(_ id: String) -> Exercise {
        exercise(id) ?? Exercise(id: id, name: id, group: .core, pattern: .core, isCustom: true)
    }

    private func matches(_ entry: WorkoutIndex.Entry, sets: [LoggedSet], _ needle: String) -> Bool {
        let record = self.record(of: entry)
        let texts = [record?.name, record?.notes, record?.finishNotes].compactMap { $0 }
            + (record?.exercises.compactMap(\.notes) ?? [])
            + sets.compactMap(\.notes)
            + sets.map { exerciseOrStandIn($0.exercise).name }
        return texts.contains { $0.lowercased().contains(needle) }
    }
}
