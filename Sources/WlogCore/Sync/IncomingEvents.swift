/// Events taken in from outside — `wlog append events`, an import, a sync push — sorted by the
/// rule of docs/SYNC.md: **an id match is a duplicate only when the events are the same**.
///
/// - An event whose id neither the journal nor an earlier event of the batch holds is *fresh*.
/// - One whose id is held by the same event (`sameEvent`) is a *duplicate*: skipped, reported.
/// - One whose id is held by a *different* event is a *collision*: never skipped, never merged;
///   the caller refuses the batch (exit 65, nothing appended) or, salvaging, keeps it aside.
///   A collision is named by its position (`name`), its id in full and what holds the id.
///
/// The journal's side is asked through `held`, the event the journal holds under an id (nil when
/// none): the CLI reads the journal's lines for the ids its state knows, a store its own rows.
public struct IncomingEvents {
    /// Positions (0-based) of the events to append, in input order.
    public private(set) var fresh: [Int] = []
    /// Positions of the events already in the journal or earlier in the batch, the same there.
    public private(set) var duplicates: [Int] = []
    /// Positions of the events whose id is held by another event, with the refusal naming each.
    public private(set) var collisions: [(index: Int, refusal: Refusal)] = []

    /// Sorts `events` against what the journal holds (`held`); `name` names an event by its
    /// position in the refusals (`line 3 of f.jsonl`; default `event 3`).
    public init(_ events: [Event], held: (EventID) -> Event?, name: (Int) -> String = { "event \($0 + 1)" }) {
        var inBatch: [EventID: Int] = [:]
        for (index, event) in events.enumerated() {
            if let earlier = inBatch[event.id] {
                if Self.sameEvent(event, events[earlier]) {
                    duplicates.append(index)
                } else {
                    collisions.append((index, Self.collision(event, name: name(index), holder: "\(name(earlier)) of this batch")))
                }
                continue
            }
            inBatch[event.id] = index
            if let journal = held(event.id) {
                if Self.sameEvent(event, journal) {
                    duplicates.append(index)
                } else {
                    let holder = "the journal's event \(journal.seq) (\(journal.type.rawValue))"
                    collisions.append((index, Self.collision(event, name: name(index), holder: holder)))
                }
                continue
            }
            fresh.append(index)
        }
    }

    /// Whether two events with one id are the same event: their canonical lines are equal but for
    /// `seq` (each journal numbers its own) and `recorded` (a retried append or a re-import takes
    /// the same fact in later; the journal keeps the first).
    public static func sameEvent(_ a: Event, _ b: Event) -> Bool {
        EventCodec.encodePending(comparable(a)) == EventCodec.encodePending(comparable(b))
    }

    private static func comparable(_ event: Event) -> Event {
        var event = event
        event.envelope.seq = 0
        event.envelope.recorded = event.envelope.occurred.instant
        return event
    }

    private static func collision(_ event: Event, name: String, holder: String) -> Refusal {
        Refusal(field: "\(name) (\(event.type.rawValue))", value: "id \(event.id.hex)",
                problem: "collides with \(holder), which has other content",
                allowed: "an id names one event, so this is no duplicate and is not skipped (docs/SYNC.md)")
    }
}
