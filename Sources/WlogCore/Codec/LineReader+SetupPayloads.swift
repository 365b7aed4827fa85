/// Decoders of the body, profile, settings, exercise, equipment and routine payloads.
extension LineReader {
    mutating func bodyweightRecorded(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> BodyweightRecorded {
        var weight: Int64?, unit: MassUnit?, notes: String?
        var k = first
        while let key = k {
            switch key {
            case .weight: weight = try decimal()
            case .unit: unit = try massUnit()
            case .notes: notes = try string()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        guard let mass = try mass(weight, unit, .weight, .unit) else { throw missing(.weight) }
        return BodyweightRecorded(weight: mass, notes: notes)
    }

    mutating func bodyweightEdited(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> BodyweightEdited {
        var entry: EventID?, weight: Int64?, unit: MassUnit?, notes: String?
        var measured: (instant: Instant, offset: Int)?, tz: Int?
        var k = first
        while let key = k {
            switch key {
            case .entry: entry = try eventID()
            case .weight: weight = try decimal()
            case .unit: unit = try massUnit()
            case .measured: measured = try instant()
            case .measuredTz: tz = try offset()
            case .notes: notes = try string()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        guard let entry else { throw missing(.entry) }
        if tz != nil && measured == nil { throw missing(.measured) }
        return BodyweightEdited(entry: entry, weight: try mass(weight, unit, .weight, .unit),
                                at: zoned(measured, tz), notes: notes)
    }

    mutating func goalSet(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> GoalSet {
        var weight: Int64?, unit: MassUnit?
        var k = first
        while let key = k {
            switch key {
            case .weight: weight = try decimal()
            case .unit: unit = try massUnit()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        return GoalSet(weight: try mass(weight, unit, .weight, .unit))
    }

    mutating func profileUpdated(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> ProfileUpdated {
        var p = ProfileUpdated()
        var goal: Int64?, goalUnit: MassUnit?
        var k = first
        while let key = k {
            switch key {
            case .name: p.name = try string()
            case .unit: p.unit = try massUnit()
            case .timeZone: p.timeZone = try string()
            case .sex: p.sex = try enumValue(Sex.self, "male or female")
            case .birthYear: p.birthYear = try int()
            case .heightCm: p.heightCentimetres = try int()
            case .experience: p.experience = try enumValue(Experience.self, "beginner, intermediate or advanced")
            case .goal: p.goal = try enumValue(TrainingGoal.self, "strength, hypertrophy, fat-loss, endurance or general")
            case .daysPerWeek: p.daysPerWeek = try int()
            case .bodyweightGoal: goal = try decimal()
            case .bodyweightGoalUnit: goalUnit = try massUnit()
            case .restTimerS: p.restTimerSeconds = try int()
            case .equipment: p.equipment = try enumValue(PowerliftingScore.Equipment.self, "raw or single-ply")
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        p.bodyweightGoal = try mass(goal, goalUnit, .bodyweightGoal, .bodyweightGoalUnit)
        return p
    }

    mutating func exerciseCreated(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> Exercise {
        var u = ExerciseUpdated(exercise: "")
        var haveID = false, custom = false
        var guessed: [ExerciseTrait] = []
        var k = first
        while let key = k {
            if key == .exercise { haveID = true }
            if key == .custom {
                custom = try bool()
            } else if key == .guessed {
                let traits = try enumArray(ExerciseTrait.self, "an exercise trait: kind, group, equipment, pattern")
                guessed = ExerciseTrait.allCases.filter(traits.contains)
            } else if try !exerciseMember(key, &u) {
                try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        guard haveID else { throw missing(.exercise) }
        guard let name = u.name else { throw missing(.name) }
        guard let kind = u.kind else { throw missing(.kind) }
        guard let group = u.group else { throw missing(.group) }
        guard let equipment = u.equipment else { throw missing(.equipment) }
        guard let pattern = u.pattern else { throw missing(.pattern) }
        guard let prReps = u.prReps else { throw missing(.prReps) }
        return Exercise(id: u.exercise, name: name, kind: kind, group: group, muscles: u.muscles ?? [],
                        secondary: u.secondary ?? [], equipment: equipment, pattern: pattern, prReps: prReps,
                        pinnedNote: u.pinnedNote, attachment: u.attachment, isCustom: custom, aliases: u.aliases ?? [], guessed: guessed)
    }

    mutating func exerciseUpdated(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> ExerciseUpdated {
        var u = ExerciseUpdated(exercise: "")
        var haveID = false
        var k = first
        while let key = k {
            if key == .exercise { haveID = true }
            if try !exerciseMember(key, &u) { try env.read(key, &self) }
            k = try nextTopMember()
        }
        guard haveID else { throw missing(.exercise) }
        return u
    }

    /// Reads one exercise member into `u`; `false` if `key` is not an exercise member.
    private mutating func exerciseMember(_ key: CodecKey, _ u: inout ExerciseUpdated) throws(Failure) -> Bool {
        switch key {
        case .exercise: u.exercise = try string()
        case .name: u.name = try string()
        case .kind: u.kind = try enumValue(ExerciseKind.self, "an exercise kind: strength, bodyweight, assisted, cardio, timed")
        case .group: u.group = try enumValue(MuscleGroup.self, "a muscle group such as \"Chest\"")
        case .muscles: u.muscles = try enumArray(Muscle.self, "a muscle such as \"quads\"")
        case .secondary: u.secondary = try enumArray(MuscleGroup.self, "a muscle group such as \"Chest\"")
        case .equipment: u.equipment = try enumValue(Equipment.self, "an equipment name such as \"barbell\"")
        case .pattern: u.pattern = try enumValue(MovementPattern.self, "a movement pattern such as \"push\"")
        case .prReps: u.prReps = try int()
        case .pinnedNote: u.pinnedNote = try string()
        case .attachment: u.attachment = try string()
        case .aliases: u.aliases = try stringArray()
        default: return false
        }
        return true
    }

    mutating func equipmentItem(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> EquipmentItem {
        var id: String?, name: String?, type: EquipmentType?, location: EquipmentLocation?
        var weights: [Mass] = [], available = true
        var k = first
        while let key = k {
            switch key {
            case .equipment: id = try string()
            case .name: name = try string()
            case .kind: type = try enumValue(EquipmentType.self, "an equipment type such as \"dumbbells\"")
            case .weights: weights = try massArray()
            case .location: location = try enumValue(EquipmentLocation.self, "home or gym")
            case .available: available = try bool()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        guard let id else { throw missing(.equipment) }
        guard let name else { throw missing(.name) }
        guard let type else { throw missing(.kind) }
        return EquipmentItem(id: id, name: name, type: type, weights: weights, location: location, available: available)
    }

    /// An array of `{"weight":"2.5","unit":"kg"}` objects.
    private mutating func massArray() throws(Failure) -> [Mass] {
        try array { (r: inout LineReader) throws(Failure) in
            try r.beginObject()
            var value: Int64?, unit: MassUnit?, first = true
            while let key = try r.nextMember(&first) {
                switch key {
                case .weight: value = try r.decimal()
                case .unit: unit = try r.massUnit()
                default: try r.skipValue()
                }
            }
            guard let m = try r.mass(value, unit, .weight, .unit) else { throw r.missing(.weight) }
            return m
        }
    }

    mutating func routine(_ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> Routine {
        var id: String?, name: String?, weeks: Int?, deload: [Int] = [], days: [RoutineDay]?
        var k = first
        while let key = k {
            switch key {
            case .routine: id = try string()
            case .name: name = try string()
            case .weeks: weeks = try int()
            case .deloadWeeks: deload = try intArray()
            case .days: days = try routineDays()
            default: try env.read(key, &self)
            }
            k = try nextTopMember()
        }
        guard let id else { throw missing(.routine) }
        guard let name else { throw missing(.name) }
        guard let days else { throw missing(.days) }
        return Routine(id: id, name: name, weeks: weeks, deloadWeeks: deload, days: days)
    }

    /// The `days` array of a routine.
    private mutating func routineDays() throws(Failure) -> [RoutineDay] {
        try array { (r: inout LineReader) throws(Failure) in
            try r.beginObject()
            var index: Int?, title: String?, exercises: [PlannedExercise] = [], first = true
            while let key = try r.nextMember(&first) {
                switch key {
                case .day: index = try r.int()
                case .title: title = try r.string()
                case .exercises: exercises = try r.plannedArray()
                default: try r.skipValue()
                }
            }
            guard let index else { throw r.missing(.day) }
            guard let title else { throw r.missing(.title) }
            return RoutineDay(index: index, title: title, exercises: exercises)
        }
    }
}
