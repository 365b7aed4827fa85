/// Profile, settings, equipment and routines.
extension Decider {
    func updateProfile(_ c: ProfileUpdated) throws(Refusal) -> [Event] {
        if let v = c.daysPerWeek, !(1...7).contains(v) {
            throw Refusal(field: "profile.days-per-week", value: String(v), allowed: "1 to 7 days per week")
        }
        let thisYear = context.now.localDay(offsetMinutes: context.offsetMinutes).components.year
        if let v = c.birthYear, !(1900...thisYear).contains(v) {
            throw Refusal(field: "profile.birth-year", value: String(v), allowed: "a year from 1900 to " + String(thisYear))
        }
        if let v = c.heightCentimetres, !(50...300).contains(v) {
            throw Refusal(field: "profile.height", value: String(v), allowed: "a height from 50 to 300 cm")
        }
        try restTimer(c.restTimerSeconds, field: "profile.rest-timer")
        if let goal = c.bodyweightGoal { try positive(goal, field: "profile.bodyweight-goal", what: "a body-weight goal") }
        guard c != ProfileUpdated() else {
            throw Refusal(field: "profile", value: "none", allowed: "give at least one field to change (the unit and zone are settings: wlog settings set unit lb)")
        }
        return [context.event(.profileUpdated(c))]
    }

    func changeSettings(_ c: SettingsChanged) throws(Refusal) -> [Event] {
        var change = c
        if let name = c.e1rmFormula {
            guard let formula = E1RMFormula(parsing: name) else {
                throw Refusal(field: "settings.e1rm-formula", value: quoted(name),
                              allowed: "one of " + E1RMFormula.allCases.map(\.rawValue).joined(separator: ", "))
            }
            change.e1rmFormula = formula.rawValue
        }
        if let reps = c.prReps {
            guard !reps.isEmpty else {
                throw Refusal(field: "settings.pr-reps", value: "none", allowed: "give at least one rep count from 1 to 50")
            }
            for r in reps where !(1...50).contains(r) {
                throw Refusal(field: "settings.pr-reps", value: String(r), allowed: "rep counts are 1 to 50")
            }
            var unique: [Int] = []
            for r in reps.sorted() where unique.last != r { unique.append(r) }
            change.prReps = unique
        }
        if let v = c.e1rmMaxReps, !(1...50).contains(v) {
            throw Refusal(field: "settings.e1rm-max-reps", value: String(v), allowed: "1 to 50 reps")
        }
        try restTimer(c.restTimerSeconds, field: "settings.rest-timer")
        try checkChanges(change)
        return [context.event(.settingsChanged(change))]
    }

    /// Refuses a settings change that changes nothing: no field, or only fields that already have
    /// that value (the event would be empty or ignored).
    private func checkChanges(_ change: SettingsChanged) throws(Refusal) {
        let current = state.settings
        let given: [(key: String, value: String, same: Bool)?] = [
            change.unit.map { ("unit", $0.rawValue, $0 == current.unit) },
            change.timeZone.map { ("zone", $0, $0 == current.timeZone) },
            change.restTimerSeconds.map { ("rest-timer", String($0), $0 == current.restTimerSeconds) },
            change.e1rmFormula.map { ("e1rm-formula", $0, $0 == current.e1rmFormula) },
            change.prReps.map { ("pr-reps", $0.map(String.init).joined(separator: ","), $0 == current.prReps) },
            change.e1rmMaxReps.map { ("e1rm-max-reps", String($0), $0 == current.e1rmMaxReps) },
        ]
        let present = given.compactMap { $0 }
        guard let first = present.first else {
            throw Refusal(field: "settings", value: "none", allowed: "give at least one setting to change")
        }
        if present.allSatisfy(\.same) {
            throw Refusal(field: "settings." + first.key, value: first.value, problem: "is already the setting",
                          allowed: "nothing to change")
        }
    }

    func equipment(_ item: EquipmentItem, isNew: Bool) throws(Refusal) -> [Event] {
        guard !item.id.isEmpty, !item.name.trimmingASCIISpaces().isEmpty else {
            throw Refusal(field: "equipment.name", value: "\"\"", allowed: "give the item a name")
        }
        let exists = state.equipment[item.id] != nil
        if isNew && exists {
            throw Refusal(field: "equipment", value: item.id, problem: "already exists", allowed: "update it instead")
        }
        if !isNew && !exists {
            throw Refusal(field: "equipment", value: item.id, problem: "is unknown", allowed: "add it first")
        }
        if !isNew, state.equipment[item.id] == item {
            throw Refusal(field: "equipment", value: item.id, problem: "is unchanged",
                          allowed: "give what differs: --type, --weights, --location, --unavailable or --available")
        }
        for weight in item.weights where weight.tenThousandths <= 0 {
            throw Refusal(field: "equipment.weights", value: weight.formatted(), allowed: "every load must be more than 0")
        }
        return [context.event(isNew ? .equipmentAdded(item) : .equipmentUpdated(item))]
    }

