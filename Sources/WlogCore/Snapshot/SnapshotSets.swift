/// The set ledger in a snapshot, columnar: the tables, then the rows, the superseded rows and the
/// history order as raw memory (`SetRow` is 80 bytes of integers without padding, and a snapshot
/// is read only by the code version that wrote it, on the same little-endian machine). The rows
/// and the order are aligned in the file and followed by room to grow, so the decoded ledger
/// borrows them from the mapped file (`PlainArray`, `SnapshotMemory`): reading 100,000 sets is
/// one pass that checks every index a row holds, and the tail replayed after it appends in place.
extension SnapshotWriter {
    /// The count, then the elements' raw bytes (plain values only).
    mutating func rawArray<T>(_ items: [T]) {
        assert(_isPOD(T.self), "raw arrays hold plain values only")
        u64(UInt64(items.count))
        items.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// The count, the room after the elements, then (aligned) the elements' raw bytes and the room
    /// as zeros: a reader may keep the elements where they are and append into the room.
    mutating func plainArray<T>(_ items: PlainArray<T>, room: Int = 0) {
        u64(UInt64(items.count))
        u64(UInt64(room))
        align(StateSnapshot.alignment)
        items.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeRawBufferPointer($0)) }
        bytes.append(contentsOf: repeatElement(0, count: room * MemoryLayout<T>.stride))
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
            w.u8(c.type.snapshotCode)
            w.u64(UInt64(c.fields))
        }
        plainArray(s.rows, room: StateSnapshot.room)
        plainArray(s.replaced)
        plainArray(s.historyOrder(), room: StateSnapshot.room)
    }
}

extension SnapshotReader {
    /// An array written by `rawArray`, copied out in one piece.
    mutating func rawArray<T>(_: T.Type) throws(SnapshotError) -> [T] {
        assert(_isPOD(T.self), "raw arrays hold plain values only")
        let stride = MemoryLayout<T>.stride
        let n = try count(max: remaining / stride)
        let source = try take(n * stride)
        return [T](unsafeUninitializedCapacity: n) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            initialized = n
        }
    }

    /// An array written by `plainArray`: borrowed where it lies when the reader has memory to
    /// borrow and it is aligned for `T`, else copied; either way with its room to grow.
    mutating func plainArray<T>(_: T.Type) throws(SnapshotError) -> PlainArray<T> {
        assert(_isPOD(T.self), "plain arrays hold plain values only")
        let stride = MemoryLayout<T>.stride
        let n = try count(max: remaining / stride)
        let room = try count(max: remaining / stride)
        try align(StateSnapshot.alignment)
        let source = try take((n + room) * stride)
        guard let start = source.baseAddress else { return PlainArray() }
        if let memory, Int(bitPattern: start) % MemoryLayout<T>.alignment == 0 {
            let elements = UnsafeMutableRawPointer(mutating: start).bindMemory(to: T.self, capacity: n + room)
            return PlainArray(borrowing: elements, count: n, capacity: n + room, owner: memory)
        }
        return PlainArray(copying: UnsafeRawBufferPointer(rebasing: source[..<(n * stride)]).bindMemory(to: T.self), capacity: n + room)
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
            let code = try r.u8()
            guard let type = EventType(snapshotCode: code) else { throw SnapshotError("snapshot set change of type \(code)") }
            let fields = try r.u64()
            guard fields <= UInt64(SetChange.Field.all) else { throw SnapshotError("snapshot set change fields \(fields)") }
            return SetChange(seq: seq, eventID: id, type: type, fields: UInt16(fields))
        }
        s.rows = try plainArray(SetRow.self)
        guard s.rows.withUnsafeBufferPointer(s.holdsAll) else { throw SnapshotError("snapshot set row out of range") }
        s.replaced = try plainArray(SetRow.self)
        guard s.replaced.count == s.changes.count, s.replaced.withUnsafeBufferPointer(s.holdsAll),
              s.replaced.withUnsafeBufferPointer(SetLedger.replacesEarlierVersions)
        else { throw SnapshotError("snapshot superseded set versions do not fit their changes") }
        let order = try plainArray(Int32.self)
        guard s.isHistoryOrder(order) else { throw SnapshotError("snapshot set order is not the history order") }
        s.order = order
        s.rebuildLookups()
        return s
    }
}

extension SetLedger {
    /// Whether every index each row holds points into the tables and its codes are valid, so that
    /// reading them cannot trap. One pass without branches: each check is `value − limit`, negative
    /// when the value is in range, and the AND of them all keeps the sign bit only if every one was.
    func holdsAll(_ rows: UnsafeBufferPointer<SetRow>) -> Bool {
        // An index that may be −1 (none) is compared after adding 1; any other negative index is
        // a huge unsigned value.
        let exercises = Int64(exerciseIDs.count), workouts = Int64(workoutIDs.count) + 1
        let extraCount = Int64(extras.count) + 1, actorCount = Int64(actors.count), changeCount = Int64(changes.count) + 1
        // RPE: 0 (none) or 2...20 half points, as bits of a mask.
        let validRPE: UInt32 = 0x1F_FFFD
        var all: Int64 = -1
        for r in rows {
            all &= Int64(UInt32(bitPattern: r.exercise)) &- exercises
            all &= Int64(UInt32(bitPattern: r.workout &+ 1)) &- workouts
            all &= Int64(UInt32(bitPattern: r.extra &+ 1)) &- extraCount
            all &= Int64(UInt32(bitPattern: r.actor)) &- actorCount
            all &= Int64(UInt32(bitPattern: r.change &+ 1)) &- changeCount
            all &= Int64(r.setType) &- 5
            all &= Int64(r.effort) &- 6
            all &= Int64(r.flags) &- 128
            all &= Int64(r.spare) &- 1
            all &= Int64(r.rpe) &- 21
            all &= 0 &- Int64((validRPE >> UInt32(r.rpe & 31)) & 1)
        }
        return all < 0
    }

    /// Whether each superseded version was made before the change that replaced it (its own
    /// change is earlier), so that walking a set's versions back always ends.
    static func replacesEarlierVersions(_ replaced: UnsafeBufferPointer<SetRow>) -> Bool {
        var ok = true
        for (c, version) in replaced.enumerated() { ok = ok && Int(version.change) < c }
        return ok
    }
}
