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
            if reader.canonicalEnvelope(&env) {
                if env.type == .setLogged, let id = env.id {
                    // The id table's slot is fetched while the payload is parsed, so that the
                    // insert after it (which also skips a duplicate id) does not wait for memory.
                    eventIndex.prefetch(id)
                    var p = SetLogged(exercise: "")
                    if let slot = reader.canonicalSetLogged(sets, into: &p),
                       let envelope = reader.canonicalEnd(env, type: .setLogged) {
                        applySetLogged(p, envelope: envelope, exercise: slot)
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
    /// The envelope after a canonical payload, if only white space follows and every envelope
    /// member is there; nil otherwise (the general decoder then reports the error).
    @inline(__always)
    mutating func canonicalEnd(_ env: EnvelopeFields, type: EventType) -> Envelope? {
        do {
            try finish()
            return try env.envelope(self, type: type)
        } catch {
            return nil
        }
    }
}
