/// The events of every type whose description folds them `.kept`, as they were applied.
///
/// `apply` keeps such an event whole instead of folding it into tables of the state; the
/// projections that read the type fold its events when asked (`ofType(_:)`), and the snapshot
/// stores them as their canonical lines. A new event type starts here, so it needs no table, no
/// snapshot section and no case in `apply` of its own (docs/ARCHITECTURE.md, "Add an event type").
struct KeptEvents: Sendable, Hashable {
    /// Each kept type's events in the order `apply` saw them.
    private var byType: [EventType: [Event]] = [:]

    /// Keeps one more event.
    mutating func keep(_ event: Event) {
        assert(event.type.described.fold == .kept, "\(event.type.rawValue) is folded into the state, not kept")
        byType[event.type, default: []].append(event)
    }

    /// The kept events of one type, in the order they were applied.
    func ofType(_ type: EventType) -> [Event] { byType[type] ?? [] }

    /// Every kept event, type by type in snapshot-code order, each type's in the order applied.
    var events: [Event] {
        byType.keys.sorted { $0.snapshotCode < $1.snapshotCode }.flatMap { byType[$0] ?? [] }
    }
}

extension SnapshotWriter {
    /// The kept events as canonical lines.
    mutating func kept(_ kept: KeptEvents) {
        array(kept.events) { $0.rawString(EventCodec.encodeString($1)) }
    }
}

extension SnapshotReader {
    /// The kept events `SnapshotWriter.kept` wrote.
    mutating func kept() throws(SnapshotError) -> KeptEvents {
        var kept = KeptEvents()
        for _ in 0..<(try count()) {
            let line = try rawString()
            do {
                kept.keep(try EventCodec.decode(line))
            } catch {
                throw SnapshotError("kept event does not read: \(error)")
            }
        }
        return kept
    }
}
