/// Canonical member lists of the profile, settings, exercise, equipment and routine payloads.
extension LineWriter {
    mutating func payload(_ p: ProfileUpdated) {
        optional(.name, p.name)
        optional(.unit, p.unit?.rawValue)
        optional(.timeZone, p.timeZone)
        optional(.sex, p.sex?.rawValue)
        optional(.birthYear, p.birthYear)
        optional(.heightCm, p.heightCentimetres)
        optional(.experience, p.experience?.rawValue)
        optional(.goal, p.goal?.rawValue)
        optional(.daysPerWeek, p.daysPerWeek)
        if let m = p.bodyweightGoal { mass(m, .bodyweightGoal, .bodyweightGoalUnit) }
        optional(.restTimerS, p.restTimerSeconds)
        optional(.equipment, p.equipment?.rawValue)
    }

    mutating func payload(_ p: Exercise) {
        key(.exercise); string(p.id)
        key(.name); string(p.name)
        key(.kind); string(p.kind.rawValue)
        key(.group); string(p.group.rawValue)
        if !p.muscles.isEmpty { strings(.muscles, p.muscles.map(\.rawValue)) }
        if !p.secondary.isEmpty { strings(.secondary, p.secondary.map(\.rawValue)) }
        key(.equipment); string(p.equipment.rawValue)
        key(.pattern); string(p.pattern.rawValue)
        key(.prReps); int(p.prReps)
        optional(.pinnedNote, p.pinnedNote)
        optional(.attachment, p.attachment)
        if p.isCustom { key(.custom); bool(true) }
        if !p.aliases.isEmpty { strings(.aliases, p.aliases) }
        if !p.guessed.isEmpty { strings(.guessed, p.guessed.map(\.rawValue)) }
    }

    mutating func payload(_ p: ExerciseUpdated) {
        key(.exercise); string(p.exercise)
        optional(.name, p.name)
        optional(.kind, p.kind?.rawValue)
        optional(.group, p.group?.rawValue)
        if let muscles = p.muscles { strings(.muscles, muscles.map(\.rawValue)) }
        if let secondary = p.secondary { strings(.secondary, secondary.map(\.rawValue)) }
        optional(.equipment, p.equipment?.rawValue)
        optional(.pattern, p.pattern?.rawValue)
        optional(.prReps, p.prReps)
        optional(.pinnedNote, p.pinnedNote)
        optional(.attachment, p.attachment)
        if let aliases = p.aliases { strings(.aliases, aliases) }
    }

    mutating func payload(_ p: EquipmentItem) {
        key(.equipment); string(p.id)
        key(.name); string(p.name)
        key(.kind); string(p.type.rawValue)
        if !p.weights.isEmpty {
            list(.weights, p.weights) { w, m in
                w.raw("{\"weight\":")
                w.decimal(m.tenThousandths)
                w.key(.unit); w.string(m.unit.rawValue)
                w.bytes.append(UInt8(ascii: "}"))
            }
        }
        optional(.location, p.location?.rawValue)
        if !p.available { key(.available); bool(false) }
    }

    mutating func payload(_ p: Routine) {
        key(.routine); string(p.id)
        key(.name); string(p.name)
        optional(.weeks, p.weeks)
        if !p.deloadWeeks.isEmpty { ints(.deloadWeeks, p.deloadWeeks) }
        list(.days, p.days) { w, day in
            w.raw("{\"day\":")
            w.int(day.index)
            w.key(.title); w.string(day.title)
            w.planned(.exercises, day.exercises)
            w.bytes.append(UInt8(ascii: "}"))
        }
    }

}
