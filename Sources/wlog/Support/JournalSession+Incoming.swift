import WlogCore
import WlogJournal

extension JournalSession {
    /// Sorts events taken in from outside (`append events`, `import`) by docs/SYNC.md's rule
    /// (`IncomingEvents`) against the journal `state` was replayed from: the lines of the ids
    /// `state` holds are read back in one pass of the journal, and only when there are such ids.
    func sortIncoming(_ events: [Event], state: WlogState, name: (Int) -> String) throws -> IncomingEvents {
        let wanted = Set(events.lazy.map(\.id).filter { state.contains(eventID: $0) })
        var held: [EventID: Event] = [:]
        if !wanted.isEmpty {
            do {
                _ = try openReader().forEachLine(after: 0) { seq, line in
                    guard let id = EventCodec.id(ofLine: line), wanted.contains(id) else { return }
                    do {
                        held[id] = try EventCodec.decode(line)
                    } catch {
                        throw unreadable(seq, error)
                    }
                }
            } catch let error as JournalError {
                throw WlogError(journal: error)
            }
        }
        return IncomingEvents(events, held: { held[$0] }, name: name)
    }

}
