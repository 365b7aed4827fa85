import Synchronization
import WlogStore

/// One joined channel with `postgres_changes` bindings, as its lifter's feed sees it: the
/// changes it matches go to its connection's outbox.
final class RealtimeSubscription: Sendable {
    let lifter: LifterID
    let topic: String
    let bindings: [RealtimeBinding]
    let outbox: RealtimeOutbox
    /// The changes met before the join reply went out (nil once it has): a change must not
    /// reach the client before the reply that gives its binding ids.
    private let held = Mutex<[RealtimeOutbox.Item]?>([])

    init(lifter: LifterID, topic: String, bindings: [RealtimeBinding], outbox: RealtimeOutbox) {
        self.lifter = lifter
        self.topic = topic
        self.bindings = bindings
        self.outbox = outbox
    }

    /// The tables its bindings name, by `schema.name`.
    var tables: [String: RealtimeTable] {
        Dictionary(bindings.map { ("\($0.table.schema).\($0.table.name)", $0.table) }, uniquingKeysWith: { a, _ in a })
    }

    /// Queues `prelude` (the join reply and `system`), then the changes held until now; changes
    /// go straight to the outbox from now on.
    func open(with prelude: [String]) {
        held.withLock { held in
            for text in prelude { outbox.push(.text(text)) }
            for item in held ?? [] { outbox.push(item) }
            held = nil
        }
    }

    /// Queues the changes any binding matches, each with the ids of the bindings it matches.
    func deliver(_ changes: [RealtimeChange]) {
        for change in changes {
            let candidates = bindings.filter { $0.table.schema == change.table.schema && $0.table.name == change.table.name }
            guard !candidates.isEmpty else { continue }
            // The row is parsed only when a filter must read it.
            let row = candidates.contains { $0.equals != nil } ? change.filterRow : nil
            let ids = candidates.filter { $0.matches(change.kind, table: change.table, row: row) }.map(\.id)
            guard !ids.isEmpty else { continue }
            let item = RealtimeOutbox.Item.change(topic: topic, ids: ids, data: change.data)
            let sent = held.withLock { held -> Bool in
                guard held != nil else { return false }
                held?.append(item)
                return true
            }
            if !sent { outbox.push(item) }
        }
    }
}
