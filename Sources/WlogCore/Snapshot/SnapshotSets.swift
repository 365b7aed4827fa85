import CPrefetch

/// The set ledger in a snapshot, columnar: the tables, then the rows, the superseded rows and the
/// history order as raw memory (`SetRow` is 80 bytes of integers without padding, and a snapshot
/// is read only by the code version that wrote it, on the same little-endian machine), so reading
/// 100,000 sets is a few copies plus one pass that checks every index a row holds.
extension SnapshotWriter {
    /// The count, then the elements' raw bytes (plain values only).
    mutating func rawArray<T>(_ items: [T]) {
        assert(_isPOD(T.self), "raw arrays hold plain values only")
        u64(UInt64(items.count))
        items.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func setLedger(_ s: SetLedger) {
        u64(UInt64(MemoryLayout<SetRow>.size))
        array(s.exerciseIDs) { $0.string($1) }
        rawArray(s.workoutIDs)
        array(s.discarded) { $0.bool($1) }
        array(s.actors) { $0.string($1) }
        array(s.extras) { w, e in
            w.optional(e.notes) { $0.string($1) }
            w.optional(e.distance) { $0.distance($1) }
            w.optional(e.durationMilliseconds) { $0.i64($1) }
            w.optional(e.reps) { $0.int($1) }
            w.optional(e.offset) { $0.int($1) }
        }
        array(s.changes) { w, c in
            w.u64(c.seq)
            w.id(c.eventID)
            w.raw(c.type)
        }
        rawArray(s.rows)
        u64(UInt64(s.history.count))
        for key in s.history.keys.sorted() {
            i64(Int64(key))
            rawArray(s.history[key] ?? [])
        }
        rawArray(s.historyOrder())
    }
}

extension SnapshotReader {
    /// An array written by `rawArray`, copied out in one piece; with `growing`, with room for
    /// 1/16 more (the tail replayed after a snapshot appends to it without copying it all).
    mutating func rawArray<T>(_: T.Type, growing: Bool = false) throws(SnapshotError) -> [T] {
        assert(_isPOD(T.self), "raw arrays hold plain values only")
        let stride = MemoryLayout<T>.stride
        let n = try count(max: remaining / stride)
        let source = try take(n * stride)
        return [T](unsafeUninitializedCapacity: growing ? n + n / 16 + 64 : n) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            if raw.count >= 64 << 10, let base = raw.baseAddress {
                if raw.count >= 4 << 20 { wlog_advise_huge_pages(base, raw.count) }
                wlog_populate_for_writing(base, raw.count)
            }
            raw.copyMemory(from: source)
            initialized = n
        }
    }

    mutating func setLedger() throws(SnapshotError) -> SetLedger {
        typealias R = SnapshotReader
        let rowSize = try u64()
        guard rowSize == UInt64(MemoryLayout<SetRow>.size) else { throw SnapshotError("snapshot set rows of \(rowSize) bytes") }
        var s = SetLedger()
        s.exerciseIDs = try array { (r: inout R) throws(SnapshotError) in try r.string() }
        s.workoutIDs = try rawArray(EventID.self)
        s.discarded = try array { (r: inout R) throws(SnapshotError) in try r.bool() }
        guard s.discarded.count == s.workoutIDs.count else { throw SnapshotError("snapshot workout flags do not match") }
        s.actors = try array { (r: inout R) throws(SnapshotError) in try r.string() }
        s.extras = try array { (r: inout R) throws(SnapshotError) -> SetExtras in
            SetExtras(notes: try r.optional { (r: inout R) throws(SnapshotError) in try r.string() },
                      distance: try r.optional { (r: inout R) throws(SnapshotError) in try r.distance() },
                      durationMilliseconds: try r.optional { (r: inout R) throws(SnapshotError) in try r.i64() },
                      reps: try r.optional { (r: inout R) throws(SnapshotError) in try r.int() },
                      offset: try r.optional { (r: inout R) throws(SnapshotError) in try r.int() })
        }
        s.changes = try array { (r: inout R) throws(SnapshotError) -> SetChange in
            let seq = try r.u64(), id = try r.id()
            return SetChange(seq: seq, eventID: id, type: try r.raw(EventType.self))
        }
        s.rows = try rawArray(SetRow.self, growing: true)
        guard s.rows.allSatisfy(s.holds) else { throw SnapshotError("snapshot set row out of range") }
        let edited = try count(max: s.rows.count)
        for _ in 0..<edited {
            let key = try i64()
            guard key >= 0, key < Int64(s.rows.count) else { throw SnapshotError("snapshot set history of row \(key)") }
            let versions = try rawArray(SetRow.self)
            guard versions.allSatisfy(s.holds) else { throw SnapshotError("snapshot set version out of range") }
            s.history[Int32(key)] = versions
        }
        let order = try rawArray(Int32.self, growing: true)
        guard s.isHistoryOrder(order) else { throw SnapshotError("snapshot set order is not the history order") }
        s.order = order
        s.rebuildLookups()
        return s
    }
}

extension SetLedger {
    /// Whether every index a row holds points into the tables and its codes are valid, so that
    /// reading it cannot trap.
    func holds(_ r: SetRow) -> Bool {
        r.exercise >= 0 && Int(r.exercise) < exerciseIDs.count
            && r.workout >= -1 && Int(r.workout) < workoutIDs.count
            && r.extra >= -1 && Int(r.extra) < extras.count
            && r.actor >= 0 && Int(r.actor) < actors.count
            && r.change >= -1 && Int(r.change) < changes.count
            && r.setType <= 4 && (r.rpe == 0 || (2...20).contains(r.rpe)) && r.effort <= 5
            && r.flags < 128 && r.spare == 0
    }
}
