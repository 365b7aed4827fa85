extension LineReader {
    /// Reads the whole line as one event of the current schema version.
    ///
    /// Envelope members are read until the first payload member; if `type` has not been seen by
    /// then, the rest of the object is scanned for it first. The payload decoder then reads every
    /// remaining member (handing envelope ones back to `EnvelopeFields`).
    mutating func event() throws(Failure) -> Event {
        try beginTopObject()
        var env = EnvelopeFields()
        while let k = try nextTopMember() {
            if k.isEnvelope || k == .unknown {
                try env.read(k, &self)
                continue
            }
            let type: EventType
            if let known = env.type { type = known } else { type = try lookAheadType() }
            let payload = try self.payload(type, first: k, env: &env)
            return try finishEvent(env, type, payload)
        }
        guard let type = env.type else {
            throw EventDecodingError(.missingKey, offset: pos, key: "type", expected: "the envelope member \"type\"")
        }
        return try finishEvent(env, type, try self.payload(type, first: nil, env: &env))
    }

    /// Checks the end of the line and assembles the event.
    @inline(__always)
    private mutating func finishEvent(_ env: EnvelopeFields, _ type: EventType, _ payload: EventPayload) throws(Failure) -> Event {
        try finish()
        if let stated = env.type, stated != type { throw fail(.invalidValue, "a single \"type\"") }
        return Event(envelope: try env.envelope(self, type: type), payload: payload)
    }

    /// The event type: its string value matched byte for byte against the catalogue.
    mutating func eventType() throws(Failure) -> EventType {
        let start = pos
        let span = try stringSpan()
        if !span.escaped {
            if let t = tables.type(base + span.range.lowerBound, count: span.range.count,
                                   readable: end - span.range.lowerBound) { return t }
        } else {
            pos = start
            if let t = EventType(rawValue: try string()) { return t }
        }
        pos = start
        throw fail(.unknownType, "an event type of the catalogue, such as \"set.logged\"")
    }

    /// Finds the top-level `type` member ahead of the cursor (at a value) without consuming.
    mutating func lookAheadType() throws(Failure) -> EventType {
        let saved = (pos, depth, topFirst, key)
        defer { (pos, depth, topFirst, key) = saved }
        try skipValue()
        while let k = try nextTopMember() {
            if k == .type { return try eventType() }
            try skipValue()
        }
        throw EventDecodingError(.missingKey, offset: pos, key: "type", expected: "the envelope member \"type\"")
    }

    /// Reads the payload of `type`, starting with member `first` (already at its value).
    mutating func payload(_ type: EventType, first: CodecKey?, env: inout EnvelopeFields) throws(Failure) -> EventPayload {
        switch type {
        case .setLogged: return .setLogged(try setLogged(first, &env))
        case .setEdited: return .setEdited(try setEdited(first, &env))
        case .setDeleted: return .setDeleted(try setDeleted(first, &env))
        case .workoutStarted: return .workoutStarted(try workoutStarted(first, &env))
        case .workoutExerciseAdded: return .workoutExerciseAdded(try workoutExerciseAdded(first, &env))
        case .workoutExerciseRemoved: return .workoutExerciseRemoved(try workoutExerciseRemoved(first, &env))
        case .workoutExercisesReordered: return .workoutExercisesReordered(try workoutExercisesReordered(first, &env))
        case .workoutFinished: return .workoutFinished(try workoutFinished(first, &env))
        case .workoutDiscarded: return .workoutDiscarded(try workoutDiscarded(first, &env))
        case .bodyweightRecorded: return .bodyweightRecorded(try bodyweightRecorded(first, &env))
        case .bodyweightEdited: return .bodyweightEdited(try bodyweightEdited(first, &env))
        case .bodyweightDeleted: return .bodyweightDeleted(try bodyweightDeleted(first, &env))
        case .goalSet: return .goalSet(try goalSet(first, &env))
        case .readinessRecorded: return .readinessRecorded(try readinessRecorded(first, &env))
        case .profileUpdated: return .profileUpdated(try profileUpdated(first, &env))
        case .settingsChanged: return .settingsChanged(try settingsChanged(first, &env))
        case .exerciseCreated: return .exerciseCreated(try exerciseCreated(first, &env))
        case .exerciseUpdated: return .exerciseUpdated(try exerciseUpdated(first, &env))
        case .exerciseRetired: return .exerciseRetired(ExerciseRetired(exercise: try slugOnly(.exercise, first, &env)))
        case .equipmentAdded: return .equipmentAdded(try equipmentItem(first, &env))
        case .equipmentUpdated: return .equipmentUpdated(try equipmentItem(first, &env))
        case .equipmentRemoved: return .equipmentRemoved(EquipmentRemoved(id: try slugOnly(.equipment, first, &env)))
        case .routineCreated: return .routineCreated(try routine(first, &env))
        case .routineUpdated: return .routineUpdated(try routine(first, &env))
        case .routineRetired: return .routineRetired(RoutineRetired(id: try slugOnly(.routine, first, &env)))
        }
    }

    /// A missing-key error at the cursor.
    func missing(_ key: CodecKey) -> Failure {
        Failure(.missingKey, offset: pos, key: key.rawValue, expected: "the member \"\(key.rawValue)\"")
    }

    /// Combines a decimal and its unit read from two members into a mass.
    func mass(_ value: Int64?, _ unit: MassUnit?, _ valueKey: CodecKey, _ unitKey: CodecKey) throws(Failure) -> Mass? {
        switch (value, unit) {
        case (nil, nil): return nil
        case (let v?, let u?): return Mass(tenThousandths: v, unit: u)
        case (nil, _?): throw missing(valueKey)
        case (_?, nil): throw missing(unitKey)
        }
    }

    /// Combines a decimal and its unit into a distance.
    func distance(_ value: Int64?, _ unit: DistanceUnit?) throws(Failure) -> Distance? {
        switch (value, unit) {
        case (nil, nil): return nil
        case (let v?, let u?): return Distance(tenThousandths: v, unit: u)
        case (nil, _?): throw missing(.distance)
        case (_?, nil): throw missing(.distanceUnit)
        }
    }

    /// Combines an instant and its offset member into a zoned instant.
    func zoned(_ at: (instant: Instant, offset: Int)?, _ tz: Int?) -> ZonedInstant? {
        guard let at else { return nil }
        return ZonedInstant(at.instant, offsetMinutes: tz ?? at.offset)
    }

    /// A payload whose only member is one slug (`exercise.retired`, `equipment.removed` …).
    mutating func slugOnly(_ slugKey: CodecKey, _ first: CodecKey?, _ env: inout EnvelopeFields) throws(Failure) -> String {
        var slug: String?
        var k = first
        while let key = k {
            if key == slugKey { slug = try string() } else { try env.read(key, &self) }
            k = try nextTopMember()
        }
        guard let slug else { throw missing(slugKey) }
        return slug
    }
}
