/// The events of every type whose description folds them `.kept`, as they were applied.
///
/// `apply` keeps such an event whole instead of folding it into tables of the state; the
/// projections that read the type fold its events when asked (`ofType(_:)`), and the snapshot
/// stores them as their canonical lines. A new event type starts here, so it needs no table, no
/// snapshot section and no case in `apply` of its own (docs/ARCHITECTURE.md, "Add an event type").
///
/// Lines read from a snapshot stay lines until a projection asks for their type: a read that
/// never looks at readiness check-ins does not decode them.
struct KeptEvents: Sendable, Equatable {
    /// Each kept type's lines from the snapshot, in the order they were applied.
    private var lines: [EventType: [String]] = [:]
    /// Each kept type's events applied since (after its lines).
    private var applied: [EventType: [Event]] = [:]

    /// Keeps one more event.
    mutating func keep(_ event: Event) {
        assert(event.type.described.fold == .kept, "\(event.type.rawValue) is folded into the state, not kept")
        applied[event.type, default: []].append(event)
    }

    /// The kept events of one type, in the order they were applied.
    func ofType(_ type: EventType) -> [Event] {
        var events: [Event] = []
        for line in lines[type] ?? [] {
            // The snapshot's lines are the encoder's own, under its checksum: each decodes.
            if let event = try? EventCodec.decode(line) { events.append(event) } else { assertionFailure("kept line \(line)") }
        }
        return events + (applied[type] ?? [])
    }

    /// The kept types, in snapshot-code order.
    private var types: [EventType] {
        Set(lines.keys).union(applied.keys).sorted { $0.snapshotCode < $1.snapshotCode }
    }

    /// Every kept event, type by type in snapshot-code order, each type's in the order applied.
    var events: [Event] { types.flatMap(ofType) }

    static func == (a: KeptEvents, b: KeptEvents) -> Bool { a.events == b.events }

    /// Writes the kept events as canonical lines without their `\n`, type by type (`SnapshotReader.kept` reads them).
    func write(into w: inout SnapshotWriter) {
        let types = types
        w.u64(UInt64(types.count))
        for type in types {
            w.u8(type.snapshotCode)
            w.array((lines[type] ?? []) + (applied[type] ?? []).map { String(EventCodec.encodeString($0).dropLast()) }) { $0.rawString($1) }
        }
    }

    /// Reads what `write(into:)` wrote, keeping the lines as they are.
    static func read(from r: inout SnapshotReader) throws(SnapshotError) -> KeptEvents {
        var kept = KeptEvents()
        for _ in 0..<(try r.count()) {
            let code = try r.u8()
            guard let type = EventType(snapshotCode: code), type.described.fold == .kept else {
                throw SnapshotError("kept events of snapshot code \(code), not a kept type")
            }
            kept.lines[type] = try r.array { (r: inout SnapshotReader) throws(SnapshotError) in try r.rawString() }
        }
        return kept
    }
}
