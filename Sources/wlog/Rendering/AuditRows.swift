import WlogCore

/// Audit rows: who wrote which event when, and what it changed.
///
/// Columns: `event_id, type, actor, recorded_at, occurred_at, subject, change` — `subject`
/// is the id of the set, workout, body-weight entry or exercise the event is about; `change` is
/// the event as a lifter reads it (a set's edits as `reps 5 → 6`). No column depends on the
/// journal's own numbering (`seq`), so replicas holding the same events print the same rows.
enum AuditRows {
    static let columns = ["event_id", "type", "actor", "recorded_at", "occurred_at", "subject", "change"]

    static func rows(_ events: [Event], state: WlogState, unit: MassUnit, zone: Zone) -> Rows {
        var rows = Rows(columns: columns)
        let line = SetLine(state: state, unit: unit)
        for event in events {
            rows.append([
                .text(event.id.hex), .text(event.type.rawValue), .text(event.envelope.actor),
                .text(event.envelope.recorded.zoned(zone).iso8601WithOffset), .text(event.envelope.occurred.iso8601WithOffset),
                .optional(subject(event)), .optional(change(event, state: state, line: line, unit: unit)),
            ])
        }
        return rows
    }

    /// The id of what the event is about.
    static func subject(_ event: Event) -> String? {
        switch event.payload {
        case .setLogged, .workoutStarted, .bodyweightRecorded, .readinessRecorded: return event.id.hex
        case .setEdited(let p): return p.set.hex
        case .setDeleted(let p): return p.set.hex
        case .workoutExerciseAdded(let p): return p.workout.hex
        case .workoutExerciseRemoved(let p): return p.workout.hex
        case .workoutExercisesReordered(let p): return p.workout.hex
        case .workoutFinished(let p): return p.workout.hex
        case .workoutDiscarded(let p): return p.workout.hex
        case .bodyweightEdited(let p): return p.entry.hex
        case .bodyweightDeleted(let p): return p.entry.hex
        case .exerciseCreated(let e): return e.id
        case .exerciseUpdated(let p): return p.exercise
        case .exerciseRetired(let p): return p.exercise
        case .equipmentAdded(let item), .equipmentUpdated(let item): return item.id
        case .equipmentRemoved(let p): return p.id
        case .routineCreated(let r), .routineUpdated(let r): return r.id
        case .routineRetired(let p): return p.id
        case .profileUpdated, .settingsChanged, .goalSet: return nil
        default: return audited(event)?.auditSubject ?? event.id.hex
        }
    }

    /// Whether the event is about the entity with this id.
    static func concerns(_ event: Event, id: EventID) -> Bool { subject(event) == id.hex }

