/// A projection snapshot: `WlogState` after sequence N, in a compact versioned binary form, with
/// the stamp that ties it to one journal, so that a read command on a long history replays only
/// the events after N (`journal.md`, "Reading fast").
///
/// File layout (`journal.wlog.snap`, all integers little-endian or LEB128):
///
/// ```
/// "WLOGSNAP"  magic, 8 bytes
/// format      varint, `StateSnapshot.format`
/// code        string, `StateSnapshot.codeVersion`: a snapshot is valid only for the code that wrote it
/// stamp       journal id, last seq, tail digest (FNV-1a of the lines after sealed-through, through
///             last seq, each with its `\n`), chain head, sealed-through seq
/// length      varint, payload bytes
/// padding     zeros, so that the payload starts at a multiple of `alignment`
/// checksum    fixed 64, `WordChecksum` of the payload
/// payload     string table, zeros up to a multiple of `alignment`, then the state's fields
/// ```
///
/// The big arrays (set rows, history order, the id table) are raw memory at offsets that are
/// multiples of `alignment`, each followed by `room` elements of zeros, so that a state decoded
/// from a mapped file borrows them where they are and appends into the room (`SnapshotMemory`).
///
/// The snapshot is a cache: any doubt (another code version, a torn or altered file, a journal
/// whose chain through the snapshot's sealed-through seq or whose lines after it, through N,
/// differ) makes the reader fall back to a full replay, never to wrong output. Pure Swift, no
/// Foundation, no I/O: the CLI reads and writes the file.
public enum StateSnapshot {
    /// The container format.
    public static let format: UInt64 = 2
    /// The version of the state's meaning and layout. **Bump it whenever `WlogState`'s fields,
    /// `apply`'s rules, the built-in library or this encoding change**: a snapshot written by other
    /// code is rejected and rebuilt, because it may hold state this code would fold differently.
    public static let codeVersion = "wlog-state-2026-11-24.5-tail-digest-missed-attempts-e1rm-ranges-guessed-bw-e1rm-replica-order-stamp-tail-latest-changes-attachment-kept-event-lines-profile-equipment-workout-entries"
    /// The file name suffix beside the journal.
    public static let fileSuffix = ".snap"

    static let magic: [UInt8] = Array("WLOGSNAP".utf8)
    /// The payload's start and every raw array in it are at multiples of this many bytes.
    static let alignment = 16
    /// Elements of room after each growable raw array: the sets and events a tail replayed after
    /// the snapshot adds without copying the arrays (the snapshot is rewritten after
    /// `$WLOG_SNAPSHOT_EVENTS` replayed events).
    static let room = 4_096

    /// Encodes `state` with its stamp.
    public static func encode(_ state: WlogState, stamp: SnapshotStamp) -> [UInt8] {
        var body = SnapshotWriter(capacity: state.setCount * 64 + 4096)
        state.writeSnapshot(into: &body)
        var table = SnapshotWriter(capacity: body.table.reduce(16) { $0 + $1.utf8.count + 2 })
        table.u64(UInt64(body.table.count))
        for s in body.table { table.rawString(s) }
        table.align(alignment)
        let payload = table.bytes + body.bytes
        var out = SnapshotWriter(capacity: payload.count + 256)
        out.bytes.append(contentsOf: magic)
        out.u64(format)
        out.rawString(codeVersion)
        out.rawString(stamp.journalID)
        out.u64(stamp.lastSeq)
        out.fixed64(stamp.tailDigest)
        out.rawString(stamp.chainHead)
        out.u64(stamp.sealedThrough)
        out.u64(UInt64(payload.count))
        out.align(alignment, before: 8)
        out.fixed64(payload.withUnsafeBytes { WordChecksum.hash($0) })
        out.bytes.append(contentsOf: payload)
        return out.bytes
    }

    /// Reads only the header: the stamp, after checking the magic, format and code version.
    public static func stamp(of bytes: UnsafeRawBufferPointer) throws(SnapshotError) -> SnapshotStamp {
        var reader = SnapshotReader(bytes)
        return try header(&reader).stamp
    }

    /// Decodes a snapshot; throws when it is not one this code wrote or it is damaged. The state
    /// keeps using `memory` for its biggest arrays (they are not copied).
    public static func decode(_ memory: SnapshotMemory) throws(SnapshotError) -> (stamp: SnapshotStamp, state: WlogState) {
        try decode(UnsafeRawBufferPointer(memory.bytes), memory: memory)
    }

