import WlogCore

/// Turns the neutral model of a file into events with deterministic ids, and counts them.
///
/// Times: a workout starts at its file time in the import's zone; the set at row position `p`
/// occurs at start + `p` seconds (so imported sets keep their file order under every sort by
/// time); `workout.finished` occurs at start + the file's length when known, else at start +
/// the row count in seconds. New exercises occur at the start of the first workout using them.
/// Ids: FNV-1a 128 of (format, workout key, row position) — see `EventIDHasher`.
struct PlanBuilder {
    let format: ImportFormat
    let options: ImportOptions
    var report: ImportReport
    private var events: [Event] = []

    init(format: ImportFormat, options: ImportOptions, file: ImportedFile) {
        self.format = format
        self.options = options
        report = ImportReport(format: format, layout: file.layout)
        report.rows = file.rows
        report.restRows = file.restRows
        report.noteRows = file.noteRows
        report.skipped = file.skipped
    }

    /// Builds the plan for `file`.
    mutating func build(_ file: ImportedFile) -> ImportPlan {
        // Name keys by the name as written (the same few names repeat on every row).
        var keys: [String: String] = [:]
        var usage: [String: ExerciseGuess.Usage] = [:]
        for workout in file.workouts {
            for set in workout.sets {
                let key = keys[set.exercise] ?? Exercise.nameKey(set.exercise)
                keys[set.exercise] = key
                usage[key, default: .init()].add(set)
            }
        }
        var resolver = ExerciseResolver(known: options.knownExercises, libraryMatch: options.libraryMatch)
        var resolved: [String: Exercise] = [:]
        let order = file.workouts.indices.sorted {
            (file.workouts[$0].startLocal, file.workouts[$0].key) < (file.workouts[$1].startLocal, file.workouts[$1].key)
        }
        events.reserveCapacity(file.workouts.reduce(0) { $0 + $1.sets.count + 2 })
        var firstUse: [String: ZonedInstant] = [:]
        var body: [Event] = []
        for w in order {
            let workout = file.workouts[w]
            let start = options.zone.zoned(localMilliseconds: workout.startLocal)
            body.removeAll(keepingCapacity: true)
            let workoutID = id(workout.key, "workout.started")
            let length = workout.durationMilliseconds ?? Int64(workout.rowCount) * 1000
            let end = zoned(start, plusMilliseconds: max(length, Int64(workout.rowCount) * 1000))
            let sameOffset = end.offsetMinutes == start.offsetMinutes
            for set in workout.sets {
                guard Self.isImportable(set) else {
                    report.skipped.append(.init(line: set.line, reason: "no reps, weight, distance or duration"))
                    continue
                }
                let exercise: Exercise
                if let known = resolved[set.exercise] {
                    exercise = known
                } else {
                    let key = keys[set.exercise] ?? Exercise.nameKey(set.exercise)
                    exercise = resolver.resolve(set.exercise, usage: usage[key] ?? .init())
                    resolved[set.exercise] = exercise
                    // Workouts run oldest first, so the first resolution is the first use.
                    if firstUse[exercise.id] == nil { firstUse[exercise.id] = start }
                }
                let payload = payload(set, exercise: exercise, workout: workoutID)
                let offset = Int64(set.position) * 1000
                let at = sameOffset
                    ? ZonedInstant(start.instant.adding(milliseconds: offset), offsetMinutes: start.offsetMinutes)
                    : zoned(start, plusMilliseconds: offset)
                body.append(event(EventIDHasher.row(format, workout: workout.key, position: set.position), at, .setLogged(payload)))
            }
            guard !body.isEmpty else { continue }
            report.workouts += 1
            let notes = workout.notes.isEmpty ? nil : workout.notes.joined(separator: "\n")
            events.append(event(workoutID, start, .workoutStarted(WorkoutStarted(name: workout.name, notes: notes))))
            events.append(contentsOf: body)
            let finished = WorkoutFinished(workout: workoutID)
            events.append(event(id(workout.key, "workout.finished"), zoned(start, plusMilliseconds: length), .workoutFinished(finished)))
        }
        let created = resolver.created.map { exercise in
            event(id("exercise", exercise.id), firstUse[exercise.id] ?? ZonedInstant(options.recorded, offsetMinutes: 0),
                  .exerciseCreated(exercise))
        }
        events.insert(contentsOf: created, at: 0)
        report.exercisesCreated = resolver.created.count
        report.created = resolver.created
        appendBodyweights(file.bodyweights)
        report.skipped.sort { $0.line < $1.line }
        return ImportPlan(events: events, report: report)
    }

