extension LineReader {
    /// Reads the whole line as one event of the current schema version.
    ///
    /// Envelope members are read until the first payload member; if `type` has not been seen by
    /// then, the rest of the object is scanned for it first. The payload decoder then reads every
    /// remaining member (handing envelope ones back to `EnvelopeFields`).
    mutating func event() throws(Failure) -> Event {
        var env = EnvelopeFields()
        if canonicalEnvelope(&env, prefetchingIn: EventIDTable.none) {
            if env.type == .setLogged {
                var p = SetLine()
                if canonicalSetLogged(NoExerciseSlots(), into: &p) != nil {
                    return try finishEvent(env, .setLogged, .setLogged(p.setLogged()))
                }
            }
        } else {
            try beginTopObject()
        }
        return try event(after: &env)
    }

    /// Reads the rest of the event object after the envelope members read into `env` (the
    /// cursor inside the top-level object, at its next member).
    mutating func event(after env: inout EnvelopeFields) throws(Failure) -> Event {
        var memo = PlannedMemo.unused
        return try event(after: &env, memo: &memo)
    }

    /// `event(after:)` with the caller's `planned` arrays: a text in `memo` is not parsed again,
    /// and planned exercises share the strings of `memo.names` when it has their ids.
    mutating func event(after env: inout EnvelopeFields, memo: inout PlannedMemo) throws(Failure) -> Event {
        while let k = try nextTopMember() {
            if k.isEnvelope || k == .unknown {
                try env.read(k, &self)
                continue
            }
            let type: EventType
            if let known = env.type { type = known } else { type = try lookAheadType() }
            let payload = try self.payload(type, first: k, env: &env, memo: &memo)
            return try finishEvent(env, type, payload)
        }
        guard let type = env.type else {
            throw EventDecodingError(.missingKey, offset: pos, key: "type", expected: "the envelope member \"type\"")
        }
        return try finishEvent(env, type, try self.payload(type, first: nil, env: &env, memo: &memo))
    }

    /// Reads the envelope of a canonical line — `{"seq":…,"id":…,"type":…,"v":…,"at":…,"tz":…,
    /// ["recorded":…,]"actor":…` exactly (`recorded` only when it differs from `at`), no white space — matching the member names as literals
    /// instead of looking each key up. The cursor is then after the `actor` value, inside the
    /// top-level object, as the general loop would leave it.
    ///
    /// `env` must be empty (fresh) and the members are read straight into it. Returns `false`
    /// with the reader at the start and `env` empty again when the line is not canonical there or
    /// a value does not read: the general path then reads it from the start and reports the
    /// same errors as before (the values are read by the same functions either way).
    /// The slot of `table` the id hashes to is prefetched as soon as the id is read, while the
    /// rest of the line is parsed (a table, not a closure: the closure stopped being inlined, a
    /// call on every line).
    @inline(__always)
    mutating func canonicalEnvelope(_ env: inout EnvelopeFields, prefetchingIn table: borrowing EventIDTable) -> Bool {
        guard pos == 0, depth == 0 else { return false }
        do {
            guard take("{\"seq\":") else { return giveUp(&env) }
            depth = 1
            key = .seq
            env.seq = try uint64()
            guard take(",\"id\":") else { return giveUp(&env) }
            key = .id
            let id = try eventID()
            env.id = id
            table.prefetch(id)
            if take(",\"type\":\"set.logged\"") {
                env.type = .setLogged
            } else {
                guard take(",\"type\":") else { return giveUp(&env) }
                key = .type
                env.type = try eventType()
            }
            if let type = env.type, EventCodec.currentVersion(of: type) == 1, take(",\"v\":1,\"at\":") {
                env.version = 1
            } else {
                guard take(",\"v\":") else { return giveUp(&env) }
                key = .v
                try env.read(.v, &self)
                guard take(",\"at\":") else { return giveUp(&env) }
            }
            key = .at
            let atStart = pos
            let atCanonical = canonicalInstantValue()
            if let ms = atCanonical {
                env.at = Instant(millisecondsSince1970: ms)
            } else {
                let at = try instant()
                env.at = at.instant
                env.atOffset = at.offset
            }
            guard take(",\"tz\":") else { return giveUp(&env) }
            key = .tz
            env.tz = try offset()
            if take(",\"recorded\":") {
                key = .recorded
                if let atMilliseconds = atCanonical, let ms = sameDayInstant(as: atStart, atMilliseconds) {
                    env.recorded = Instant(millisecondsSince1970: ms)
                } else {
                    env.recorded = try instant().instant
                }
            } else {
                // Omitted when equal to `at` (the writer's rule).
                env.recorded = env.at
            }
            guard take(",\"actor\":") else { return giveUp(&env) }
            key = .actor
            // Nearly every event is the lifer's own: no UTF-8 validation of a new string for it.
            // `actor` stays nil for it, which the envelope reads as "user" (no string to copy).
            if !take("\"user\"") { env.actor = try string() }
        } catch {
            return giveUp(&env)
        }
        topFirst = false
        return true
    }

    /// Puts the reader back at the start of the line and `env` back to empty; `false`.
    @inline(__always)
    private mutating func giveUp(_ env: inout EnvelopeFields) -> Bool {
        env = EnvelopeFields()
        return restart()
    }

