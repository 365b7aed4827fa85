/// Decode + evolve in one step, for replays.
extension WlogState {
    /// Folds one journal line into the state: exactly `apply(try EventCodec.decode(line))`, same
    /// result and same errors, but a canonical `set.logged` line (most of a journal) goes from the
    /// bytes into the set ledger without building an `Event` and its payload enum. Any other line,
    /// or one that is not canonical, takes the general decoder.
    public mutating func apply(line: UnsafeRawBufferPointer) throws(EventDecodingError) {
        if let start = line.baseAddress, line.count > 0 {
            var reader = LineReader(base: start.assumingMemoryBound(to: UInt8.self), count: line.count)
            var env = EnvelopeFields()
            // The id table's slot is fetched as soon as the id is read, while the rest of the
            // line is parsed, so that the insert after it (which also skips a duplicate id) does
            // not wait for memory: for every type (without it, that one load was 90 % of
            // `apply(_:)`'s own cycles).
            if reader.canonicalEnvelope(&env, idRead: { eventIndex.prefetch($0) }) {
                if env.type == .setLogged, env.id != nil {
                    var p = SetLogged(exercise: "")
                    if let slot = reader.canonicalSetLogged(sets.exerciseText, into: &p), let envelope = reader.canonicalEnd(env) {
                        // In place (inout): passing the local as a value copied it, strings and all.
                        applySetLogged(&p, envelope: envelope, exercise: slot)
                        return
                    }
                } else if let event = try? reader.event(after: &env) {
                    // Any other type: the rest of the line, without reading the envelope again
                    // (on an error the general decoder below reports it, or upcasts the line).
                    apply(event)
                    return
                }
            }
        }
        apply(try EventCodec.decode(line))
    }
}

extension LineReader {
    /// The envelope of a canonical `set.logged` line after its payload, if only white space
    /// follows; nil otherwise (the general decoder then reports the error). `canonicalEnvelope`
    /// read every member and checked `v`, so the envelope is made without looking again.
    @inline(__always)
    mutating func canonicalEnd(_ env: EnvelopeFields) -> Envelope? {
        skipSpace()
        guard pos == end, let id = env.id, let at = env.at, let recorded = env.recorded else { return nil }
        return Envelope(seq: env.seq, id: id, version: EventCodec.currentVersion(of: .setLogged),
                        occurred: ZonedInstant(at, offsetMinutes: env.tz ?? env.atOffset), recorded: recorded,
                        actor: env.actor ?? "user")
    }
}