    /// What the event did, in words.
    static func change(_ event: Event, state: WlogState, line: SetLine, unit: MassUnit) -> String {
        switch event.payload {
        case .setLogged(let p):
            let set = LoggedSet(
                id: event.id, seq: event.seq, exercise: p.exercise, workout: p.workout, performed: event.envelope.occurred,
                reps: p.reps, weight: p.weight, distance: p.distance, durationMilliseconds: p.durationMilliseconds,
                rpe: p.rpe, effort: p.effort, setType: p.setType, done: p.done, notes: p.notes)
            return line.exerciseName(set) + " " + line.what(set) + (p.notes.map { " — " + $0 } ?? "")
        case .setEdited(let p):
            if let diff = versionDiff(event, set: p.set, state: state, line: line), !diff.isEmpty { return diff }
            return "set " + p.set.short + " edited"
        case .setDeleted(let p): return "deleted" + (p.reason.map { ": " + $0 } ?? "")
        case .workoutStarted(let p): return "started " + (p.name ?? "workout") + (p.routine.map { " (routine \($0))" } ?? "")
        case .workoutFinished(let p):
            var parts = ["finished"]
            if let rpe = p.sessionRPE { parts.append("session RPE " + rpe.text) }
            if let soreness = p.soreness { parts.append("soreness \(soreness.value)") }
            if let notes = p.notes { parts.append(notes) }
            return parts.joined(separator: ", ")
        case .workoutDiscarded: return "discarded"
        case .workoutExerciseAdded(let p): return "added " + (state.exercise(p.exercise)?.name ?? p.exercise)
        case .workoutExerciseRemoved(let p): return "removed " + (state.exercise(p.exercise)?.name ?? p.exercise)
        case .workoutExercisesReordered(let p): return "reordered " + p.exercises.joined(separator: ", ")
        case .bodyweightRecorded(let p): return "body weight " + p.weight.formatted(in: unit) + (p.notes.map { " — " + $0 } ?? "")
        case .bodyweightEdited(let p):
            var parts: [String] = []
            if let weight = p.weight { parts.append("weight " + weight.formatted(in: unit)) }
            if let at = p.at { parts.append("at " + at.iso8601WithOffset) }
            if let notes = p.notes { parts.append("notes " + notes) }
            return "corrected" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        case .bodyweightDeleted: return "deleted"
        case .goalSet(let p): return p.weight.map { "goal " + $0.formatted(in: unit) } ?? "goal cleared"
        case .readinessRecorded: return "readiness"
        case .settingsChanged(let p):
            var parts: [String] = []
            if let v = p.unit { parts.append("unit " + v.rawValue) }
            if let v = p.timeZone { parts.append("zone " + v) }
            if let v = p.e1rmFormula { parts.append("e1RM formula " + v) }
            if let v = p.prReps { parts.append("PR reps " + v.map(String.init).joined(separator: ",")) }
            if let v = p.e1rmMaxReps { parts.append("e1RM max reps \(v)") }
            if let v = p.restTimerSeconds { parts.append("rest timer \(v) s") }
            return "settings" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        case .profileUpdated(let p): return "profile" + (p.name.map { ": " + $0 } ?? "")
        case .exerciseCreated(let e): return "created " + e.name + " (" + e.group.rawValue + ")"
        case .exerciseUpdated: return "updated"
        case .exerciseRetired: return "retired"
        case .equipmentAdded(let item): return "added " + item.name
        case .equipmentUpdated(let item): return "updated " + item.name
        case .equipmentRemoved: return "removed"
        case .routineCreated(let r): return "created " + r.name
        case .routineUpdated(let r): return "updated " + r.name
        case .routineRetired: return "retired"
        default: return audited(event)?.auditChange(unit: unit) ?? event.type.rawValue
        }
    }

    /// The event's payload when its type says for itself what audit shows (`AuditedEvent`).
    private static func audited(_ event: Event) -> (any AuditedEvent)? { event.payload.value as? any AuditedEvent }

    /// `reps 5 → 6, weight 100 kg → 102.5 kg`: what an edit changed, from the set's versions.
    static func versionDiff(_ event: Event, set id: EventID, state: WlogState, line: SetLine) -> String? {
        let versions = state.versions(of: id)
        guard let index = versions.firstIndex(where: { $0.eventID == event.id }), index > 0 else { return nil }
        let before = versions[index - 1].set, after = versions[index].set
        var parts: [String] = []
        func note(_ field: String, _ a: String?, _ b: String?) {
            if a != b { parts.append(field + " " + (a ?? "–") + " → " + (b ?? "–")) }
        }
        note("exercise", line.exerciseName(before), line.exerciseName(after))
        note("at", before.performed.iso8601WithOffset, after.performed.iso8601WithOffset)
        note("weight", before.weight?.formatted(in: line.unit), after.weight?.formatted(in: line.unit))
        note("reps", before.reps.map(String.init), after.reps.map(String.init))
        note("distance", before.distance?.formatted(), after.distance?.formatted())
        note("duration", before.durationMilliseconds.map(DurationText.clock), after.durationMilliseconds.map(DurationText.clock))
        note("rpe", before.rpe?.text, after.rpe?.text)
        note("effort", before.effort.map { String($0.value) }, after.effort.map { String($0.value) })
        note("type", before.setType.rawValue, after.setType.rawValue)
        note("done", String(before.done), String(after.done))
        note("notes", before.notes, after.notes)
        note("workout", before.workout?.short, after.workout?.short)
        return parts.joined(separator: ", ")
    }
}
