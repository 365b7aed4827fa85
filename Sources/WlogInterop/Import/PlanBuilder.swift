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
        var usage: [String: ExerciseGuess.Usage] = [:]
        for workout in file.workouts {
            for set in workout.sets { usage[Exercise.nameKey(set.exercise), default: .init()].add(set) }
        }
        var resolver = ExerciseResolver(known: options.knownExercises, libraryMatch: options.libraryMatch)
        let workouts = file.workouts.sorted { ($0.startLocal, $0.key) < ($1.startLocal, $1.key) }
        var workoutEvents: [Event] = []
        var firstUse: [String: ZonedInstant] = [:]
        for workout in workouts {
            let start = options.zone.zoned(localMilliseconds: workout.startLocal)
            var body: [Event] = []
            let workoutID = id(workout.key, "workout.started")
            for set in workout.sets {
                guard (set.reps ?? 0) > 0 || (set.distance?.tenThousandths ?? 0) > 0 || (set.durationMilliseconds ?? 0) > 0 else {
                    report.skipped.append(.init(line: set.line, reason: "no reps, distance or duration"))
                    continue
                }
                let exercise = resolver.resolve(set.exercise, usage: usage[Exercise.nameKey(set.exercise)] ?? .init())
                let payload = payload(set, exercise: exercise, workout: workoutID)
                if firstUse[exercise.id] == nil { firstUse[exercise.id] = start }
                let at = zoned(start, plusMilliseconds: Int64(set.position) * 1000)
                body.append(event(id(workout.key, "row", String(set.position)), at, .setLogged(payload)))
            }
            guard !body.isEmpty else { continue }
            report.workouts += 1
            let notes = workout.notes.isEmpty ? nil : workout.notes.joined(separator: "\n")
            workoutEvents.append(event(workoutID, start, .workoutStarted(WorkoutStarted(name: workout.name, notes: notes))))
            workoutEvents += body
            let length = workout.durationMilliseconds ?? Int64(workout.rowCount) * 1000
            let finished = WorkoutFinished(workout: workoutID)
            workoutEvents.append(event(id(workout.key, "workout.finished"), zoned(start, plusMilliseconds: length), .workoutFinished(finished)))
        }
        for exercise in resolver.created {
            let at = firstUse[exercise.id] ?? ZonedInstant(options.recorded, offsetMinutes: 0)
            events.append(event(id("exercise", exercise.id), at, .exerciseCreated(exercise)))
        }
        report.exercisesCreated = resolver.created.count
        events += workoutEvents
        appendBodyweights(file.bodyweights)
        report.skipped.sort { $0.line < $1.line }
        return ImportPlan(events: events, report: report)
    }

    /// The `set.logged` payload of a row (holding reps, a distance or a duration) for `exercise`,
    /// counted in the report.
    private mutating func payload(_ set: ImportedSet, exercise: Exercise, workout: EventID) -> SetLogged {
        let reps = (set.reps ?? 0) > 0 ? set.reps : nil
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
            if let weight, set.setType != .warmup, exercise.kind.isStrengthLike {
                report.volume[weight.unit, default: 0] += weight.tenThousandths * Int64(reps)
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
