import WlogCore
import WlogStore

/// The session a §5 write on a workout writes into (docs/SERVER.md, "A day logged without a
/// session"), with the events that must come before the write's own in the same commit.
///
/// A day the CLI logged without a session is listed as a workout with its date as id
/// (`2026-11-27`). Reads and corrections of its sets work on it as it is; a write that needs a
/// session — an exercise added, a set added, a name, notes or a completion — first makes the day
/// a session of its own: `workout.started` at its first set (id `dayID(day, n)`), each of its
/// sets moved into it (`set.edited` with `workout`), `workout.finished` at its last set (or at
/// the `completedAt` the write gives). Those events' ids are derived from the session's, so two
/// servers that do it for the same sets make the same events. The date then names that session
/// while the day has no other set logged without one (`resolve`).
struct WorkoutSession {
    /// The session written into.
    var record: WorkoutRecord
    /// The events before the write's own: the day made a session, the entries listed.
    private(set) var events: [Event] = []
    /// The lifter's state with `events` applied but for `unapplied`; nil until a second command
    /// needs the first one's events applied. A session decides against the lifter's own state
    /// (`over`, borrowed) while it has no events, so a write of one command never copies the
    /// state: not its arrays (a long history's were most of a POST's CPU), and not the struct
    /// either (a retain of each of its fields, 1.2 % of a POST's CPU).
    private var decided: WlogState?
    /// The tail of `events` not yet applied to `decided`.
    private var unapplied: [Event] = []
    /// The sequence of the lifter's state the session was made from: every `over` must be it.
    private let madeAt: UInt64

    private init(record: WorkoutRecord, madeAt: UInt64) {
        self.record = record
        self.madeAt = madeAt
    }

    /// The state the write decides against: `lifter` — the state the session was made from —
    /// with `events` applied.
    mutating func state(over lifter: WlogState) -> WlogState {
        settle(over: lifter)
        return decided ?? lifter
    }

    /// Decides `command` against the session's state (`lifter`, the state the session was made
    /// from, with `events` applied) and adds its events to `events`.
    mutating func append(_ command: Command, over lifter: WlogState, context: DecideContext) throws {
        settle(over: lifter)
        let made = if let decided {
            try decide(command, state: decided, context: context)
        } else {
            try decide(command, state: lifter, context: context)
        }
        unapplied = made
        events += made
    }

    /// Applies `unapplied` to `decided`, a copy of `lifter` from the first events on.
    private mutating func settle(over lifter: WlogState) {
        assert(lifter.lastSeq == madeAt, "a session is decided over the state it was made from")
        guard !unapplied.isEmpty else { return }
        if decided == nil { decided = lifter }
        for event in unapplied { decided?.apply(event) }
        unapplied = []
    }

    /// The id of the `n`-th session a day logged without one became (0, 1 …): the FNV-1a 128 of
    /// `wlog-day-session:<day>:<n>`, so its date finds it again.
    static func dayID(_ day: LocalDay, _ n: Int) -> EventID {
        var hasher = StableHasher()
        hasher.feed("wlog-day-session:\(day.iso):\(n)".utf8)
        return hasher.id
    }

    /// The latest session the day became (n and id), nil when it became none.
    static func latestDaySession(_ day: LocalDay, state: WlogState) -> (n: Int, id: EventID)? {
        var latest: (n: Int, id: EventID)?
        for n in 0... {
            let id = dayID(day, n)
            guard state.workout(id) != nil else { break }
            latest = (n, id)
        }
        return latest
    }

    /// The workout a path's id names: a date names the session that day became while the day
    /// has no set logged without a session (its own workout then), any other id itself.
    static func resolve(_ key: WorkoutKey, view: LifterView, now: Instant) -> WorkoutKey {
        guard case .implicit(let day) = key, let latest = latestDaySession(day, state: view.state),
              view.workoutSummary(key, context: view.queryContext(now: now)) == nil else { return key }
        return .explicit(latest.id)
    }

    /// The session `key` names for a write, made first from a day logged without one (finished
    /// at `finishing`, else at its last set); with `listing`, every exercise its sets name that
    /// its list lacks is listed first (`workout.exercise.added` in their order), so an added
    /// entry's position and order are those the app was shown. 404 for no such workout.
    static func forWrite(_ key: WorkoutKey, view: LifterView, now: Instant, context: DecideContext,
                         finishing: ZonedInstant? = nil, listing: Bool = false) throws -> WorkoutSession {
        let key = resolve(key, view: view, now: now)
        var session: WorkoutSession
        switch key {
        case .explicit(let id):
            guard let record = view.state.workout(id), !record.isDiscarded else { throw APIError.notFound("workout " + APIID.text(key)) }
            session = WorkoutSession(record: record, madeAt: view.state.lastSeq)
        case .implicit(let day):
            guard let summary = view.workoutSummary(key, context: view.queryContext(now: now)) else {
                throw APIError.notFound("workout " + APIID.text(key))
            }
            session = try fromDay(day, sets: summary.exercises.flatMap(\.sets), state: view.state, context: context, finishing: finishing)
        }
        if listing { try session.listUnlisted(view: view, now: now, context: context) }
        return session
    }

    /// The day's sets made a session of their own (see the type's comment).
    static func fromDay(_ day: LocalDay, sets: [LoggedSet], state: WlogState, context: DecideContext,
                        finishing: ZonedInstant?) throws -> WorkoutSession {
        let ordered = sets.sorted(by: LoggedSet.historyOrder)
        guard let first = ordered.first, let last = ordered.last else { throw APIError.notFound("workout " + day.iso) }
        let id = dayID(day, (latestDaySession(day, state: state)?.n ?? -1) + 1)
        var derived = context
        var index = 0
        derived.nextID = {
            defer { index += 1 }
            return index == 0 ? id : DecideContext.derivedID(id, index: index)
        }
        var session = WorkoutSession(record: WorkoutRecord(id: id, seq: 0, started: first.performed), madeAt: state.lastSeq)
        var start = StartWorkout(at: first.performed)
        start.allowsOtherOpen = true
        try session.append(.startWorkout(start), over: state, context: derived)
        for set in ordered { try session.append(.editSet(EditSet(set: set.id, workout: id)), over: state, context: derived) }
        try session.append(.finishWorkout(FinishWorkout(workout: id, at: finishing ?? last.performed)), over: state, context: derived)
        guard let record = session.state(over: state).workout(id) else { throw APIError.notFound("workout " + day.iso) }
        session.record = record
        return session
    }

    /// Lists the exercises the session's sets name that its list lacks, in the order shown.
    mutating func listUnlisted(view: LifterView, now: Instant, context: DecideContext) throws {
        guard let summary = state(over: view.state).workoutSummary(.explicit(record.id), context: view.queryContext(now: now)) else { return }
        for group in summary.exercises where !record.exercises.contains(where: { $0.exercise == group.exercise.id }) {
            try append(.addWorkoutExercise(workout: record.id, exercise: group.exercise.id, position: nil, notes: nil),
                       over: view.state, context: context)
        }
        if let updated = state(over: view.state).workout(record.id) { record = updated }
    }
}