    /// Decodes a snapshot, copying what the state keeps.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(SnapshotError) -> (stamp: SnapshotStamp, state: WlogState) {
        try decode(bytes, memory: nil)
    }

    /// Decodes a snapshot held in an array (a heap copy of it, which the state borrows from).
    public static func decode(_ bytes: [UInt8]) throws(SnapshotError) -> (stamp: SnapshotStamp, state: WlogState) {
        try decode(bytes.withUnsafeBytes { SnapshotMemory(copying: $0) })
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, memory: SnapshotMemory?) throws(SnapshotError) -> (stamp: SnapshotStamp, state: WlogState) {
        var reader = SnapshotReader(bytes)
        let (stamp, length, checksum) = try header(&reader)
        let start = reader.offset
        guard bytes.count - start == length else {
            throw SnapshotError("snapshot payload is \(bytes.count - start) bytes, header says \(length)")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[start...])
        guard WordChecksum.hash(payload) == checksum else { throw SnapshotError("snapshot checksum mismatch") }
        var body = SnapshotReader(payload, memory: memory)
        let strings = try body.count(max: length)
        var table: [String] = []
        table.reserveCapacity(strings)
        for _ in 0..<strings { table.append(try body.rawString()) }
        body.table = table
        try body.align(alignment)
        let state = try WlogState.readSnapshot(from: &body)
        guard body.isAtEnd else { throw SnapshotError("snapshot has \(length - body.offset) trailing bytes") }
        guard state.lastSeq == stamp.lastSeq else {
            throw SnapshotError("snapshot state ends at seq \(state.lastSeq), stamp says \(stamp.lastSeq)")
        }
        return (stamp, state)
    }

    private static func header(_ reader: inout SnapshotReader) throws(SnapshotError) -> (stamp: SnapshotStamp, length: Int, checksum: UInt64) {
        for byte in magic where try reader.u8() != byte { throw SnapshotError("not a wlog snapshot") }
        let fileFormat = try reader.u64()
        guard fileFormat == format else { throw SnapshotError("snapshot format \(fileFormat), this wlog reads \(format)") }
        let code = try reader.rawString()
        guard code == codeVersion else {
            throw SnapshotError("snapshot written by code version \(code), this is \(codeVersion)")
        }
        let journalID = try reader.rawString()
        let lastSeq = try reader.u64()
        let tailDigest = try reader.fixed64()
        let chain = try reader.rawString()
        let sealed = try reader.u64()
        let length = try reader.count(max: Int.max)
        try reader.align(alignment, before: 8)
        let checksum = try reader.fixed64()
        return (SnapshotStamp(journalID: journalID, lastSeq: lastSeq, tailDigest: tailDigest, chainHead: chain,
                              sealedThrough: sealed), length, checksum)
    }
}

/// What ties a snapshot to one journal at one point.
@PublicInit
public struct SnapshotStamp: Sendable, Equatable {
    /// The journal id from the journal's header.
    public var journalID: String
    /// The last sequence folded into the snapshot's state.
    public var lastSeq: UInt64
    /// `FNV1a` of the committed lines after `sealedThrough` through `lastSeq`, each with its `\n`
    /// (`FNV1a.offsetBasis` when there are none): with the chain, they pin the exact prefix the
    /// snapshot folded.
    public var tailDigest: UInt64
    /// The journal's chain head when the snapshot was written (`JournalStatus.chainHead`).
    public var chainHead: String
    /// The sequence the chain covered then (`JournalStatus.sealedThrough`).
    public var sealedThrough: UInt64

    /// Why this snapshot does not belong to a journal with this id whose chain after the chunk
    /// that ends at `sealedThrough` is `chain` (nil: no chunk ends there), or nil if it may (the
    /// lines after `sealedThrough` are checked against `tailDigest` separately, while replaying).
    ///
    /// Sealing copies the sealed chunks byte for byte and packs the tail into new ones after them,
    /// so a journal sealed further since still has a chunk ending at `sealedThrough`, with the
    /// same chain value there; a journal that has none was rewritten or is another copy.
    public func mismatch(journalID other: String, chainAtSealedThrough chain: String?) -> String? {
        if other != journalID { return "snapshot is of journal \(journalID), this is \(other)" }
        guard let chain else { return "journal has no sealed chunk ending at seq \(sealedThrough), where the snapshot's did" }
        if chain != chainHead { return "journal chain at seq \(sealedThrough) is \(chain), the snapshot's \(chainHead)" }
        return nil
    }
}