    /// Whether a row becomes a `set.logged`: it holds reps, a distance or a duration, or is a
    /// missed attempt; the others are skipped and reported.
    static func isImportable(_ set: ImportedSet) -> Bool {
        (set.reps ?? 0) > 0 || (set.distance?.tenThousandths ?? 0) > 0 || (set.durationMilliseconds ?? 0) > 0
            || isMissedAttempt(set)
    }

    /// Whether a row is a missed attempt: 0 reps at a weight, no distance or duration (FitNotes'
    /// `200 lbs × 0`, Hevy's failed set). It is imported with reps 0 (domain.md §3).
    static func isMissedAttempt(_ set: ImportedSet) -> Bool {
        set.reps == 0 && (set.weight?.tenThousandths ?? 0) > 0
            && (set.distance?.tenThousandths ?? 0) == 0 && (set.durationMilliseconds ?? 0) == 0
    }

    /// The `set.logged` payload of a row (holding reps, a distance or a duration, or a missed
    /// attempt) for `exercise`, counted in the report.
    private mutating func payload(_ set: ImportedSet, exercise: Exercise, workout: EventID) -> SetLogged {
        let reps = (set.reps ?? 0) > 0 || Self.isMissedAttempt(set) ? set.reps : nil
        let weight = (set.weight?.tenThousandths ?? 0) > 0 ? set.weight : nil
        let distance = (set.distance?.tenThousandths ?? 0) > 0 ? set.distance : nil
        let duration = (set.durationMilliseconds ?? 0) > 0 ? set.durationMilliseconds : nil
        var logged = SetLogged(exercise: exercise.id, workout: workout, rpe: set.rpe, setType: set.setType,
                               notes: set.notes, source: set.source)
        if (exercise.kind == .cardio && (distance != nil || duration != nil)) || distance != nil {
            logged.distance = distance
            logged.durationMilliseconds = duration
            report.cardio += 1
        } else if let reps {
            logged.reps = reps
            logged.weight = weight
            logged.durationMilliseconds = duration
            if reps == 0 { report.missed += 1 }
            if let weight, set.setType != .warmup, exercise.kind.isStrengthLike {
                // A hostile row (999999999 × 999999999) must not trap: past Int64 it adds no volume,
                // as the projections count none for such a set.
                let (product, overflow) = weight.tenThousandths.multipliedReportingOverflow(by: Int64(reps))
                let (sum, sumOverflow) = report.volume[weight.unit, default: 0].addingReportingOverflow(product)
                if !overflow, !sumOverflow { report.volume[weight.unit] = sum }
            }
        } else {
            logged.durationMilliseconds = duration
            logged.weight = weight
            report.timed += 1
        }
        report.sets += 1
        if set.setType == .warmup { report.warmups += 1 }
        return logged
    }

    /// Body-weight entries, oldest first; entries sharing a time are told apart by their order.
    private mutating func appendBodyweights(_ entries: [ImportedBodyweight]) {
        var seen: [String: Int] = [:]
        let ordered = entries.enumerated().sorted { ($0.element.local, $0.offset) < ($1.element.local, $1.offset) }
        for (_, entry) in ordered {
            let n = seen[entry.key, default: 0]
            seen[entry.key] = n + 1
            let at = options.zone.zoned(localMilliseconds: entry.local)
            events.append(event(id("bodyweight", entry.key, String(n)), at, .bodyweightRecorded(BodyweightRecorded(weight: entry.weight))))
            report.bodyweights += 1
        }
    }

    /// `start` shifted, with the offset in force at the new instant.
    private func zoned(_ start: ZonedInstant, plusMilliseconds ms: Int64) -> ZonedInstant {
        let instant = start.instant.adding(milliseconds: ms)
        return ZonedInstant(instant, offsetMinutes: options.zone.offsetMinutes(at: instant))
    }

    /// The deterministic id of an imported event.
    private func id(_ parts: String...) -> EventID {
        var hasher = EventIDHasher(format.rawValue)
        for part in parts { hasher.combine(part) }
        return hasher.id
    }

    /// An event with the import's envelope.
    private func event(_ id: EventID, _ occurred: ZonedInstant, _ payload: EventPayload) -> Event {
        Event(envelope: Envelope(seq: 0, id: id, occurred: occurred, recorded: options.recorded, actor: format.actor),
              payload: payload)
    }
}
