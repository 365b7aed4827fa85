/// Decode + evolve in one step, for replays.
extension WlogState {
    /// Folds one journal line into the state: exactly `apply(try EventCodec.decode(line))`, same
    /// result and same errors, but a canonical `set.logged` line (most of a journal) goes from the
    /// bytes into the set ledger without building an `Event` and its payload enum. Any other line,
    /// or one that is not canonical, takes the general decoder.
    public mutating func apply(line: UnsafeRawBufferPointer) throws(EventDecodingError) {
        if let start = line.baseAddress, line.count > 0 {
            var reader = LineReader(base: start.assumingMemoryBound(to: UInt8.self), count: line.count)
            reader.lastDay = lineDay
            defer { lineDay = reader.lastDay }
            var env = EnvelopeFields()
            // The id table's slot is fetched as soon as the id is read, while the rest of the
            // line is parsed, so that the insert after it (which also skips a duplicate id) does
            // not wait for memory: for every type (without it, that one load was most of
            // `apply(_:)`'s own cycles).
            if reader.canonicalEnvelope(&env, prefetchingIn: eventIndex) {
                if env.type == .setLogged, let id = env.id, let at = env.at, let recorded = env.recorded {
                    // No `SetLogged` and no `Envelope`: their strings cost a copy and destroys per set.
                    var p = SetLine()
                    if let slot = reader.canonicalSetLogged(sets.exerciseText, into: &p), reader.atEnd() {
                        applySetLine(&p, id: id, seq: env.seq, performed: ZonedInstant(at, offsetMinutes: env.tz ?? env.atOffset),
                                     recorded: recorded, actor: env.actor.take() ?? "user", exercise: slot)
                        return
                    }
                } else {
                    // Any other type: the rest of the line, without reading the envelope again
                    // (on an error the general decoder below reports it, or upcasts the line).
                    // A session's planned exercises: a repeated text is not parsed again, and a new
                    // one shares the ledger's id strings.
                    if env.type == .workoutStarted {
                        plannedMemo.names = ExerciseNames(text: sets.exerciseText, ids: sets.exerciseIDs)
                    }
                    let event = try? reader.event(after: &env, memo: &plannedMemo)
                    plannedMemo.names = nil
                    if let event {
                        apply(event)
                        return
                    }
                }
            }
        }
        apply(try EventCodec.decode(line))
    }
}

extension LineReader {
    /// Whether only white space follows (the end of a canonical `set.logged` line after its
    /// payload); if not, the general decoder reports the error. `canonicalEnvelope` read every
    /// envelope member and checked `v`.
    @inline(__always)
    mutating func atEnd() -> Bool {
        skipSpace()
        return pos == end
    }
}
