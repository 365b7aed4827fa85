import WlogCore

/// One user's rows of a Plates export as the events of one lifter (docs/PLATES.md, "Importing a Plates project").
///
/// - A set is a `set.logged` whose event id **is** the row's UUID, occurring at `date`, recorded
///   at `created_at`; a body-weight log a `bodyweight.recorded` whose id is the row's UUID. So the
///   app's cached ids resolve, and an import again adds nothing (the journal skips held ids).
/// - A custom exercise (not `is_base`, linked to the user or named by their sets) is an
///   `exercise.created` whose engine id is the row's UUID, which `/rest/v1` shows as its id.
/// - A base row is the library exercise of its name (`ImportOptions.libraryMatch`); its
///   `pinned_note` and `default_pr_reps`, where the library's differ, an `exercise.updated`. A
///   base row no library exercise matches is imported as the user's custom exercise.
/// - `goal_weight` is `goal.set`; `current_weight` is the log recorded last, so the log whose
///   weight it is goes last (the app sets it right after adding that log).
/// - Weights stay in lb and distances in miles, exact to 1e-4; `duration` minutes are milliseconds.
///
/// Every other event's id is hashed from the user and what it is, and it occurs at the user's
/// first row's date, so the same export always plans the same events.
public enum PlatesPlan {
    /// A base row's library exercise: the built-in `state` finds by that name or an alias (the
    /// rule `/rest/v1` names seed 000's base exercises by), never a fuzzy match.
    public static func libraryMatch(_ state: WlogState) -> @Sendable (String) -> Exercise? {
        { name in state.exercises(named: name).first { !$0.isCustom } }
    }

    /// The events of `user`'s rows (a user id of `export`).
    public static func plan(_ export: PlatesExport, user: String, options: ImportOptions) -> ImportPlan {
        var report = ImportReport(format: .plates, layout: "Supabase table editor CSV")
        let sets = export.sets.filter { $0.userID == user }.sorted { ($0.date.instant, $0.id) < ($1.date.instant, $1.id) }
        var logs = export.bodyWeights.filter { $0.userID == user }.sorted { ($0.date.instant, $0.id) < ($1.date.instant, $1.id) }
        let profile = export.profiles.first { $0.userID == user }
        report.rows = sets.count + logs.count + (profile == nil ? 0 : 1)
        let anchor = sets.first?.date ?? logs.first?.date ?? ZonedInstant(options.recorded, offsetMinutes: 0)
        var events: [Event] = []
        func event(_ id: EventID, _ at: ZonedInstant, _ payload: EventPayload, recorded: Instant? = nil) -> Event {
            Event(envelope: Envelope(seq: 0, id: id, occurred: at, recorded: recorded ?? options.recorded, actor: ImportFormat.plates.actor),
                  payload: payload)
        }
        func hashed(_ parts: String...) -> EventID {
            var hasher = EventIDHasher(ImportFormat.plates.rawValue, user)
            for part in parts { hasher.combine(part) }
            return hasher.id
        }

        // Exercises: the export's id → the engine's (a library slug, or the UUID of a custom one).
        let linked = Set(export.links.filter { $0.user == user }.map(\.exercise)).union(sets.map(\.exerciseID))
        let known = Set(options.knownExercises.map(\.id))
        var slugs: [String: String] = [:]
        for row in export.exercises {
            if row.isBase, let library = options.libraryMatch(row.name) {
                slugs[row.id] = library.id
                var change = ExerciseUpdated(exercise: library.id)
                if let note = row.pinnedNote, note != library.pinnedNote { change.pinnedNote = note }
                if row.prReps != library.prReps { change.prReps = row.prReps }
                if change != ExerciseUpdated(exercise: library.id) {
                    events.append(event(hashed("base", row.id, row.pinnedNote ?? "", String(row.prReps)), anchor, .exerciseUpdated(change)))
                }
                continue
            }
            guard linked.contains(row.id) else { continue }
            slugs[row.id] = row.id
            let kind: ExerciseKind = row.cardio ? .cardio : row.usesBodyWeight ? .bodyweight : .strength
            let exercise = Exercise(
                id: row.id, name: row.name, kind: kind, group: row.group, muscles: ExerciseGuess.muscles(name: row.name, group: row.group),
                equipment: ExerciseGuess.equipment(name: row.name, kind: kind), pattern: ExerciseGuess.pattern(group: row.group, name: row.name),
                prReps: row.prReps, pinnedNote: row.pinnedNote, isCustom: true)
            events.append(event(hashed("exercise", row.id), anchor, .exerciseCreated(exercise)))
            if !known.contains(row.id) {
                report.exercisesCreated += 1
                report.created.append(exercise)
            }
        }

        for set in sets {
            guard let exercise = slugs[set.exerciseID], let id = eventID(set.id) else {
                report.skipped.append(.init(line: 0, reason: "set \(set.id): exercise \(set.exerciseID) is not in exercises.csv"))
                continue
            }
            var logged = SetLogged(exercise: exercise, notes: set.notes)
            if set.distance != nil {
                logged.distance = set.distance
                logged.durationMilliseconds = set.minutes.map { Int64($0) * 60_000 }
                report.cardio += 1
            } else {
                logged.weight = set.weight
                logged.reps = set.reps
            }
            report.sets += 1
            events.append(event(id, set.date, .setLogged(logged), recorded: set.createdAt))
        }

        // The log whose weight is the profile's current weight is recorded last (when it is not already).
        if let current = profile?.current, logs.last?.weight != current, let i = logs.lastIndex(where: { $0.weight == current }) {
            logs.append(logs.remove(at: i))
        }
        for log in logs {
            guard let id = eventID(log.id) else { continue }
            events.append(event(id, log.date, .bodyweightRecorded(BodyweightRecorded(weight: log.weight, notes: log.notes))))
            report.bodyweights += 1
        }
        if let profile {
            if let current = profile.current, !logs.contains(where: { $0.weight == current }) {
                report.skipped.append(.init(line: 0, reason: "user_profiles.current_weight \(current) is none of the user's "
                    + "body_weight_logs: not imported (current_weight reads as the log recorded last)"))
            }
            if let goal = profile.goal {
                events.append(event(hashed("goal", FixedPoint.format(goal.tenThousandths)), anchor, .goalSet(GoalSet(weight: goal))))
            } else if logs.isEmpty {
                // A profile with neither weight: the unit Plates shows (lb) marks it, as `/rest/v1` does.
                events.append(event(hashed("profile"), anchor, .profileUpdated(ProfileUpdated(unit: .lb))))
            }
        }
        return ImportPlan(events: events, report: report)
    }

    /// The event id a row's UUID is (its 32 hex digits).
    static func eventID(_ uuid: String) -> EventID? { EventID(hex: String(uuid.filter { $0 != "-" })) }
}