extension WlogState {
    /// Writes every field except the built-in library and its name index (the code version pins those). Tables keyed
    /// by id are written sorted, so equal states give equal bytes; the set rows, their order and
    /// the id columns are written as raw little-endian memory (`SetRow` has no padding).
    func writeSnapshot(into w: inout SnapshotWriter) {
        w.u64(lastSeq)
        w.int(eventCount)
        w.i64(stampOrder.latest)
        w.u64(stampOrder.orderedFrom)
        // The id table as it is (no rehashing on read): its slots, then the ids and their values
        // in insertion order.
        w.plainArray(eventIndex.slots)
        w.plainArray(eventIndex.ids, room: StateSnapshot.room)
        w.plainArray(eventIndex.values, room: StateSnapshot.room)
        w.u64(UInt64(customExercises.count))
        for id in customExercises.keys.sorted() { if let exercise = customExercises[id] { w.exercise(exercise) } }
        w.array(retiredExercises.sorted()) { $0.string($1) }
        w.u64(UInt64(nameIndex.count))
        for key in nameIndex.keys.sorted() {
            w.string(key)
            w.array(nameIndex[key] ?? []) { $0.string($1) }
        }
        w.setLedger(sets)
        w.u64(UInt64(workouts.count))
        var lists = WorkoutLists.Written()
        for id in workouts.keys.sorted() { if let record = workouts[id] { w.workout(record, lists: &lists) } }
        w.u64(UInt64(bodyweights.count))
        for id in bodyweights.keys.sorted() { if let entry = bodyweights[id] { w.bodyweight(entry) } }
        w.optional(goal) { $0.mass($1) }
        w.profile(profile)
        w.settings(settings)
        kept.write(into: &w)
        w.u64(UInt64(equipment.count))
        for id in equipment.keys.sorted() { if let item = equipment[id] { w.equipmentItem(item) } }
        w.u64(UInt64(routines.count))
        for id in routines.keys.sorted() { if let record = routines[id] { w.routine(record) } }
        w.u64(UInt64(latest.stamps.count))
        for key in latest.stamps.keys.sorted() {
            guard let stamp = latest.stamps[key] else { continue }
            w.string(key)
            w.i64(stamp.recorded)
            w.id(stamp.id)
        }
        w.recordsCache(settledRecordsCache()) { setSlot($0).map { Int32(truncatingIfNeeded: $0) } }
    }

    /// Reads the fields `writeSnapshot` wrote, over the built-in library.
    static func readSnapshot(from r: inout SnapshotReader) throws(SnapshotError) -> WlogState {
        typealias R = SnapshotReader
        var state = WlogState.initial
        state.lastSeq = try r.u64()
        state.eventCount = try r.int()
        let latest = try r.i64()
        state.stampOrder = StampOrder(latest: latest, orderedFrom: try r.u64())
        let slots = try r.plainArray(UInt64.self)
        let ids = try r.plainArray(EventID.self)
        let values = try r.plainArray(Int32.self)
        let customs = try r.count()
        var custom: [String: Exercise] = [:]
        custom.reserveCapacity(customs)
        for _ in 0..<customs {
            let exercise = try r.exercise()
            custom[exercise.id] = exercise
        }
        state.customExercises = custom
        state.retiredExercises = Set(try r.array { (r: inout R) throws(SnapshotError) in try r.string() })
        let keys = try r.count()
        var names: [String: [String]] = [:]
        names.reserveCapacity(keys)
        for _ in 0..<keys {
            let key = try r.string()
            names[key] = try r.array { (r: inout R) throws(SnapshotError) in try r.string() }
        }
        state.nameIndex = names
        state.sets = try r.setLedger()
        guard ids.count == state.eventCount,
              let index = EventIDTable(slots: slots, ids: ids, values: values,
                                       valuesIn: -1...Int32(truncatingIfNeeded: state.sets.rows.count - 1))
        else { throw SnapshotError("snapshot id table does not fit its \(state.eventCount) events") }
        state.eventIndex = index
        let workoutCount = try r.count()
        var workouts: [EventID: WorkoutRecord] = [:]
        workouts.reserveCapacity(workoutCount)
        var lists = WorkoutLists.Read()
        for _ in 0..<workoutCount {
            let record = try r.workout(lists: &lists)
            let id = record.id
            workouts[id] = consume record
        }
        state.workouts = workouts
        let entries = try r.count()
        var bodyweights: [EventID: BodyweightEntry] = [:]
        bodyweights.reserveCapacity(entries)
        for _ in 0..<entries {
            let entry = try r.bodyweight()
            let id = entry.id
            bodyweights[id] = consume entry
        }
        state.bodyweights = bodyweights
        state.goal = try r.optional { (r: inout R) throws(SnapshotError) in try r.mass() }
        state.profile = try r.profile()
        state.settings = try r.settings()
        state.kept = try KeptEvents.read(from: &r)
        let items = try r.count()
        for _ in 0..<items {
            let item = try r.equipmentItem()
            state.equipment[item.id] = item
        }
        let routineCount = try r.count()
        for _ in 0..<routineCount {
            let record = try r.routine()
            state.routines[record.routine.id] = record
        }
        var stamps: [String: SetChange.Stamp] = [:]
        for _ in 0..<(try r.count()) {
            let key = try r.string()
            stamps[key] = SetChange.Stamp(recorded: try r.i64(), id: try r.id())
        }
        state.latest = LatestChanges(stamps: stamps)
        let known = state
        state.recordsCache = try r.recordsCache(ledger: known.sets) { known.exercise($0) }
        return state
    }
}