    func removeEquipment(_ id: String) throws(Refusal) -> [Event] {
        guard state.equipment[id] != nil else {
            throw Refusal(field: "equipment", value: id, problem: "is unknown", allowed: "see `wlog equipment`")
        }
        return [context.event(.equipmentRemoved(EquipmentRemoved(id: id)))]
    }

    /// Creates or updates a routine; planned exercises are resolved by name to ids.
    func routine(_ r: Routine, isNew: Bool) throws(Refusal) -> [Event] {
        let name = String(r.name.trimmingASCIISpaces())
        guard !name.isEmpty else { throw Refusal(field: "routine.name", value: "\"\"", allowed: "give the routine a name") }
        var routine = r
        routine.name = name
        if routine.id.isEmpty { routine.id = Exercise.slug(name) }
        let existing = state.routines[routine.id]
        if isNew, let existing, !existing.isRetired {
            throw Refusal(field: "routine", value: routine.id, problem: "already exists", allowed: "update it instead")
        }
        if !isNew, existing == nil {
            throw Refusal(field: "routine", value: routine.id, problem: "is unknown", allowed: "create it first")
        }
        var seen: Set<Int> = []
        for dayIndex in routine.days.indices {
            let day = routine.days[dayIndex]
            guard day.index >= 1, seen.insert(day.index).inserted else {
                throw Refusal(field: "routine.day", value: String(day.index), allowed: "days are numbered 1, 2, 3 … once each")
            }
            for i in day.exercises.indices {
                var planned = day.exercises[i]
                planned.exercise = try exercise(named: planned.exercise, field: "routine.exercise").id
                guard planned.sets >= 1 else {
                    throw Refusal(field: "routine.sets", value: String(planned.sets), allowed: "at least 1 target set")
                }
                guard planned.repsLow >= 1, planned.repsHigh >= planned.repsLow else {
                    throw Refusal(field: "routine.reps", value: String(planned.repsLow) + "-" + String(planned.repsHigh),
                                  allowed: "a rep range from 1 up, low ≤ high")
                }
                try restTimer(planned.restSeconds, field: "routine.rest")
                routine.days[dayIndex].exercises[i] = planned
            }
        }
        return [context.event(isNew ? .routineCreated(routine) : .routineUpdated(routine))]
    }

    func retireRoutine(_ id: String) throws(Refusal) -> [Event] {
        let record = try routineRecord(named: id, field: "routine")
        guard !record.isRetired else {
            throw Refusal(field: "routine", value: record.routine.id, problem: "is already retired", allowed: "create it again to bring it back")
        }
        return [context.event(.routineRetired(RoutineRetired(id: record.routine.id)))]
    }

    /// A routine not retired, by id or name.
    func routine(named text: String, field: String) throws(Refusal) -> Routine {
        let record = try routineRecord(named: text, field: field)
        guard !record.isRetired else {
            throw Refusal(field: field, value: quoted(text), allowed: "that routine was retired")
        }
        return record.routine
    }

    private func routineRecord(named text: String, field: String) throws(Refusal) -> RoutineRecord {
        if let byID = state.routines[text] ?? state.routines[Exercise.slug(text)] { return byID }
        let key = Exercise.nameKey(text)
        if let byName = state.routines.values.filter({ Exercise.nameKey($0.routine.name) == key }).min(by: { $0.routine.id < $1.routine.id }) {
            return byName
        }
        let known = state.routines.values.filter { !$0.isRetired }.map(\.routine.name).sorted()
        throw Refusal(field: field, value: quoted(text), problem: "is unknown",
                      allowed: known.isEmpty ? "no routine exists yet" : "known routines: " + known.joined(separator: ", "),
                      suggestions: known)
    }

    private func restTimer(_ seconds: Int?, field: String) throws(Refusal) {
        if let v = seconds, !(0...3600).contains(v) {
            throw Refusal(field: field, value: String(v), allowed: "0 to 3600 seconds")
        }
    }
}