    /// Reads a canonical `set.logged` payload after a canonical envelope — its members in the
    /// writer's order (`LineWriter.payload(_: SetLogged)`), no white space, no unknown key — up
    /// to and including the closing `}` of the event object, by literal member names.
    ///
    /// Returns `nil` with the reader back where it was when the rest of the line is not exactly
    /// that or a value does not read; the general loop then reads the payload (and reports any
    /// error) with the same value readers. The payload is read into `p` (a fresh `SetLine`).
    /// An exercise id found in `slots` is returned as its slot; any other id is read into
    /// `p.text.exercise` (slot −1).
    @inline(__always)
    mutating func canonicalSetLogged<Slots: ExerciseSlots>(_ slots: borrowing Slots, into p: inout SetLine) -> Int32? {
        let saved = (pos, depth, topFirst, key)
        var slot: Int32 = -1
        do {
            guard take(",\"exercise\":") else { (pos, depth, topFirst, key) = saved; return nil }
            key = .exercise
            if end - pos >= 2, base[pos] == UInt8(ascii: "\""),
               case let n = plainStringLength(), n > 0,
               case let found = slots.exerciseSlot(base + pos + 1, count: n, readable: end - pos - 1), found >= 0 {
                // The slot stands for the id: `p.exercise` stays empty (no string retained).
                slot = found
                pos += n + 2
            } else {
                p.text = SetLine.Text(exercise: try string(oftenIn: KnownStrings.exerciseIDs))
            }
            if take(",\"workout\":") { key = .workout; p.workout = try eventID() }
            if take(",\"reps\":") { key = .reps; p.reps = try int() }
            if take(",\"weight\":") {
                key = .weight
                let value = try decimal()
                guard take(",\"unit\":") else { (pos, depth, topFirst, key) = saved; return nil }
                key = .unit
                p.weight = Mass(tenThousandths: value, unit: try massUnit())
            }
            if take(",\"distance\":") {
                key = .distance
                let value = try decimal()
                guard take(",\"distance_unit\":") else { (pos, depth, topFirst, key) = saved; return nil }
                key = .distanceUnit
                p.distance = Distance(tenThousandths: value,
                                      unit: try enumValue(DistanceUnit.self, "a distance unit: m, km, mi, ft, yd"))
            }
            if take(",\"duration_ms\":") { key = .durationMs; p.durationMilliseconds = Int64(try int()) }
            if take(",\"rpe\":") { key = .rpe; p.rpe = try rpe() }
            if take(",\"effort\":") { key = .effort; p.effort = try rating() }
            if take(",\"set_type\":") {
                key = .setType
                if take("\"warmup\"") { p.setType = .warmup }
                else if take("\"working\"") { p.setType = .working }
                else if take("\"amrap\"") { p.setType = .amrap }
                else if take("\"failure\"") { p.setType = .failure }
                else if take("\"drop\"") { p.setType = .drop }
                else { p.setType = try enumValue(SetType.self, "a set type: working, warmup, drop, failure, amrap") }
            }
            if take(",\"done\":") { key = .done; p.done = try bool() }
            if take(",\"notes\":") { key = .notes; p.notes = try string() }
            if take(",\"source\":") { key = .source; p.source = try string() }
        } catch {
            (pos, depth, topFirst, key) = saved
            return nil
        }
        guard byte == UInt8(ascii: "}") else { (pos, depth, topFirst, key) = saved; return nil }
        pos += 1
        depth -= 1
        return slot
    }

    /// The length of the string value at the cursor (at its `"`) when it is plain printable
    /// ASCII (no `\\`) up to the closing quote; 0 when it is anything else.
    @inline(__always)
    func plainStringLength() -> Int {
        var i = pos + 1
        // Eight bytes at a time while none is `"`, `\\`, below 0x20 or above 0x7E (exact
        // any-byte tests); the word that has one is then read byte by byte below.
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i + 8 <= end {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((w &- ones &* 0x20) & ~w) | (w &+ ones) | w
            if special & (ones &* 0x80) != 0 { break }
            i += 8
        }
        while i < end {
            let b = base[i]
            if b == UInt8(ascii: "\"") { return i - pos - 1 }
            guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return 0 }
            i += 1
        }
        return 0
    }

    /// Puts the reader back at the start of the line (the canonical fast path gave up); `false`.
    @inline(__always)
    private mutating func restart() -> Bool {
        pos = 0
        depth = 0
        topFirst = true
        key = .unknown
        return false
    }

    /// Consumes `text` when the bytes at the cursor are exactly it.
    @inline(__always)
    mutating func take(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard end - pos >= n else { return false }
        let a = UnsafeRawPointer(base + pos), b = UnsafeRawPointer(text.utf8Start)
        // Whole-word compares (overlapping at the end) within both the line and the literal.
        if n >= 8 {
            guard a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
                  a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) else { return false }
            if n > 16 {
                guard a.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self) else { return false }
            }
            if n > 24 {
                for i in 16..<n where base[pos + i] != text.utf8Start[i] { return false }
            }
        } else if n >= 4 {
            guard a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self),
                  a.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) else { return false }
        } else {
            for i in 0..<n where base[pos + i] != text.utf8Start[i] { return false }
        }
        pos += n
        return true
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

}
